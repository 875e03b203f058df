import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyAction, checkAction } from "./apply-action";
import { cloneState } from "./clone";
import { legalActions, playersToAct, randomLegalAction, placements } from "./legal-actions";
import { replay } from "./replay";
import { newGame } from "./setup";
import { v2Decks, VANILLA, cycleDeck } from "./test-fixtures";
import { legalActionsForView, playerView } from "./view";
import { nextInt, shuffleInPlace } from "./rng";
import type { Action, GameEvent, GameState, Player, SlotRef } from "./types";

const DECKS = v2Decks();

function cardsOf(s: GameState, p: Player): number[] {
  const pl = s.players[p];
  const ids = [...pl.deck, ...pl.hand, ...pl.discard];
  for (const x of [...pl.chaos, ...pl.spare]) if (x) ids.push(x.card);
  return ids.sort((a, b) => a - b);
}

/** Play a random game, calling `each` before every action; returns the actions taken. */
function playRandom(seed: number, each: (s: GameState, a: Action) => void, opts: { maxTurns?: number; columnRule?: "priority" | "no-mirror" } = {}) {
  let s = newGame({ decks: DECKS, seed, rules: { maxTurns: opts.maxTurns ?? 30, columnRule: opts.columnRule ?? "priority" } });
  const r = { rng: seed ^ 0x5eed };
  const actions: Action[] = [];
  const events: GameEvent[] = [];
  for (let guard = 0; guard < 5000 && s.winner === null; guard++) {
    const who = playersToAct(s);
    const p = who[nextInt(r, who.length)];
    const a = randomLegalAction(s, p, r) as Action;
    each(s, a);
    const res = applyAction(s, a);
    if (!res.ok) throw new Error(`legal action rejected: ${JSON.stringify(a)} ${res.error.reason}`);
    actions.push(a);
    events.push(...res.events);
    s = res.state;
  }
  return { state: s, actions, events, initial: newGame({ decks: DECKS, seed, rules: { maxTurns: opts.maxTurns ?? 30, columnRule: opts.columnRule ?? "priority" } }) };
}

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });
const RUNS = { numRuns: 60 };

describe("engine properties over random games", () => {
  it("the number of cards per player never changes", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const init = newGame({ decks: DECKS, seed });
        const counts = [cardsOf(init, 0), cardsOf(init, 1)];
        const { state } = playRandom(seed, (s) => {
          expect(cardsOf(s, 0)).toEqual(counts[0]);
          expect(cardsOf(s, 1)).toEqual(counts[1]);
        });
        expect(cardsOf(state, 0)).toEqual(counts[0]);
        expect(cardsOf(state, 1)).toEqual(counts[1]);
      }),
      RUNS,
    );
  }, 120_000);

  it("emeralds never go past 3 nor below 0, and go down only by an effect that loses them; games end within maxTurns", () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 1, max: 12 }), fc.constantFrom("priority" as const, "no-mirror" as const), (seed, maxTurns, columnRule) => {
        let prev: [number, number] = [0, 0];
        let drops = 0;
        const { state, events } = playRandom(
          seed,
          (s) => {
            // Effect language v2: an `emerald` effect (a cost, or "your opponent loses one") takes at most 2 at a time.
            drops += Math.max(0, prev[0] - s.emeralds[0]) + Math.max(0, prev[1] - s.emeralds[1]);
            expect(Math.min(...s.emeralds)).toBeGreaterThanOrEqual(0);
            expect(Math.max(...s.emeralds)).toBeLessThanOrEqual(3);
            expect(s.turn).toBeLessThanOrEqual(maxTurns);
            prev = [s.emeralds[0], s.emeralds[1]];
          },
          { maxTurns, columnRule },
        );
        expect(drops).toBeLessThanOrEqual(2 * events.filter((e) => e.type === "emerald" && e.message.includes(" loses ")).length);
        expect(state.winner).not.toBeNull();
        expect(state.turn).toBeLessThanOrEqual(maxTurns);
        expect(Math.max(...state.emeralds)).toBeLessThanOrEqual(3);
        if (state.winner === 0 || state.winner === 1) expect(state.emeralds[state.winner]).toBe(3);
      }),
      RUNS,
    );
  }, 120_000);

  it("every legal action applies, and legal actions from the view equal those from the state", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        playRandom(seed, (s) => {
          for (const p of [0, 1] as Player[]) {
            const la = s.step === "play" && s.pending === null ? [] : legalActions(s, p);
            for (const a of la) expect(applyAction(s, a).ok).toBe(true);
            if (s.step !== "play" || s.pending !== null) expect(legalActionsForView(playerView(s, p))).toEqual(la);
          }
          if (s.step === "play" && s.pending === null) {
            for (const p of [0, 1] as Player[]) {
              if (s.players[p].placed) continue;
              const all = placements(s.players[p].hand);
              for (let i = 0; i < all.length; i += 97) expect(applyAction(s, { type: "place", player: p, cards: all[i] }).ok).toBe(true);
            }
          }
        });
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it("every illegal action is rejected with a code and reason and leaves the state unchanged", () => {
    const randomAction = (r: { rng: number }, s: GameState): Action => {
      const p = nextInt(r, 2) as Player;
      const k = nextInt(r, 5);
      const ids = [...s.players[p].hand, nextInt(r, s.cards.length), 999];
      const slot: SlotRef = { player: nextInt(r, 2) as Player, row: nextInt(r, 2) ? "chaos" : "spare", column: nextInt(r, 7) };
      if (k === 0) return { type: "place", player: p, cards: [0, 1, 2, 3, 4].map(() => (nextInt(r, 6) ? ids[nextInt(r, ids.length)] : null)) };
      if (k === 1) return { type: "flip", player: p, column: nextInt(r, 7) };
      if (k === 2) return { type: "choose", player: p, color: (["blue", "red", "yellow", "gray", "pink"] as const)[nextInt(r, 5)] as never, slot, yes: !!nextInt(r, 2) };
      if (k === 3) return { type: "pass", player: p };
      return { type: "jump", player: p } as unknown as Action;
    };
    fc.assert(
      fc.property(seeds, (seed) => {
        const r = { rng: seed };
        playRandom(seed, (s) => {
          const before = JSON.stringify(s);
          for (let i = 0; i < 6; i++) {
            const a = randomAction(r, s);
            const res = applyAction(s, a);
            const legal =
              a.type === "place"
                ? checkAction(s, a) === null
                : legalActions(s, a.player).some((b) => JSON.stringify(b) === JSON.stringify({ ...b, ...a }) && b.type === a.type);
            if (!res.ok) {
              expect(res.error.code).toMatch(/^[a-z]+\/[a-z-]+$/);
              expect(res.error.reason.length).toBeGreaterThan(15);
              if (a.type !== "choose") expect(legal).toBe(false);
            } else if (a.type === "flip" || a.type === "pass") expect(legal).toBe(true);
            expect(JSON.stringify(s)).toBe(before);
          }
        });
      }),
      { numRuns: 20 },
    );
  }, 120_000);

  it("same seed and actions give the same state and log (replay)", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const g = playRandom(seed, () => {});
        const rp = replay({ decks: DECKS, seed, rules: { maxTurns: 30 } }, g.actions);
        expect(rp.ok).toBe(true);
        expect(rp.state).toEqual(g.state);
        expect(rp.events).toEqual(g.events);
      }),
      { numRuns: 30 },
    );
  });

  it("state survives a JSON round trip after every action", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        playRandom(seed, (s, a) => {
          const rt = JSON.parse(JSON.stringify(s)) as GameState;
          expect(rt).toEqual(s);
          const x = applyAction(s, a);
          const y = applyAction(rt, a);
          expect(y).toEqual(x);
          expect(JSON.parse(JSON.stringify(x.ok && x.state))).toEqual(x.ok && x.state);
        });
      }),
      { numRuns: 20 },
    );
  }, 120_000);

  it("a player view never contains the opponent's hand or face-down card identities", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const r = { rng: seed + 1 };
        playRandom(seed, (s) => {
          for (const viewer of [0, 1] as Player[]) {
            const o = (1 - viewer) as Player;
            const v = playerView(s, viewer);
            expect(v.players[o].hand).toBeNull();
            expect(JSON.stringify(v)).not.toMatch(/"rng"/);
            // Every hidden card: no id, no identity (cards the viewer looked at in a hand or deck are not hidden from it: rules/seen.ts).
            const known = new Set<number>([...s.seen[viewer].hand, ...s.seen[viewer].deck]);
            const hidden = new Set<number>([...s.players[o].hand, ...s.players[o].deck, ...s.players[viewer].deck].filter((id) => !known.has(id)));
            s.players[o].chaos.forEach((x) => x && !x.faceUp && !(x.peek & (1 << viewer)) && hidden.add(x.card));
            const ids: number[] = [];
            JSON.stringify(v, (k, val) => {
              if (k === "id") ids.push(val as number);
              return val;
            });
            for (const id of ids) expect(hidden.has(id)).toBe(false);
            // Indistinguishable: shuffling the hidden cards among hidden places and changing the PRNG does not change the view.
            const t = cloneState(s);
            const po = t.players[o];
            const slots = po.chaos.filter((x) => x && !x.faceUp && !(x.peek & (1 << viewer)));
            // Known cards stay in place; the hidden ones are shuffled among the hidden places.
            const handAt = po.hand.map((id, i) => (known.has(id) ? -1 : i)).filter((i) => i >= 0);
            const deckAt = po.deck.map((id, i) => (known.has(id) ? -1 : i)).filter((i) => i >= 0);
            const pool = [...handAt.map((i) => po.hand[i]), ...deckAt.map((i) => po.deck[i]), ...slots.map((x) => x!.card)];
            shuffleInPlace(r, pool);
            let k = 0;
            for (const i of handAt) po.hand[i] = pool[k++];
            for (const i of deckAt) po.deck[i] = pool[k++];
            slots.forEach((x) => (x!.card = pool[k++]));
            const md = t.players[viewer].deck;
            const myAt = md.map((id, i) => (known.has(id) ? -1 : i)).filter((i) => i >= 0);
            const mine = shuffleInPlace(r, myAt.map((i) => md[i]));
            myAt.forEach((i, j) => (md[i] = mine[j]));
            t.rng = (t.rng + 12345) | 0;
            expect(JSON.stringify(playerView(t, viewer))).toBe(JSON.stringify(v));
          }
        });
      }),
      { numRuns: 20 },
    );
  }, 120_000);

  it("vanilla games with short decks still end (reshuffles, short hands)", () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 1, max: 12 }), (seed, size) => {
        let s = newGame({ decks: [cycleDeck(VANILLA, size), cycleDeck(VANILLA, size, 5)], seed, rules: { maxTurns: 20 } });
        const r = { rng: seed };
        for (let i = 0; i < 3000 && s.winner === null; i++) {
          const p = playersToAct(s)[0];
          const res = applyAction(s, randomLegalAction(s, p, r) as Action);
          expect(res.ok).toBe(true);
          if (res.ok) s = res.state;
        }
        expect(s.winner).not.toBeNull();
      }),
      { numRuns: 40 },
    );
  });
});
