/**
 * Lasting rush rules (docs/rules.md "Rush rules"): rules
 * an effect changes for a while — a player ignores the column rule, no copy
 * discards, the lower card is discarded in battles, a card battles any
 * color — and ring modifiers and protections a flip or
 * triggered effect gives a card for a while. Each lasts until the end of the
 * rush, the end of the turn, or while the card that made it is face up on
 * the field; a modifier also ends when the card it modifies leaves the field
 * or turns face down. Plain data in the state, public in the player view.
 * The state's `lasting` list is never changed in place (clones share it).
 */
import type { GameState, Lasting, LastingModifier, LastingRule, Player } from "../types";

/** Is a card face up on the field (either player, either row)? */
function faceUpOnField(s: GameState, card: number): boolean {
  for (const pl of s.players)
    for (let ci = 0; ci < 5; ci++) {
      const a = pl.chaos[ci];
      const b = pl.spare[ci];
      if ((a !== null && a.card === card && a.faceUp) || (b !== null && b.card === card && b.faceUp)) return true;
    }
  return false;
}

/**
 * Does a lasting rule hold? `player` limits it to the rules of that player
 * (null: anybody's), `card` to rules about that card (-1: any). Rules "while on
 * the field" hold only while their card is face up on the field.
 */
export function ruleHolds(s: GameState, rule: LastingRule, player: Player | null, card = -1): boolean {
  const l = s.lasting;
  for (let i = 0; i < l.length; i++) {
    const x = l[i];
    if (x.rule !== rule || (player !== null && x.player !== player) || (card >= 0 && x.card !== card)) continue;
    if (x.until !== "field" || faceUpOnField(s, x.card)) return true;
  }
  return false;
}

/** The same test on a player view's public lasting rules (`faceUp`: the ids of the face-up field cards). */
export function viewRuleHolds(lasting: readonly Lasting[], faceUp: readonly number[], rule: LastingRule, player: Player): boolean {
  for (const x of lasting) if (x.rule === rule && x.player === player && (x.until !== "field" || faceUp.includes(x.card))) return true;
  return false;
}

/**
 * End rules: "until the end of the rush" when the rush is over, "until the end
 * of the turn" at the recharge, and (at both, and before every rush flip) the
 * "while on the field" rules whose card is no longer face up on the field, so
 * a card that comes back does not bring its rule back.
 */
export function endLasting(s: GameState, until: "rush" | "turn" | "field"): void {
  if (s.lasting.length === 0) return;
  const keep = s.lasting.filter((x) => (x.until === "field" ? faceUpOnField(s, x.card) : until === "rush" ? x.until !== "rush" : until === "field"));
  if (keep.length !== s.lasting.length) s.lasting = keep;
}

/**
 * Give a field card a ring modifier or protection for a while (durations).
 * "While on the field" needs the effect's card face up on the
 * field now: otherwise nothing lasts and this returns false.
 */
export function addModifier(s: GameState, m: LastingModifier): boolean {
  if (m.until === "field" && !faceUpOnField(s, m.card)) return false;
  s.lasting = [...s.lasting, m];
  return true;
}

/**
 * The lasting ring modifiers on a card: its ring value given the value
 * before them (`base`, the printed or set value) — a lasting "set"
 * replaces it, the last one made wins — and the sum of their "+N / −N", as
 * [base, add].
 */
export function lastingRings(s: GameState, card: number, base: number): [number, number] {
  let add = 0;
  const l = s.lasting;
  for (let i = 0; i < l.length; i++) {
    const x = l[i];
    if (x.rule !== "modifier" || x.target !== card) continue;
    if (x.set !== null) base = x.set;
    add += x.add;
  }
  return [base, add];
}

/** The lasting protection bits on a card. */
export function lastingProtect(s: GameState, card: number): number {
  let bits = 0;
  const l = s.lasting;
  for (let i = 0; i < l.length; i++) {
    const x = l[i];
    if (x.rule === "modifier" && x.target === card) bits |= x.protect;
  }
  return bits;
}

/**
 * A card left the field or turned face down: the modifiers on it end, and
 * so does everything it made "while on the field" (a card that comes back
 * does not bring them back).
 */
export function leftField(s: GameState, card: number): void {
  if (s.lasting.length === 0) return;
  const keep = s.lasting.filter((x) => !((x.rule === "modifier" && x.target === card) || (x.until === "field" && x.card === card)));
  if (keep.length !== s.lasting.length) s.lasting = keep;
}
