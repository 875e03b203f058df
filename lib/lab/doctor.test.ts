import { describe, expect, it } from "vitest";
import { VANILLA } from "@/lib/engine/test-fixtures";
import type { CardDef } from "@/lib/engine";
import { rankStandIns, runDoctor, standInGames, swapIsLegal, type DoctorCard } from "./doctor";

const card = (def: CardDef, key: string): DoctorCard => ({ key, title: def.title, def });
const dud: CardDef = { title: "Dud", colors: ["gray"], rings: 3, traits: [], effect: { trigger: "flip", optional: false, actions: [{ type: "discard", target: { owner: "you", row: "any", position: "any", face: "up", count: "all" } }] } } as CardDef;
const star: CardDef = { title: "Star", colors: ["blue"], rings: 9, traits: ["Animal"], effect: null };
const pool = VANILLA.filter((c) => c.title !== "Froggy");
// a deck of solid cards (4+ printed rings) with a planted harmful one
const solid = VANILLA.filter((c) => c.rings >= 4);

function plantedDeck(): DoctorCard[] {
  const deck: DoctorCard[] = [];
  for (let copy = 0; copy < 4; copy++) solid.forEach((c, i) => deck.length < 27 && deck.push(card(c, `S-${i}`)));
  for (let i = 0; i < 3; i++) deck.push(card(dud, "DUD-1"));
  return deck;
}

describe("deck doctor", () => {
  it("finds the planted improvement: the weak card goes out", () => {
    const deck = plantedDeck();
    expect(deck).toHaveLength(30);
    const opponents = [[...pool, ...pool].slice(0, 30)];
    const report = runDoctor({
      deck,
      candidates: [card(star, "STAR-1"), ...pool.map((c, i) => card(c, `V-${i}`)), card(dud, "DUD-1")],
      opponents,
      agents: ["heuristic", "heuristic"],
      seed: 11,
      cuts: 2,
      adds: 4,
      firstRound: 48,
    });
    expect(report.proposals.length).toBeGreaterThan(0);
    expect(report.proposals.length).toBeLessThanOrEqual(5);
    // the planted card (it discards its own side's face-up cards) is proposed for a swap, with a clearly positive gain
    const planted = report.proposals.find((p) => p.out.title === "Dud");
    expect(planted).toBeDefined();
    expect(planted!.interval[0]).toBeGreaterThan(0);
    expect(report.proposals.every((p, i) => i === 0 || p.gain <= report.proposals[i - 1].gain)).toBe(true);
    // every proposal is a legal deck
    for (const p of report.proposals) expect(swapIsLegal(deck, p)).toBe(true);
    // deterministic: same input, same report
    expect(runDoctor({ deck, candidates: [card(star, "STAR-1")], opponents, agents: ["random", "random"], seed: 3, cuts: 1, adds: 1, firstRound: 8 })).toEqual(
      runDoctor({ deck, candidates: [card(star, "STAR-1")], opponents, agents: ["random", "random"], seed: 3, cuts: 1, adds: 1, firstRound: 8 }),
    );
  });

  it("never proposes an illegal deck", () => {
    const deck = plantedDeck();
    // a sixth copy of a title is illegal; so is a swap that would leave it at 6
    const full: DoctorCard[] = [...deck.slice(0, 25), ...Array.from({ length: 5 }, () => card(star, "STAR-1"))];
    expect(swapIsLegal(full, { out: { key: full[0].key, title: full[0].title }, into: { key: "STAR-2", title: "Star" }, at: 0 })).toBe(false);
    expect(swapIsLegal(full, { out: { key: "STAR-1", title: "Star" }, into: { key: "STAR-2", title: "Star" }, at: 29 })).toBe(true);
  });

  it("ranks owned stand-ins for a missing card by the doctor's measure (paired games), worst dropped", () => {
    // the deck asks for 3 Stars; the collection offers a harmful card, a weak one and a strong one
    const deck = [...plantedDeck().slice(0, 27), ...Array.from({ length: 3 }, () => card(star, "STAR-1"))];
    const weakest = [...VANILLA].sort((a, b) => a.rings - b.rings)[0];
    const strong: CardDef = { ...star, title: "Comet" };
    const options = [card(dud, "DUD-1"), card(weakest, "WEAK-1"), card(strong, "COMET-1")];
    const opponents = [[...pool, ...pool].slice(0, 30)];
    const input = { deck, lines: [{ missing: "STAR-1", options }, { missing: "NOT-IN-DECK", options }], opponents, agents: ["heuristic", "heuristic"] as ["heuristic", "heuristic"], seed: 5, keep: 2, firstRound: 64 };
    const report = rankStandIns(input);
    const ranked = report.lines[0].ranked;
    expect(ranked.map((r) => r.key)).toEqual(["COMET-1", "WEAK-1"]);
    // the same card as the missing one loses nothing; the harmful one was raced out
    expect(ranked[0].gain).toBeGreaterThan(ranked[1].gain);
    expect(ranked[0].interval[0]).toBeLessThanOrEqual(0);
    expect(ranked[0].interval[1]).toBeGreaterThanOrEqual(0);
    // a line whose card is not in the deck is reported with no ranking
    expect(report.lines[1]).toEqual({ missing: "NOT-IN-DECK", ranked: [] });
    expect(report.games).toBeLessThanOrEqual(standInGames([{ options }], 64, 2));
    expect(rankStandIns(input)).toEqual(report);
  });
});
