import { describe, expect, it } from "vitest";
import { fieldStateFrom, printingVerified } from "./fields";
import { MIN_CONTRIBUTORS, pullRates, wilsonInterval } from "./pull-rates";
import { disputedValue } from "./schemas";

const confirm = (userId: string) => ({ userId, kind: "confirm" as const, open: true });

describe("verification rules", () => {
  it("the proposer's own confirmation never counts", () => {
    expect(fieldStateFrom("p", [confirm("p"), confirm("a")], false)).toBe("proposed");
  });
  it("two confirmations by people other than the proposer verify a field; one does not", () => {
    expect(fieldStateFrom("p", [confirm("a")], false)).toBe("proposed");
    expect(fieldStateFrom("p", [confirm("a"), confirm("a")], false)).toBe("proposed");
    expect(fieldStateFrom("p", [confirm("a"), confirm("b")], false)).toBe("verified");
  });
  it("an open dispute holds a field until settled; an admin's verification stands", () => {
    expect(fieldStateFrom("p", [confirm("a"), confirm("b"), { userId: "c", kind: "dispute", open: true }], false)).toBe("disputed");
    expect(fieldStateFrom("p", [{ userId: "c", kind: "dispute", open: false }], true)).toBe("verified");
  });
  it("a printing is verified only when every field is", () => {
    expect(printingVerified(["verified", "verified"])).toBe(true);
    expect(printingVerified(["verified", "proposed"])).toBe(false);
    expect(printingVerified([])).toBe(false);
  });
});

describe("pull rates", () => {
  it("Wilson 95% interval of 10 in 20 is about 0.30–0.70, and bounded in [0, 1]", () => {
    const w = wilsonInterval(10, 20);
    expect(w.low).toBeCloseTo(0.299, 2);
    expect(w.high).toBeCloseTo(0.701, 2);
    expect(wilsonInterval(0, 5).low).toBe(0);
    expect(wilsonInterval(5, 5).high).toBe(1);
  });
  it("shows no figure below the minimum of contributors, however many packs", () => {
    const packs = Array.from({ length: 200 }, (_, i) => ({ userId: `u${i % (MIN_CONTRIBUTORS - 1)}`, cards: [{ rarity: "rare", quantity: 1 }] }));
    expect(pullRates(packs)).toEqual({ contributors: MIN_CONTRIBUTORS - 1, packs: null });
  });
  it("counts cards per pack and the share of packs with each rarity", () => {
    const packs = Array.from({ length: 10 }, (_, i) => ({ userId: `u${i % 5}`, cards: [{ rarity: "common", quantity: 4 }, ...(i < 3 ? [{ rarity: "rare", quantity: 1 }] : [])] }));
    const r = pullRates(packs);
    if (r.packs === null) throw new Error("hidden");
    expect(r).toMatchObject({ contributors: 5, packs: 10, cardsPerPack: 4.3 });
    expect(r.figures.find((f) => f.rarity === "rare")).toMatchObject({ packsWith: 3, rate: 0.3, perPack: 0.3 });
  });
});

describe("disputed values", () => {
  it("reads each field in its own type", () => {
    expect(disputedValue("rings", "12")).toEqual({ ok: true, value: 12 });
    expect(disputedValue("rings", "twelve").ok).toBe(false);
    expect(disputedValue("colors", "Blue, red")).toEqual({ ok: true, value: ["blue", "red"] });
    expect(disputedValue("effect", "{nope").ok).toBe(false);
  });
});
