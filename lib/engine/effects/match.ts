/**
 * Selectors and conditions of structured effects (RULES.md §6 targets and
 * conditions): which field cards a selector matches, seen from the effect's
 * controller, and whether an effect's condition holds for its card.
 */
import type { Condition, Selector } from "./schema";
import { PROTECT_EFFECTS, type Color, type GameState, type Player, type Row, type Slot, type SlotRef } from "../types";
import { isAdjacent, ref, rowOf } from "../rules/board";
import { activeAuras, currentRings, isProtected, type Auras } from "./auras";
import { countFaceUpCards } from "./sequence";

const ROWS: readonly Row[] = ["chaos", "spare"];

/** The position of an effect's own card. */
export interface Src {
  p: Player;
  row: Row;
  ci: number;
  card: number;
  /** The card it battled (a battle-won / battle-lost effect), else -1. */
  other?: number;
}

/**
 * The rings of the opposing face-up chaos card in this card's column (printed,
 * or current when `auras` are given), or null when there is none (ring
 * comparisons with "opposing").
 */
export function opposingRings(s: GameState, src: Src, auras: Auras | null): number | null {
  const o = (1 - src.p) as Player;
  const x = s.players[o].chaos[src.ci];
  if (x === null || !x.faceUp) return null;
  return auras === null ? s.cards[x.card].rings : currentRings(s, o, "chaos", src.ci, auras);
}

function cmp(a: number, op: "lt" | "le" | "eq" | "ge" | "gt", b: number): boolean {
  switch (op) {
    case "lt":
      return a < b;
    case "le":
      return a <= b;
    case "eq":
      return a === b;
    case "ge":
      return a >= b;
    default:
      return a > b;
  }
}

/**
 * Does a slot match a selector, seen from the effect's controller (RULES.md §6 targets)?
 * Face-down cards only match selectors without identity filters (color,
 * trait, title, rings), so targeting never reveals a hidden card. The
 * effect's own card never matches a selector (use the target "self").
 * Cards protected from effects never match the opponent's selectors.
 */
export function selectorMatches(s: GameState, src: Src, sel: Selector, tp: Player, trow: Row, tci: number, slot: Slot, auras?: Auras): boolean {
  if (!staticMatch(s, src, sel, tp, trow, tci, slot)) return false;
  return !needsAuras(src, sel, tp) || auraMatch(s, src, sel, tp, trow, tci, auras ?? activeAuras(s));
}

/** The selector's tests that do not depend on continuous effects (everything but protection and current rings). */
function staticMatch(s: GameState, src: Src, sel: Selector, tp: Player, trow: Row, tci: number, slot: Slot): boolean {
  if (slot.card === src.card) return false;
  if (sel.owner === "you" ? tp !== src.p : sel.owner === "opponent" ? tp === src.p : false) return false;
  if (sel.row !== "any" && sel.row !== trow) return false;
  if (sel.position === "same-column" && tci !== src.ci) return false;
  if (sel.position === "adjacent" && !isAdjacent(src.p, src.row, src.ci, tp, trow, tci)) return false;
  if (sel.position === "adjacent-columns" && tci !== src.ci - 1 && tci !== src.ci + 1) return false;
  if (sel.position === "battled" && slot.card !== (src.other ?? -1)) return false;
  if (sel.face === "up" ? !slot.faceUp : sel.face === "down" ? slot.faceUp : false) return false;
  const hasIdentityFilter = sel.colors || sel.traits || sel.titles || sel.rings || sel.allTraits || sel.not;
  if (!hasIdentityFilter) return true;
  if (!slot.faceUp) return false;
  const d = s.cards[slot.card];
  if (sel.colors && !sel.colors.includes(slot.color as Color)) return false;
  if (sel.traits && !sel.traits.some((t) => d.traits.includes(t))) return false;
  if (sel.allTraits && !sel.allTraits.every((t) => d.traits.includes(t))) return false;
  if (sel.titles && !sel.titles.includes(d.title)) return false;
  const x = sel.not;
  if (x && ((x.colors && x.colors.includes(slot.color as Color)) || (x.traits && x.traits.some((t) => d.traits.includes(t))) || (x.titles && x.titles.includes(d.title)))) return false;
  if (sel.rings && sel.rings.of === "printed") {
    const other = sel.rings.value === "self" ? s.cards[src.card].rings : sel.rings.value === "opposing" ? opposingRings(s, src, null) : sel.rings.value;
    if (other === null || !cmp(d.rings, sel.rings.op, other)) return false;
  }
  return true;
}

/** Does the rest of the match read continuous effects: protection of an opposing card, or current rings? */
function needsAuras(src: Src, sel: Selector, tp: Player): boolean {
  return tp !== src.p || sel.rings?.of === "current";
}

/** The selector's tests that read continuous effects, for a slot that passed {@link staticMatch}. */
function auraMatch(s: GameState, src: Src, sel: Selector, tp: Player, trow: Row, tci: number, auras: Auras): boolean {
  if (tp !== src.p && isProtected(s, tp, trow, tci, PROTECT_EFFECTS, auras)) return false;
  if (sel.rings && sel.rings.of === "current") {
    const other = sel.rings.value === "self" ? srcCurrentRings(s, src, auras) : sel.rings.value === "opposing" ? opposingRings(s, src, auras) : sel.rings.value;
    if (other === null || !cmp(currentRings(s, tp, trow, tci, auras), sel.rings.op, other)) return false;
  }
  return true;
}

function srcCurrentRings(s: GameState, src: Src, auras?: Auras): number {
  const slot = rowOf(s, src.p, src.row)[src.ci];
  if (slot && slot.card === src.card) return currentRings(s, src.p, src.row, src.ci, auras);
  return s.cards[src.card].rings;
}

/** Every slot matching a selector, in a fixed order (controller's rows first, chaos then spare, columns 1–5). */
export function selectorTargets(s: GameState, src: Src, sel: Selector): SlotRef[] {
  const out: SlotRef[] = [];
  // Continuous effects in force are computed once, and only when a slot passes the other tests.
  let auras: Auras | undefined;
  for (let i = 0; i < 2; i++) {
    const tp = (i === 0 ? src.p : 1 - src.p) as Player;
    for (const row of ROWS) {
      const r = rowOf(s, tp, row);
      for (let ci = 0; ci < 5; ci++) {
        const slot = r[ci];
        if (!slot || !staticMatch(s, src, sel, tp, row, ci, slot)) continue;
        if (needsAuras(src, sel, tp) && !auraMatch(s, src, sel, tp, row, ci, (auras ??= activeAuras(s)))) continue;
        out.push(ref(tp, row, ci));
      }
    }
  }
  return out;
}

function zoneSize(s: GameState, p: Player, z: "hand" | "deck" | "discard"): number {
  const pl = s.players[p];
  return z === "hand" ? pl.hand.length : z === "deck" ? pl.deck.length : pl.discard.length;
}

/**
 * Does an effect's condition hold for its card (RULES.md §6 conditions)? Card
 * conditions count face-up cards only (at least `min`, default 1, at most
 * `max`); the others read the emeralds, the lead, zone sizes, this card's row
 * and the turn, and combine with not / allOf / anyOf.
 */
export function conditionHolds(s: GameState, src: Src, c: Condition): boolean {
  if ("where" in c) return cardCondition(s, src, c);
  if ("not" in c) return !conditionHolds(s, src, c.not);
  if ("allOf" in c) return c.allOf.every((x) => conditionHolds(s, src, x));
  if ("anyOf" in c) return c.anyOf.some((x) => conditionHolds(s, src, x));
  if ("emeralds" in c) {
    const d = s.emeralds[src.p] - s.emeralds[1 - src.p];
    return c.emeralds === "fewer" ? d < 0 : c.emeralds === "more" ? d > 0 : d === 0;
  }
  if ("lead" in c) return (s.lead === src.p) === c.lead;
  if ("zone" in c) return cmp(zoneSize(s, (c.who === "you" ? src.p : 1 - src.p) as Player, c.zone), c.op, c.value);
  if ("row" in c) return src.row === c.row;
  return cmp(s.turn, c.turn.op, c.turn.value);
}

type CardCondition = Extract<Condition, { where: unknown }>;

function cardCondition(s: GameState, src: Src, c: CardCondition): boolean {
  const min = c.min ?? 1;
  const max = c.max ?? Infinity;
  // stop counting once the answer is known: at min with no upper bound, past max otherwise
  const n = countFaceUpCards(s, src, c, max === Infinity ? min : max + 1);
  return n >= min && n <= max;
}

/** A selector match that reads printed rings for "current rings" and no protection (continuous protection itself, without recursion). */
export function plainMatch(s: GameState, src: Src, sel: Selector, tp: Player, trow: Row, tci: number, slot: Slot): boolean {
  if (!staticMatch(s, src, sel, tp, trow, tci, slot)) return false;
  // A "current rings" test is read on printed rings here (no continuous effect is consulted).
  if (sel.rings && sel.rings.of === "current") {
    const other = sel.rings.value === "self" ? s.cards[src.card].rings : sel.rings.value === "opposing" ? opposingRings(s, src, null) : sel.rings.value;
    if (other === null || !cmp(s.cards[slot.card].rings, sel.rings.op, other)) return false;
  }
  return true;
}
