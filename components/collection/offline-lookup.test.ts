import { describe, expect, it } from "vitest";
import { searchIndex, withQueued } from "@/components/collection/offline-lookup";
import type { LookupCardDTO } from "@/lib/collection/types";

const card = (set: string, number: number, title: string, owned = 0): LookupCardDTO => ({
  id: `${set}-${number}`,
  key: `${set}-${String(number).padStart(3, "0")}`,
  set,
  number,
  title,
  colors: ["blue"],
  rarity: "common",
  owned,
});

const index = [
  card("DEMO", 1, "Sonic the Hedgehog"),
  card("DEMO", 7, "Knuckles the Echidna", 2),
  card("DEMO", 17, "Chaos Emerald"),
  card("DEMO", 70, "Big the Cat"),
  card("PROMO", 7, "Metal Sonic"),
];

describe("searchIndex: booster lookup with no connection", () => {
  it("finds a number in every set, the exact number first", () => {
    expect(searchIndex(index, "7").map((c) => c.key)).toEqual(["DEMO-007", "PROMO-007"]);
    expect(searchIndex(index, "007").map((c) => c.key)).toEqual(["DEMO-007", "PROMO-007"]);
  });

  it("narrows a number to a set when the set is typed", () => {
    expect(searchIndex(index, "promo 7").map((c) => c.key)).toEqual(["PROMO-007"]);
    expect(searchIndex(index, "DEMO-7").map((c) => c.key)).toEqual(["DEMO-007"]);
  });

  it("finds title fragments, titles that start with the term first", () => {
    expect(searchIndex(index, "sonic").map((c) => c.title)).toEqual(["Sonic the Hedgehog", "Metal Sonic"]);
    expect(searchIndex(index, "  KNU ").map((c) => c.title)).toEqual(["Knuckles the Echidna"]);
  });

  it("answers nothing for an empty term or no match", () => {
    expect(searchIndex(index, "   ")).toEqual([]);
    expect(searchIndex(index, "tails")).toEqual([]);
  });

  it("gives at most 8 answers", () => {
    const many = Array.from({ length: 20 }, (_, i) => card("DEMO", 100 + i, `Egg Pawn ${i}`));
    expect(searchIndex(many, "egg")).toHaveLength(8);
  });
});

describe("withQueued", () => {
  it("counts the copies of packs waiting to sync as owned", () => {
    const after = withQueued(index, ["DEMO-7", "DEMO-7", "DEMO-1"]);
    expect(after.find((c) => c.id === "DEMO-7")?.owned).toBe(4);
    expect(after.find((c) => c.id === "DEMO-1")?.owned).toBe(1);
    expect(after.find((c) => c.id === "DEMO-17")?.owned).toBe(0);
  });
});
