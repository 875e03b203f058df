/**
 * Property tests over thousands of random games with effect cards and manual
 * corrections: card conservation after every action, and mirror symmetry —
 * swapping the players (and reversing the columns) of a position and of every
 * action gives the mirrored result.
 */
import { describe, expect, it } from "vitest";
import { applyAction } from "./apply-action";
import { cloneState } from "./clone";
import { firstToAct, playersToAct, randomLegalAction } from "./legal-actions";
import { checkConservation } from "./rules/board";
import { newGame } from "./setup";
import { v2Decks } from "./test-fixtures";
import { nextInt } from "./rng";
import type { Action, CardDef, CorrectionTargets, Frame, GameState, Pending, Player, Slot, SlotRef } from "./types";

/** A continuous protector of other cards (like Eggman's Base), so copy discards meet protection judged mid-event. */
const BASE: CardDef = {
  title: "Base",
  colors: ["gray"],
  rings: 2,
  traits: ["Place"],
  effect: { trigger: "continuous", optional: false, actions: [{ type: "protect", target: { owner: "you", row: "any", position: "any", face: "up", count: "all", colors: ["gray"] }, from: ["copy-discard"] }] },
};

/**
 * The fixture decks, with some vanilla cards given printed text (not
 * automated) so manual corrections happen, and a few protectors.
 */
function decks(): [CardDef[], CardDef[]] {
  const [a, b] = v2Decks();
  const text = (d: CardDef, i: number): CardDef =>
    i % 7 === 3 ? BASE : !d.effect && i % 3 === 0 ? { ...d, text: `When flipped: something the engine does not automate (${d.title}).` } : d;
  return [a.map(text), b.map(text)];
}
const DECKS = decks();

const swap = (p: Player): Player => (1 - p) as Player;

/** Mirror one slot reference: the other player, and (when `cols`) column k becomes 6 − k. */
function mRef(r: SlotRef, cols: boolean): SlotRef {
  return { player: swap(r.player), row: r.row, column: cols ? 6 - r.column : r.column };
}

function mSlot(x: Slot | null): Slot | null {
  return x === null ? null : { ...x, peek: ((x.peek & 1) << 1) | ((x.peek & 2) >> 1) };
}

function mPending(pd: Pending | null, cols: boolean): Pending | null {
  if (pd === null) return null;
  const base = { ...pd, player: swap(pd.player), slot: mRef(pd.slot, cols) };
  if (pd.kind === "target" || pd.kind === "battle") return { ...base, options: pd.options.map((o) => mRef(o, cols)) } as Pending;
  if (pd.kind === "correction") {
    const o: CorrectionTargets = { discard: [], return: [], flipUp: [], rings: [] };
    for (const k of Object.keys(o) as (keyof CorrectionTargets)[]) o[k] = pd.options[k].map((r) => mRef(r, cols));
    return { ...base, options: o } as Pending;
  }
  return base as Pending;
}

/** The mirror image of a state: players swapped, and columns reversed when `cols`. */
function mirrorState(s: GameState, cols: boolean): GameState {
  const t = cloneState(s);
  const row = (r: (Slot | null)[]) => {
    const m = r.map(mSlot);
    return cols ? m.reverse() : m;
  };
  t.owner = s.owner.map(swap);
  t.players = [s.players[1], s.players[0]].map((pl) => ({ ...pl, deck: pl.deck.slice(), hand: pl.hand.slice(), discard: pl.discard.slice(), chaos: row(pl.chaos), spare: row(pl.spare) })) as GameState["players"];
  t.lead = swap(s.lead);
  t.next = swap(s.next);
  t.emeralds = [s.emeralds[1], s.emeralds[0]];
  t.winner = s.winner === 0 || s.winner === 1 ? swap(s.winner) : s.winner;
  t.lastFlip = s.lastFlip && { player: swap(s.lastFlip.player), column: cols ? 6 - s.lastFlip.column : s.lastFlip.column };
  t.stack = s.stack.map((f): Frame => ({ ...f, player: swap(f.player), column: cols ? 4 - f.column : f.column, picked: f.picked.slice(), sub: f.sub && mRef(f.sub, cols) }));
  t.pending = mPending(s.pending, cols);
  t.lasting = s.lasting.map((l) => ({ ...l, player: swap(l.player) }));
  t.seen = [s.seen[1], s.seen[0]];
  if (s.rules.manualCorrections) t.rules = { ...s.rules, manualCorrections: s.rules.manualCorrections.map(swap).sort() };
  return t;
}

function mirrorAction(a: Action, cols: boolean): Action {
  const p = swap(a.player);
  switch (a.type) {
    case "place":
      return { ...a, player: p, cards: cols ? a.cards.slice().reverse() : a.cards.slice() };
    case "flip":
      return { ...a, player: p, column: cols ? 6 - a.column : a.column };
    case "choose":
    case "correct":
      return a.slot ? { ...a, player: p, slot: mRef(a.slot, cols) } : { ...a, player: p };
    default:
      return { ...a, player: p };
  }
}

/**
 * A comparable form of a state. With reversed columns, cards that leave the
 * field together (a copy discard, "all" targets) reach a pile or hand in slot
 * order, which the mirror reverses: piles and hands compare as multisets, and
 * option lists (offered in slot order) as sets.
 */
function canon(s: GameState, multisets: boolean): unknown {
  const sortRefs = (r: SlotRef[]) => r.slice().sort((x, y) => x.player - y.player || x.row.localeCompare(y.row) || x.column - y.column);
  const pd = s.pending;
  let pending: unknown = pd;
  if (pd && (pd.kind === "target" || pd.kind === "battle")) pending = { ...pd, prompt: "", options: sortRefs(pd.options) };
  else if (pd && pd.kind === "correction") pending = { ...pd, prompt: "", options: Object.fromEntries(Object.entries(pd.options).map(([k, v]) => [k, sortRefs(v)])) };
  else if (pd) pending = { ...pd, prompt: "" };
  const sorted = (x: number[]) => (multisets ? x.slice().sort((a, b) => a - b) : x);
  return {
    ...s,
    cards: null,
    keys: null,
    pending,
    stack: s.stack.map((f) => ({ ...f, picked: sorted(f.picked) })),
    players: s.players.map((pl) => ({ ...pl, hand: sorted(pl.hand), discard: sorted(pl.discard) })),
  };
}

interface Run {
  games: number;
  actions: number;
  corrections: number;
  effects: number;
  /** Triggered effects (v2: discarded, to-spare, score, battle, opposing flip) that resolved. */
  triggers: number;
  /** Zone actions (v2: face down, move, swap, put, recover, hand discard). */
  zones: number;
  /** Rush rules changed or flips handed on by effects (v2). */
  rush: number;
  /** Sequencing and durations (v2): costs asked for or not payable, skipped "if you do"s, modifiers with a duration. */
  seq: number;
  /** Looks at a deck or the opponent's hand (v2, rules/seen.ts). */
  looks: number;
}

/**
 * Play `n` random games; after every action check card conservation and that
 * the mirrored game (started from the mirrored position, fed the mirrored
 * actions) is in the mirrored state. With reversed columns the comparison
 * stops at the first reshuffle: the piles then hold the same cards in another
 * order, so the new decks legitimately differ.
 */
function run(n: number, cols: boolean, seed0: number): Run {
  const out: Run = { games: 0, actions: 0, corrections: 0, effects: 0, triggers: 0, zones: 0, rush: 0, seq: 0, looks: 0 };
  for (let g = 0; g < n; g++) {
    const seed = seed0 + g;
    let a = newGame({ decks: DECKS, seed, rules: { maxTurns: 12, manualCorrections: g % 2 === 0 ? [0, 1] : [((g >> 1) & 1) as Player] } });
    let b = mirrorState(a, cols);
    const r = { rng: seed ^ 0x2545f491 };
    out.games++;
    for (let guard = 0; guard < 4000 && a.winner === null; guard++) {
      const who = playersToAct(a);
      const p = who.length === 1 ? (firstToAct(a) as Player) : who[nextInt(r, who.length)];
      const act = randomLegalAction(a, p, r) as Action;
      const ra = applyAction(a, act);
      if (!ra.ok) throw new Error(`legal action rejected: ${JSON.stringify(act)}: ${ra.error.reason}`);
      const rb = applyAction(b, mirrorAction(act, cols));
      if (!rb.ok) throw new Error(`game ${seed}: the mirrored action was rejected: ${JSON.stringify(mirrorAction(act, cols))}: ${rb.error.reason}`);
      out.actions++;
      if (act.type === "correct") out.corrections++;
      if (ra.events.some((e) => e.type === "effect" || e.type === "modify" || e.type === "protect" || e.type === "peek")) out.effects++;
      for (const e of ra.events) {
        if (e.type === "effect" && e.message.endsWith("its effect triggers.")) out.triggers++;
        if (e.type === "effect" && (e.message.includes("flips next") || e.message.includes("until the end of") || e.message.includes("while this card"))) out.rush++;
        if (e.type === "peek" && e.column === undefined) out.looks++;
        if (e.type === "face-down" || (e.cause === "effect" && (e.type === "move" || ((e.type === "discard" || e.type === "return") && e.row === undefined)))) out.zones++;
        if (/cannot be paid|did not happen|until the end of the (rush|turn)\b.*\(|while this card is on the field.*\(/.test(e.message) && e.type !== "flip") out.seq++;
      }
      a = ra.state;
      b = rb.state;
      checkConservation(a);
      checkConservation(b);
      if (cols && ra.events.some((e) => e.type === "shuffle")) break;
      const ca = canon(mirrorState(a, cols), cols);
      const cb = canon(b, cols);
      if (JSON.stringify(ca) !== JSON.stringify(cb)) expect(cb, `game ${seed}, action ${out.actions}: ${JSON.stringify(act)}`).toEqual(ca);
    }
  }
  return out;
}

describe("conservation and mirror symmetry over random games (effects and manual corrections)", () => {
  it("swapping the players gives the mirrored game, action by action, to the end", () => {
    // 250 games (seeds 1000–1249, the same every run): 18,452 actions, 384 corrections, 6,427 effects, 1,313
    // triggers, 1,833 zone moves, each well over its floor below (1,000 games took four times as long)
    const r = run(250, false, 1000);
    // The games really exercised effects and corrections.
    expect(r.corrections).toBeGreaterThan(300);
    expect(r.effects).toBeGreaterThan(1000);
    expect(r.triggers).toBeGreaterThan(500);
    expect(r.zones).toBeGreaterThan(500);
    expect(r.rush).toBeGreaterThan(300);
    expect(r.seq).toBeGreaterThan(300);
    expect(r.looks).toBeGreaterThan(300);
  }, 300_000);

  it("swapping the players and reversing the columns gives the mirrored game (up to the first reshuffle)", () => {
    // 250 games: 17,990 actions, 390 corrections, 6,335 effects, every counter over its floor
    const r = run(250, true, 50_000);
    expect(r.corrections).toBeGreaterThan(300);
    expect(r.effects).toBeGreaterThan(1000);
    expect(r.triggers).toBeGreaterThan(300);
    expect(r.zones).toBeGreaterThan(300);
    expect(r.rush).toBeGreaterThan(200);
    expect(r.seq).toBeGreaterThan(200);
    expect(r.looks).toBeGreaterThan(200);
  }, 300_000);
});
