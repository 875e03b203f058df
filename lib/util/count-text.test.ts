import { describe, expect, it } from "vitest";
import { countText } from "./count-text";

describe("countText", () => {
  it("writes whole numbers as toLocaleString('en') does", () => {
    for (const n of [0, 1, 7, 12, 999, 1000, 1001, 12345, 999999, 1000000, 1234567890, -1, -1234, -1000000, Number.MAX_SAFE_INTEGER]) expect(countText(n)).toBe(n.toLocaleString("en"));
  });

  it("leaves fractions and non-finite values to toLocaleString", () => {
    for (const n of [1.5, 1234.5678, NaN, Infinity]) expect(countText(n)).toBe(n.toLocaleString("en"));
  });
});
