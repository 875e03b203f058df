import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyAction, checkAction } from "../apply-action";
import { cloneState } from "../clone";
import { playersToAct } from "../legal-actions";
import { shuffleInPlace } from "../rng";
import { newGame } from "../setup";
import { mixedDecks } from "../test-fixtures";
import type { Action, CardDef, GameState, Player } from "../types";
import { playerView, type PlayerView } from "../view";
import { getAgent } from "./index";
import { determinize } from "./determinize";
import { runBatch, wilson } from "../sim/simulate";

const DECKS = mixedDecks();

/** Positions from a heuristic game: every decision point. */
function positions(seed: number): GameState[] {
  let s = newGame({ decks: DECKS, seed });
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
  const o = (1 - viewer) as Player;
  const po = t.players[o];
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

describe("agents", () => {
  it("random, heuristic and search always choose legal actions", () => {
    for (const name of ["random", "heuristic", "search"]) {
      const agent = getAgent(name);
      for (const s of positions(11).slice(0, name === "search" ? 12 : 80)) {
        const p = playersToAct(s)[0];
        const a = agent.chooseAction(playerView(s, p), { seed: 3, iterations: 20 });
        expect(checkAction(s, a), `${name} ${JSON.stringify(a)}`).toBeNull();
      }
    }
  });

  it("the search agent reads only the view: states with the same view get the same decision", () => {
    for (const s of positions(5).slice(0, 10)) {
      const p = playersToAct(s)[0];
      const t = resampleHidden(s, p, 99);
      const v1 = JSON.parse(JSON.stringify(playerView(s, p))) as PlayerView;
      const v2 = JSON.parse(JSON.stringify(playerView(t, p))) as PlayerView;
      expect(v2).toEqual(v1);
      const a1 = getAgent("search").chooseAction(v1, { seed: 1, iterations: 30 });
      const a2 = getAgent("search").chooseAction(v2, { seed: 1, iterations: 30 });
      expect(a2).toEqual(a1);
    }
  });

  it("determinization is consistent with the view", () => {
    for (const s of positions(8)) {
      const p = playersToAct(s)[0];
      if (s.pending !== null) continue;
      const v = playerView(s, p);
      const d = determinize(v, { rng: 7 });
      const dv = playerView(d, p);
      expect({ ...dv, deckLists: null }).toEqual({ ...v, deckLists: null });
      const count = (g: GameState, q: Player) => g.owner.filter((o) => o === q).length;
      expect(count(d, 0)).toBe(count(s, 0));
      expect(count(d, 1)).toBe(count(s, 1));
    }
  });

  it("the simulator plays mirrored deals and reports a Wilson interval", () => {
    const r = runBatch({ decks: DECKS, agents: ["heuristic", "random"], games: 40, seed: 3 });
    expect(r.games).toBe(40);
    expect(r.wins[0] + r.wins[1] + r.draws).toBe(40);
    expect(r.records.filter((g) => g.lead === 0).length).toBe(20);
    expect(runBatch({ decks: DECKS, agents: ["heuristic", "random"], games: 40, seed: 3 }).checksum).toBe(r.checksum);
    const [lo, hi] = wilson(70, 100);
    expect(lo).toBeCloseTo(0.604, 2);
    expect(hi).toBeCloseTo(0.781, 2);
  });

  it("an agent's action is accepted by applyAction", () => {
    const s = positions(2)[0];
    const a: Action = getAgent("heuristic").chooseAction(playerView(s, 0), { seed: 0 });
    expect(applyAction(s, a).ok).toBe(true);
  });
});

describe("agents and the effect language v2 (the demo set's DEMO 67–80)", () => {
  const demo = JSON.parse(readFileSync(path.resolve(__dirname, "../../../data/demo-set.json"), "utf8")) as { cards: (CardDef & { number: number })[] };
  const v2 = demo.cards.filter((c) => c.number >= 67);
  const deck = (offset: number): CardDef[] => Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? v2[(i / 2 + offset) % v2.length] : demo.cards[(i * 7 + offset) % 66]));

  it("every agent plays whole games with the new kinds (conditions, picks, score-step rings, emeralds, ties) legally", () => {
    expect(v2.length).toBeGreaterThanOrEqual(12);
    for (const agents of [["heuristic", "random"], ["random", "heuristic"], ["heuristic", "heuristic"]] as [string, string][]) {
      const r = runBatch({ decks: [deck(0), deck(5)], agents, games: 40, seed: 11 });
      expect(r.games).toBe(40);
    }
    const s = runBatch({ decks: [deck(0), deck(5)], agents: ["search", "heuristic"], games: 2, seed: 3, iterations: 30 });
    expect(s.games).toBe(2);
  }, 120_000);

  it("answers a required pick of the opponent's effect by giving up its own lowest card", () => {
    const h = getAgent("heuristic");
    let s = newGame({ decks: [deck(0), deck(5)], seed: 4 });
    // Find a position where a required target decision is pending, by playing heuristic games.
    for (let seed = 1; seed < 200; seed++) {
      s = newGame({ decks: [deck(seed % 14), deck((seed * 3) % 14)], seed });
      while (s.winner === null && !(s.pending?.kind === "target" && s.pending.required)) {
        const p = playersToAct(s)[0];
        const r = applyAction(s, h.chooseAction(playerView(s, p), { seed }));
        if (!r.ok) throw new Error(r.error.reason);
        s = r.state;
      }
      if (s.pending?.kind === "target" && s.pending.required) break;
    }
    const pd = s.pending;
    expect(pd?.kind === "target" && pd.required).toBe(true);
    if (pd?.kind !== "target") return;
    const v = playerView(s, pd.player);
    const a = h.chooseAction(v, { seed: 1 });
    expect(a.type).toBe("choose");
    const ringsOf = (r: { player: Player; row: "chaos" | "spare"; column: number }) => {
      const x = (r.row === "chaos" ? v.players[r.player].chaos : v.players[r.player].spare)[r.column - 1];
      return x?.rings ?? 0;
    };
    const own = pd.options.filter((o) => o.player === pd.player);
    if (own.length === pd.options.length && a.type === "choose" && a.slot) expect(ringsOf(a.slot)).toBe(Math.min(...own.map(ringsOf)));
  });
});
