/**
 * Manual corrections (RULES.md §6: "the solo board offers manual corrections"
 * for cards without a structured effect). An opt-in game option
 * (`rules.manualCorrections`, the players allowed); without it nothing here
 * runs and the game is unchanged.
 *
 * The rule (docs/rules.md): when a player listed in the option flips, as their
 * rush flip, their own card that has printed text but no structured effect,
 * the card's effect step (RULES.md §4.3 step 2) becomes a correction window:
 * a pending decision of that player. In it they may apply any number of
 * correction primitives — discard a field card, return a field card to its
 * owner's hand, draw 1, flip an opposing face-down card face up (its effect
 * does not trigger), modify a face-up card's rings ±N for battle comparisons —
 * and end it with `pass` ("done"); the flip then resolves on (copy discard,
 * battle discard). Every primitive goes through the effect interpreter's own
 * code (`applyTo`, `drawCards`), so it means exactly what the effect
 * primitive means. Opposing cards protected from effects cannot be targeted.
 */
import { isProtected } from "../effects/auras";
import type { Src } from "../effects/match";
import { applyTo } from "../effects/handlers";
import type { EffectAction } from "../effects/schema";
import { drawCards, ref, rowOf } from "./board";
import { report } from "../describe/events";
import { pname } from "../describe/names";
import type { Cause } from "../describe/facts";
import { promptFor } from "../describe/prompts";
import {
  PROTECT_EFFECTS,
  type Action,
  type CardDef,
  type CorrectAction,
  type CorrectionOp,
  type CorrectionPending,
  type CorrectionTargets,
  type EngineError,
  type Frame,
  type GameEvent,
  type GameState,
  type Player,
  type Row,
  type SlotRef,
} from "../types";

/** The correction primitives, in the order the board offers them. */
export const CORRECTION_OPS: readonly CorrectionOp[] = ["discard", "return", "draw", "flip-up", "rings"];

/** Largest ring change one correction may make (either sign). */
export const MAX_RING_CORRECTION = 10;

const ROWS: readonly Row[] = ["chaos", "spare"];

/**
 * Is a card's printed text not automated (RULES.md §6): it has text but no
 * structured effect, so it plays as vanilla.
 */
export function textNotAutomated(d: CardDef): boolean {
  return (d.effect === undefined || d.effect === null) && typeof d.text === "string" && d.text.trim() !== "";
}

/** The slots each primitive may target for player `p` now (RULES.md §6 manual corrections). */
export function correctionTargets(s: GameState, p: Player): CorrectionTargets {
  const out: CorrectionTargets = { discard: [], return: [], flipUp: [], rings: [] };
  for (const tp of [p, (1 - p) as Player]) {
    for (const row of ROWS) {
      const r = rowOf(s, tp, row);
      for (let ci = 0; ci < 5; ci++) {
        const x = r[ci];
        if (x === null) continue;
        if (tp !== p && isProtected(s, tp, row, ci, PROTECT_EFFECTS)) continue;
        const at = ref(tp, row, ci);
        out.discard.push(at);
        out.return.push(at);
        if (x.faceUp) out.rings.push(at);
        else if (tp !== p) out.flipUp.push(at);
      }
    }
  }
  return out;
}

/**
 * Called at the effect step of a flip (RULES.md §4.3 step 2) when the option
 * is set: opens (or reopens, after a correction) the correction window for
 * the frame's card. Returns true when the window is open (the frame waits).
 * The window is closed for good once the frame's action index moved on
 * (`pass` sets it), so it opens at most once per flip.
 */
export function openCorrection(s: GameState, f: Frame): boolean {
  const seats = s.rules.manualCorrections;
  if (seats === undefined || !f.full || f.ai !== 0 || !seats.includes(f.player)) return false;
  const d = s.cards[f.card];
  if (!textNotAutomated(d)) return false;
  const pending: CorrectionPending = {
    kind: "correction",
    player: f.player,
    slot: ref(f.player, f.row, f.column),
    card: f.card,
    options: correctionTargets(s, f.player),
    prompt: promptFor(s, { ask: "correction", card: f.card }),
  };
  s.pending = pending;
  return true;
}

/** Close the correction window (`pass`): the flip resolves on (RULES.md §4.3 steps 3–4). */
export function closeCorrection(s: GameState, pd: CorrectionPending, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  f.ai = 1;
  if (ev) report(s, ev, { type: "effect", player: pd.player, cards: [pd.card], correction: { card: pd.card } }, { fact: "corrections-done", player: pd.player, card: pd.card });
}

function sameRef(a: SlotRef, b: SlotRef): boolean {
  return a.player === b.player && a.row === b.row && a.column === b.column;
}

function isRef(x: unknown): x is SlotRef {
  if (typeof x !== "object" || x === null) return false;
  const r = x as SlotRef;
  return (r.player === 0 || r.player === 1) && (r.row === "chaos" || r.row === "spare") && Number.isInteger(r.column);
}

const TARGETS: Record<Exclude<CorrectionOp, "draw">, keyof CorrectionTargets> = { discard: "discard", return: "return", "flip-up": "flipUp", rings: "rings" };

const OP_WORDS: Record<Exclude<CorrectionOp, "draw">, string> = {
  discard: "discard it",
  return: "return it to its owner's hand",
  "flip-up": "flip it face up (only the opponent's face-down cards)",
  rings: "change its rings (only face-up cards)",
};

/**
 * Check a correction (house rule 3): typed code and a reason naming the rule.
 * Null when legal.
 */
export function checkCorrection(s: GameState, a: CorrectAction): EngineError | null {
  if (s.rules.manualCorrections === undefined || !s.rules.manualCorrections.includes(a.player))
    return { code: "correct/disabled", reason: `Manual corrections are off for ${pname(a.player)} in this game (RULES.md §6, docs/rules.md).` };
  const pd = s.pending;
  if (pd === null || pd.kind !== "correction" || pd.player !== a.player)
    return {
      code: "correct/not-available",
      reason:
        pd !== null && pd.kind !== "correction"
          ? `A decision is pending for ${pname(pd.player)} (${pd.prompt}); a manual correction is possible only right after your own flip of a card whose text is not automated (docs/rules.md).`
          : `A manual correction is possible only right after your own rush flip of a card whose text is not automated, until you choose Done (docs/rules.md).`,
    };
  if (!(CORRECTION_OPS as readonly string[]).includes(a.op))
    return { code: "correct/unknown-op", reason: `Unknown correction "${String(a.op)}": use ${CORRECTION_OPS.join(", ")} (docs/rules.md).` };
  if (a.op === "draw") return null;
  if (!isRef(a.slot)) return { code: "correct/invalid-target", reason: `A ${a.op} correction names a field slot (player, row, column 1–5) (docs/rules.md).` };
  const slot = a.slot;
  if (!pd.options[TARGETS[a.op]].some((o) => sameRef(o, slot)))
    return {
      code: "correct/invalid-target",
      reason: `${pname(slot.player)}'s ${slot.row} column ${slot.column} cannot be targeted: a ${a.op} correction may ${OP_WORDS[a.op]}, and opposing cards protected from effects cannot be targeted (docs/rules.md).`,
    };
  if (a.op === "rings") {
    const n = a.amount;
    if (typeof n !== "number" || !Number.isInteger(n) || n === 0 || Math.abs(n) > MAX_RING_CORRECTION)
      return { code: "correct/invalid-amount", reason: `A rings correction adds a whole number from −${MAX_RING_CORRECTION} to +${MAX_RING_CORRECTION}, not 0 (docs/rules.md).` };
  }
  return null;
}

/** Every legal correction in a window, plus `pass` (done) — listed by `legalActions`. */
export function correctionActions(pd: CorrectionPending): Action[] {
  const p = pd.player;
  const out: Action[] = [{ type: "pass", player: p }, { type: "correct", player: p, op: "draw" }];
  for (const slot of pd.options.discard) out.push({ type: "correct", player: p, op: "discard", slot });
  for (const slot of pd.options.return) out.push({ type: "correct", player: p, op: "return", slot });
  for (const slot of pd.options.flipUp) out.push({ type: "correct", player: p, op: "flip-up", slot });
  for (const slot of pd.options.rings)
    for (let n = -MAX_RING_CORRECTION; n <= MAX_RING_CORRECTION; n++) if (n !== 0) out.push({ type: "correct", player: p, op: "rings", slot, amount: n });
  return out;
}

const EFFECT_OF: Record<Exclude<CorrectionOp, "draw">, (amount: number) => EffectAction> = {
  discard: () => ({ type: "discard", target: "self" }),
  return: () => ({ type: "return-to-hand", target: "self" }),
  "flip-up": () => ({ type: "flip-up", target: "self", withEffect: false }),
  rings: (n) => ({ type: "modify-rings", target: "self", add: n }),
};

/**
 * Apply a legal correction (the mutable core; `applyAction` checked it). The
 * window's pending decision is cleared; the flip's frame reopens it with fresh
 * targets when play comes back to it (after a flipped-up card resolves).
 */
export function applyCorrection(s: GameState, a: CorrectAction, ev: GameEvent[] | null): void {
  const pd = s.pending as CorrectionPending;
  s.pending = null;
  const f = s.stack[s.stack.length - 1];
  const by: Cause = { correction: pd.card };
  const out: GameEvent[] | null = ev ? [] : null;
  if (a.op === "draw") drawCards(s, a.player, 1, out, by);
  else {
    const t = a.slot as SlotRef;
    const src: Src = { p: a.player, row: pd.slot.row, ci: pd.slot.column - 1, card: pd.card };
    applyTo(s, f, src, EFFECT_OF[a.op](a.amount ?? 0), t.player, t.row, t.column - 1, out, by);
  }
  if (ev && out)
    for (const e of out) {
      e.correction = { card: pd.card };
      if (e.cause !== undefined) e.cause = "correction";
      ev.push(e);
    }
}
