import { describe, expect, it } from "vitest";
import { parseJsonArrayInSlices } from "./json-slices";

const parse = (t: string) => parseJsonArrayInSlices(t, "cards", () => {});

describe("parseJsonArrayInSlices", () => {
  it("gives what JSON.parse gives for an array or an object's `cards` array, whatever the spacing, strings and nesting", async () => {
    const items = [{ a: 1, s: 'x "quoted" \\ back\\\\slash ] } , [ {', n: [1, [2, { b: null }]] }, "str\\\"", 3.5e2, true, null, [], {}];
    for (const doc of [
      JSON.stringify(items),
      JSON.stringify(items, null, 2),
      JSON.stringify({ meta: { v: [1, "]"] }, cards: items, tail: "x" }),
      JSON.stringify({ cards: items }, null, "\t"),
      ` \n[ ]\n `,
      `{"car\\u0064s": [1,2]}`,
      `{"cards": [1], "cards": [2]}`,
    ]) {
      const whole = JSON.parse(doc);
      expect(await parse(doc)).toEqual(Array.isArray(whole) ? whole : whole.cards);
    }
  });

  it("answers null for other shapes and for invalid JSON, so the caller parses it whole for the error", async () => {
    for (const doc of ["", "5", '"x"', '{"other": []}', '{"cards": 5}', "[1,]", "[1 2]", "[1]x", '[{"a": 1]', '{"cards": [1], "x": }', '["unterminated]', '{"cards": [1]'])
      expect(await parse(doc)).toBeNull();
  });

  it("pauses while it scans and parses a large file", async () => {
    const doc = JSON.stringify({ cards: Array.from({ length: 5000 }, (_, i) => ({ set: "S", number: i + 1, title: `Card ${i}`, text: "x".repeat(100) })) });
    let pauses = 0;
    const list = await parseJsonArrayInSlices(doc, "cards", () => void pauses++);
    expect(list).toHaveLength(5000);
    expect(pauses).toBeGreaterThan(5000);
  });
});
