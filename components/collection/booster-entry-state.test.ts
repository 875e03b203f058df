import { describe, expect, it } from "vitest";
import type { LookupCardDTO } from "@/lib/collection/types";
import { MAX_PACK_CARDS } from "@/lib/collection/schemas";
import { boosterReducer, boosterView, initialBoosterState, missingCardHref, numberIn, optionsFor, type BoosterMsg, type BoosterState } from "./booster-entry-state";

const card = (n: number, title = `Card ${n}`, set = "DEMO"): LookupCardDTO => ({ id: `c${n}`, key: `${set}-${String(n).padStart(3, "0")}`, set, number: n, title, colors: ["blue"], rarity: "common", owned: 0 });

function run(...msgs: BoosterMsg[]): BoosterState {
  return msgs.reduce(boosterReducer, initialBoosterState);
}

describe("numberIn", () => {
  it("reads a bare number in the default set, and a set code with a number", () => {
    expect(numberIn("7", "DEMO")).toEqual({ set: "DEMO", number: 7 });
    expect(numberIn("#007", "DEMO")).toEqual({ set: "DEMO", number: 7 });
    expect(numberIn("demo-12", "X")).toEqual({ set: "DEMO", number: 12 });
    expect(numberIn("sx2 #5", "DEMO")).toEqual({ set: "SX2", number: 5 });
  });
  it("does not read a title or an over-long number as a card number", () => {
    expect(numberIn("knuck", "DEMO")).toBeNull();
    expect(numberIn("123456", "DEMO")).toBeNull();
    expect(numberIn("sonic the hedgehog", "DEMO")).toBeNull();
  });
});

describe("optionsFor", () => {
  it("lists the found cards and adds no link when the named number is among them", () => {
    const opts = optionsFor("7", [card(7), card(17)], "DEMO", false);
    expect(opts.map((o) => (o.kind === "card" ? o.card.key : o.label))).toEqual(["DEMO-007", "DEMO-017"]);
  });
  it("offers to suggest a number the catalog lacks, or to add it for admins", () => {
    const user = optionsFor("999", [], "DEMO", false);
    expect(user).toEqual([{ kind: "missing", href: "/census/new?set=DEMO&number=999", label: "DEMO-999 is not in the catalog: suggest it (opens a new tab)" }]);
    const admin = optionsFor("999", [card(99)], "DEMO", true);
    expect(admin[1]).toEqual({ kind: "missing", href: "/admin/cards/new?set=DEMO&number=999", label: "DEMO-999 is not in the catalog: add it (opens a new tab)" });
  });
  it("offers a title suggestion when nothing matches a title", () => {
    expect(optionsFor("zzz & co", [], "DEMO", false)).toEqual([
      { kind: "missing", href: "/census/new?title=zzz%20%26%20co", label: "No card matches “zzz & co”: suggest a card (opens a new tab)" },
    ]);
    expect(optionsFor("sonic", [card(1, "Sonic")], "DEMO", false)).toHaveLength(1);
  });
  it("builds hrefs with the set code escaped", () => {
    expect(missingCardHref({ set: "A&B", number: 3 }, false)).toBe("/census/new?set=A%26B&number=3");
  });
});

describe("boosterView", () => {
  it("shows no options until the lookup answers the term in the box", () => {
    const typed = run({ t: "type", value: " 7 " });
    expect(boosterView(typed, "DEMO", false)).toMatchObject({ trimmed: "7", ready: false, options: [], expanded: false });
    const answered = boosterReducer(typed, { t: "results", term: "7", cards: [card(7)] });
    const v = boosterView(answered, "DEMO", false);
    expect(v.ready).toBe(true);
    expect(v.expanded).toBe(true);
    expect(v.options).toHaveLength(1);
    expect(v.missing).toBeNull();
    // an answer to an older term does not show
    const stale = boosterReducer(answered, { t: "type", value: "8" });
    expect(boosterView(stale, "DEMO", false).options).toEqual([]);
  });
  it("names the missing number when the answer found no card", () => {
    const s = run({ t: "type", value: "999" }, { t: "results", term: "999", cards: [] });
    expect(boosterView(s, "DEMO", false).missing).toEqual({ set: "DEMO", number: 999 });
    const title = run({ t: "type", value: "zz" }, { t: "results", term: "zz", cards: [] });
    expect(boosterView(title, "DEMO", false).missing).toBeNull();
  });
  it("keeps the active option inside the list", () => {
    const s = run({ t: "type", value: "s" }, { t: "results", term: "s", cards: [card(1), card(2)] }, { t: "hover", index: 5 });
    expect(boosterView(s, "DEMO", false).activeIndex).toBe(1);
  });
});

describe("boosterReducer", () => {
  const answered = run({ t: "type", value: "s" }, { t: "results", term: "s", cards: [card(1), card(2), card(3)] });

  it("opens the list on the first arrow down, then moves within it", () => {
    const closed = boosterReducer(answered, { t: "close" });
    const opened = boosterReducer(closed, { t: "move", by: 1, optionCount: 3 });
    expect(opened.open).toBe(true);
    expect(opened.active).toBe(0);
    const down = [1, 1, 1].reduce((s) => boosterReducer(s, { t: "move", by: 1, optionCount: 3 }), opened);
    expect(down.active).toBe(2);
    const up = [1, 1, 1, 1].reduce((s) => boosterReducer(s, { t: "move", by: -1, optionCount: 3 }), down);
    expect(up.active).toBe(0);
  });
  it("never moves to a negative option while the lookup has not answered", () => {
    const s = run({ t: "type", value: "x" }, { t: "move", by: 1, optionCount: 0 });
    expect(s.active).toBe(0);
  });
  it("typing opens the list and resets the active option", () => {
    const s = boosterReducer({ ...answered, open: false, active: 2 }, { t: "type", value: "so" });
    expect(s).toMatchObject({ term: "so", open: true, active: 0 });
  });
  it("Escape closes an open list first, then clears the box", () => {
    const once = boosterReducer(answered, { t: "escape" });
    expect(once).toMatchObject({ open: false, term: "s" });
    const twice = boosterReducer(once, { t: "escape" });
    expect(twice.term).toBe("");
    // with no answer yet there is no list to close: the first Escape clears
    expect(run({ t: "type", value: "q" }, { t: "escape" }).term).toBe("");
  });
  it("a lookup failure shows until the next answer", () => {
    const failed = boosterReducer(answered, { t: "lookup-failed", message: "Lookup failed (500)." });
    expect(failed.lookupError).toBe("Lookup failed (500).");
    expect(boosterReducer(failed, { t: "results", term: "s", cards: [] }).lookupError).toBe("");
  });
  it("refresh forgets the answer and asks again", () => {
    const s = boosterReducer(answered, { t: "refresh" });
    expect(s.results).toEqual({ term: "", cards: [] });
    expect(s.generation).toBe(answered.generation + 1);
  });
  it("announces what happened to the pack", () => {
    const added = boosterReducer(answered, { t: "added", card: card(1, "Sonic"), count: 3 });
    expect(added).toMatchObject({ term: "", open: false, active: 0, announcement: "Added Sonic (DEMO-001). 3 of 10." });
    expect(boosterReducer(added, { t: "removed", card: card(2, "Tails"), count: 2 }).announcement).toBe("Removed Tails (DEMO-002). 2 of 10.");
    expect(boosterReducer(added, { t: "pack-full" }).announcement).toBe(`A pack entry holds at most ${MAX_PACK_CARDS} cards.`);
    expect(boosterReducer(added, { t: "cleared" }).announcement).toBe("Cleared the pack.");
    expect(boosterReducer(added, { t: "saved" }).announcement).toBe("");
    const away = boosterReducer(answered, { t: "opened-elsewhere" });
    expect(away.results.term).toBe("");
    expect(away.announcement).toMatch(/^Opened in a new tab/);
  });
  it("open and close return the same state when nothing changes", () => {
    const open = run({ t: "open" });
    expect(boosterReducer(open, { t: "open" })).toBe(open);
    expect(boosterReducer(initialBoosterState, { t: "close" })).toBe(initialBoosterState);
  });
});
