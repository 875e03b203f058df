/**
 * The expert agent (ai/expert.ts): legal actions only, a function of the view
 * alone (two states with the same view get the same decision), deterministic
 * for a seed, and whole games with the v2 effects through the simulator.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyAction, checkAction } from "../apply-action";
import { cloneState } from "../clone";
import { playersToAct } from "../legal-actions";
import { shuffleInPlace } from "../rng";
import { newGame } from "../setup";
import { mixedDecks } from "../test-fixtures";
import type { CardDef, GameState, Player } from "../types";
import { playerView, type PlayerView } from "../view";
import { runDuel } from "../sim/duel";
import { getAgent } from "./index";

const DECKS = mixedDecks();
const expert = getAgent("expert");

function positions(seed: number, decks: [CardDef[], CardDef[]] = DECKS): GameState[] {
  let s = newGame({ decks, seed });
  const out: GameState[] = [];
  const h = getAgent("heuristic");
  while (s.winner === null) {
    out.push(s);
    const p = playersToAct(s)[0];
    const r = applyAction(s, h.chooseAction(playerView(s, p), { seed }));
    if (!r.ok) throw new Error(r.error.reason);
    s = r.state;
  }
  return out;
}

/** The same position with every card hidden from `viewer` redistributed, and another PRNG state. */
function resampleHidden(s: GameState, viewer: Player, seed: number): GameState {
  const t = cloneState(s);
  const po = t.players[(1 - viewer) as Player];
  const slots = po.chaos.filter((x) => x && !x.faceUp && !(x.peek & (1 << viewer)));
  const pool = [...po.hand, ...po.deck, ...slots.map((x) => x!.card)];
  const r = { rng: seed };
  shuffleInPlace(r, pool);
  po.hand = pool.slice(0, po.hand.length);
  po.deck = pool.slice(po.hand.length, po.hand.length + po.deck.length);
  slots.forEach((x, i) => (x!.card = pool[po.hand.length + po.deck.length + i]));
  shuffleInPlace(r, t.players[viewer].deck);
  t.rng = (t.rng ^ seed) | 0;
  return t;
}

describe("the expert agent", () => {
  it("chooses legal actions only, with and without a search", () => {
    for (const s of positions(11).slice(0, 20)) {
      const p = playersToAct(s)[0];
      const a = expert.chooseAction(playerView(s, p), { seed: 3, iterations: 40 });
      expect(checkAction(s, a), JSON.stringify(a)).toBeNull();
    }
  });

  it("reads only the view: states with the same view get the same decision, and a seed gives the same decision", () => {
    let differ = 0;
    let facedown = 0;
    for (const s of positions(5).slice(0, 12)) {
      const p = playersToAct(s)[0];
      // Positions where the opponent has face-down cards: the expert's belief about them (ai/belief.ts) is at work.
      if (s.players[1 - p].chaos.some((x) => x !== null && !x.faceUp)) facedown++;
      const t = resampleHidden(s, p, 99);
      const v1 = JSON.parse(JSON.stringify(playerView(s, p))) as PlayerView;
      const v2 = JSON.parse(JSON.stringify(playerView(t, p))) as PlayerView;
      expect(v2).toEqual(v1);
      if (JSON.stringify(t.players[1 - p]) !== JSON.stringify(s.players[1 - p])) differ++;
      const a1 = expert.chooseAction(v1, { seed: 1, iterations: 40 });
      expect(expert.chooseAction(v2, { seed: 1, iterations: 40 })).toEqual(a1);
      expect(expert.chooseAction(v1, { seed: 1, iterations: 40 })).toEqual(a1);
    }
    expect(differ).toBeGreaterThan(0);
    expect(facedown).toBeGreaterThan(2);
  });

  it("plays whole duels against search on v2 decks legally, deterministically, seats swapped", () => {
    const demo = JSON.parse(readFileSync(path.resolve(__dirname, "../../../data/demo-set.json"), "utf8")) as { cards: (CardDef & { number: number })[] };
    const v2 = demo.cards.filter((c) => c.number >= 67);
    const deck = Array.from({ length: 35 }, (_, i) => v2[i % v2.length]);
    const o = { decks: [deck, deck] as [CardDef[], CardDef[]], agents: ["expert", "search"] as [string, string], seed: 4, from: 0, to: 1, iterations: 12 };
    const r = runDuel(o);
    expect(r.games).toBe(2);
    expect(r.wins[0] + r.wins[1] + r.draws).toBe(2);
    expect(runDuel(o).checksum).toBe(r.checksum);
  }, 120_000);
});
