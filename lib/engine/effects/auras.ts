/**
 * Continuous effects in force (RULES.md §6 "while face up"): ring modifiers,
 * score-step rings, protections and tie wins of face-up cards whose condition
 * holds, and the current rings and protections of field cards they give.
 */
import type { EffectAction, Selector } from "./schema";
import { PROTECT_BATTLE, PROTECT_BITS, PROTECT_COPY, PROTECT_EFFECTS, type GameState, type Player, type Row, type Slot } from "../types";
import { rowOf } from "../rules/board";
import { lastingProtect, lastingRings } from "../rules/lasting";
import { conditionHolds, plainMatch, selectorMatches, type Src } from "./match";
import { countOf } from "./sequence";
import { handlerOf } from "./handlers";

const ROWS: readonly Row[] = ["chaos", "spare"];

export type ModifyRings = Extract<EffectAction, { type: "modify-rings" }>;
export type Protect = Extract<EffectAction, { type: "protect" }>;
export type ScoreRings = Extract<EffectAction, { type: "score-rings" }>;

/** One action of a continuous effect in force, with the card it comes from. */
export interface AuraAction<A> {
  src: Src;
  a: A;
}

/**
 * The continuous effects in force in a state (RULES.md §6 "while face up"),
 * split by kind (continuous effects only modify rings or protect).
 */
export interface Auras {
  modify: AuraAction<ModifyRings>[];
  protect: AuraAction<Protect>[];
  /** Ring changes at the score step (RULES.md §4.4). */
  score: AuraAction<ScoreRings>[];
  /** Bit mask of the players (1 << player) who win tied score steps. */
  ties: number;
}

const NO_AURAS: Auras = { modify: [], protect: [], score: [], ties: 0 };

/**
 * Every continuous effect in force in a state (face-up cards whose condition
 * holds), in a fixed order (player 1's rows first, chaos then spare, columns
 * 1–5). Read-only callers that ask many questions of one state (a player
 * view, a battle) compute it once and pass it on; conditions only look at
 * face-up identities, so the result does not depend on protections or rings.
 */
export function activeAuras(s: GameState): Auras {
  if (!s.continuous) return NO_AURAS;
  let out: Auras | null = null;
  for (let p = 0; p < 2; p++) {
    const pl = s.players[p];
    for (let ri = 0; ri < 2; ri++) {
      const r = ri === 0 ? pl.chaos : pl.spare;
      for (let ci = 0; ci < 5; ci++) {
        const slot = r[ci];
        if (slot === null || !slot.faceUp) continue;
        const e = s.cards[slot.card].effect;
        if (e == null || e.trigger !== "continuous") continue;
        const src: Src = { p: p as Player, row: ROWS[ri], ci, card: slot.card };
        if (e.condition && !conditionHolds(s, src, e.condition)) continue;
        out ??= { modify: [], protect: [], score: [], ties: 0 };
        // Each action type says what it adds to the continuous effects in force (effects/handlers).
        for (const x of e.actions) handlerOf(x).aura?.(out, src, x);
      }
    }
  }
  return out ?? NO_AURAS;
}

function hits(s: GameState, src: Src, target: "self" | Selector, tp: Player, trow: Row, tci: number, slot: Slot, auras: Auras): boolean {
  if (target === "self") return src.p === tp && src.row === trow && src.ci === tci;
  return selectorMatches(s, src, target, tp, trow, tci, slot, auras);
}

/**
 * Current ring value of a field card (RULES.md §4.3 battle discard): printed
 * value, or a "set" value, plus every "+N/−N" in force (from flip effects on
 * the slot and continuous effects), never below 0.
 */
export function currentRings(s: GameState, p: Player, row: Row, ci: number, auras: Auras = activeAuras(s)): number {
  const slot = rowOf(s, p, row)[ci] as Slot;
  let base = slot.setRings ?? s.cards[slot.card].rings;
  let add = slot.mod;
  if (s.lasting.length > 0) {
    // Modifiers with a duration: a lasting "set" replaces the value before them, their adds count too.
    const [b, a] = lastingRings(s, slot.card, base);
    base = b;
    add += a;
  }
  const m = auras.modify;
  for (let i = 0; i < m.length; i++) {
    const { src, a } = m[i];
    if (!hits(s, src, a.target, p, row, ci, slot, auras)) continue;
    if (a.set !== undefined) base = a.set;
    // "For each": a continuous amount follows the count as it changes.
    else add += a.forEach ? (a.add ?? 0) * countOf(s, src, a.forEach, 0) : (a.add ?? 0);
  }
  const v = base + add;
  return v < 0 ? 0 : v;
}

/**
 * The rings a face-up card counts at the score step (RULES.md §4.4): printed
 * rings, or a continuous "counts N" (the lowest when several apply), plus
 * every continuous "+N at the score step", never below 0.
 */
export function scoreRings(s: GameState, p: Player, row: Row, ci: number, auras: Auras): number {
  const slot = rowOf(s, p, row)[ci] as Slot;
  let base = s.cards[slot.card].rings;
  let set = Infinity;
  let add = 0;
  const m = auras.score;
  for (let i = 0; i < m.length; i++) {
    const { src, a } = m[i];
    if (!hits(s, src, a.target, p, row, ci, slot, auras)) continue;
    if (a.set !== undefined) set = Math.min(set, a.set);
    else add += a.forEach ? (a.add ?? 0) * countOf(s, src, a.forEach, 0) : (a.add ?? 0);
  }
  if (set !== Infinity) base = set;
  const v = base + add;
  return v < 0 ? 0 : v;
}

const ALL_PROTECT = PROTECT_COPY | PROTECT_BATTLE | PROTECT_EFFECTS;

/**
 * The protections in force on a field card (RULES.md §6 protect): a bit mask
 * of PROTECT_COPY, PROTECT_BATTLE and PROTECT_EFFECTS, from its own slot
 * (flip effects) and every continuous effect in force.
 */
export function protectionMask(s: GameState, p: Player, row: Row, ci: number, auras: Auras = activeAuras(s)): number {
  const slot = rowOf(s, p, row)[ci] as Slot;
  let bits = slot.protect;
  if (s.lasting.length > 0) bits |= lastingProtect(s, slot.card);
  const pr = auras.protect;
  for (let i = 0; i < pr.length && bits !== ALL_PROTECT; i++) {
    const { src, a } = pr[i];
    let want = 0;
    for (const f of a.from) want |= PROTECT_BITS[f];
    if ((want & ~bits) === 0) continue;
    // Avoid recursion: continuous protection from effects is matched without re-checking protection.
    if (a.target === "self" ? src.p === p && src.row === row && src.ci === ci : plainMatch(s, src, a.target, p, row, ci, slot)) bits |= want;
  }
  return bits;
}

/** Is a field card protected from copy discard, battle discard or effects (RULES.md §6 protect)? */
export function isProtected(s: GameState, p: Player, row: Row, ci: number, bit: number, auras?: Auras): boolean {
  const slot = rowOf(s, p, row)[ci] as Slot;
  if (slot.protect & bit) return true;
  return (protectionMask(s, p, row, ci, auras ?? activeAuras(s)) & bit) !== 0;
}
