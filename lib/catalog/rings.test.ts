import { describe, expect, it } from "vitest";
import { ringsText } from "./rings";

describe("ringsText", () => {
  it("says 1 ring, and rings for every other count", () => {
    expect([0, 1, 2, 10].map(ringsText)).toEqual(["0 rings", "1 ring", "2 rings", "10 rings"]);
  });
});
