import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { headingId, parseRulesDoc, ruleAnchor, ruleRefParts } from "./sections";

describe("rules page source", () => {
  it("numbered headings get anchors from their numbers, others a slug", () => {
    expect(headingId("4.2 Rush step")).toBe("s4-2");
    expect(headingId("1. Your deck")).toBe("s1");
    expect(headingId("How to play")).toBe("how-to-play");
    expect(ruleAnchor("4.3")).toBe("s4-3");
  });

  it("docs/rules.md has a section for every rule reference the engine makes, and its diagrams", () => {
    const blocks = parseRulesDoc(readFileSync(path.join(process.cwd(), "docs/rules.md"), "utf8"));
    const ids = new Set(blocks.flatMap((b) => (b.kind === "heading" ? [b.id] : [])));
    for (const s of ["s1", "s2", "s3", "s4", "s4-1", "s4-2", "s4-3", "s4-4", "s4-5", "s5", "s6", "s7", "s8"]) expect(ids, s).toContain(s);
    expect(blocks.filter((b) => b.kind === "diagram").map((b) => b.kind === "diagram" && b.name)).toEqual(["field", "play", "column-rule", "battle", "recharge"]);
    // the engine's own notes and the developers' introduction stay off the players' page
    expect(blocks[0]).toEqual({ kind: "heading", level: 2, id: "how-to-play", text: "How to play" });
    expect(blocks.some((b) => b.kind === "markdown" && b.text.includes("instance ids"))).toBe(false);
  });

  it("cuts a fence-less document and refuses one without the end marker", () => {
    expect(parseRulesDoc("# A\n\ntext\n\n```diagram field\nx\n```\n\n```\ncode\n```\n<!-- rules-page:end -->\nrest")).toEqual([
      { kind: "heading", level: 1, id: "a", text: "A" },
      { kind: "markdown", text: "text" },
      { kind: "diagram", name: "field", fallback: "x" },
      { kind: "markdown", text: "```\ncode\n```" },
    ]);
    expect(() => parseRulesDoc("# A")).toThrow(/marker/);
    expect(parseRulesDoc("# For developers\n<!-- rules-page:start -->\n## 1. Deck\n<!-- rules-page:end -->")).toEqual([{ kind: "heading", level: 2, id: "s1", text: "1. Deck" }]);
  });

  it("turns every rule reference of a message into a link part", () => {
    expect(ruleRefParts("Choose a color (RULES.md §4.3 step 1 active color, §6).")).toEqual([
      { kind: "text", text: "Choose a color (rules " },
      { kind: "ref", section: "4.3", text: "§4.3" },
      { kind: "text", text: " step 1 active color, " },
      { kind: "ref", section: "6", text: "§6" },
      { kind: "text", text: ")." },
    ]);
    expect(ruleRefParts("place all of them (RULES.md §4.1, docs/rules.md)")).toEqual([
      { kind: "text", text: "place all of them (rules " },
      { kind: "ref", section: "4.1", text: "§4.1" },
      { kind: "text", text: ", rules page)" },
    ]);
    expect(ruleRefParts("no reference")).toEqual([{ kind: "text", text: "no reference" }]);
  });
});
