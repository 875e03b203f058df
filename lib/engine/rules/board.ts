/**
 * Field helpers shared by every rule: slots, adjacency, card labels, moving
 * cards between zones (RULES.md §2). Internal to the engine.
 */
import { shuffleInPlace } from "../rng";
import { anySeen, forgetCard } from "./seen";
import type { EventCause, GameEvent, GameState, Player, Row, Slot, SlotRef } from "../types";
import { leftField } from "./lasting";
import { report } from "../describe/events";
import { pname } from "../describe/names";
import type { DrawBy } from "../describe/facts";

/** The row array of a player (RULES.md §2). */
export function rowOf(s: GameState, p: Player, row: Row): (Slot | null)[] {
  return row === "chaos" ? s.players[p].chaos : s.players[p].spare;
}

/** A slot reference (public, 1-based column) from a 0-based column index. */
export function ref(player: Player, row: Row, ci: number): SlotRef {
  return { player, row, column: ci + 1 };
}

/** Grid line of a slot, top to bottom: P2 chaos, P2 spare, P1 spare, P1 chaos (RULES.md §2). */
function lineOf(p: Player, row: Row): number {
  return p === 0 ? (row === "spare" ? 2 : 3) : row === "spare" ? 1 : 0;
}

/** Orthogonal adjacency, across the middle line too (RULES.md §2). */
export function isAdjacent(ap: Player, arow: Row, aci: number, bp: Player, brow: Row, bci: number): boolean {
  const ay = lineOf(ap, arow);
  const by = lineOf(bp, brow);
  if (ay === by) return Math.abs(aci - bci) === 1;
  return aci === bci && Math.abs(ay - by) === 1;
}

/** Remove the card in a slot from the field and return its id (RULES.md §4.3 discards). */
export function takeFromField(s: GameState, p: Player, row: Row, ci: number): number {
  const r = rowOf(s, p, row);
  const slot = r[ci];
  if (!slot) throw new Error(`engine invariant: empty slot ${p} ${row} ${ci}`);
  r[ci] = null;
  // What lasted on it ends; so does what it made "while on the field".
  if (s.lasting.length > 0) leftField(s, slot.card);
  return slot.card;
}

/** Discard a card from the field to its owner's discard pile (RULES.md §4.3). */
export function discardFromField(s: GameState, p: Player, row: Row, ci: number): number {
  const id = takeFromField(s, p, row, ci);
  s.players[p].discard.push(id);
  return id;
}

/**
 * Draw one card; when the deck is empty, shuffle the discard pile into a new
 * deck first (RULES.md §4.5; the same for a draw caused by an effect or a
 * correction, and the shuffle event says which). Returns false when both are empty.
 */
export function drawOne(s: GameState, p: Player, ev: GameEvent[] | null, by: DrawBy): boolean {
  const pl = s.players[p];
  if (pl.deck.length === 0) {
    if (pl.discard.length === 0) return false;
    const d = pl.discard;
    pl.discard = [];
    shuffleInPlace(s, d);
    pl.deck = d;
    if (ev) report(s, ev, { type: "shuffle", player: p, cards: [] }, { fact: "shuffled", player: p, count: d.length, by });
  }
  const id = pl.deck.shift() as number;
  pl.hand.push(id);
  // A deck card someone had looked at is no longer in the deck (rules/seen.ts).
  if (anySeen(s)) forgetCard(s, id);
  return true;
}

/** Draw up to n cards, logging one private draw event with its cause (RULES.md §4.5, §6 draw). */
export function drawCards(s: GameState, p: Player, n: number, ev: GameEvent[] | null, by: DrawBy): number {
  const start = s.players[p].hand.length;
  let k = 0;
  while (k < n && drawOne(s, p, ev, by)) k++;
  if (ev && k > 0) {
    const cards = s.players[p].hand.slice(start);
    const cause: EventCause | null = by === "setup" ? null : by === "recharge" ? "recharge" : "effect" in by ? "effect" : "correction";
    report(s, ev, { type: "draw", player: p, cards, private: true, ...(cause ? { cause } : {}) }, { fact: "drew", player: p, cards, by });
  }
  return k;
}

/**
 * Card conservation (RULES.md §2 zones): every card instance is in exactly one
 * zone of its owner (deck, hand, discard pile, a chaos or spare slot). Throws
 * on a broken invariant; used by the scenario runner and the property tests.
 */
export function checkConservation(s: GameState): void {
  const seen = new Uint8Array(s.cards.length);
  const put = (id: number, p: Player, where: string): void => {
    if (!Number.isInteger(id) || id < 0 || id >= s.cards.length) throw new Error(`engine invariant: unknown card instance ${id} in ${pname(p)}'s ${where}`);
    if (s.owner[id] !== p) throw new Error(`engine invariant: card ${id} is in ${pname(p)}'s ${where} but belongs to ${pname(s.owner[id])}`);
    if (seen[id]++) throw new Error(`engine invariant: card ${id} is in two places (again in ${pname(p)}'s ${where})`);
  };
  for (const p of [0, 1] as Player[]) {
    const pl = s.players[p];
    for (const id of pl.deck) put(id, p, "deck");
    for (const id of pl.hand) put(id, p, "hand");
    for (const id of pl.discard) put(id, p, "discard pile");
    for (let ci = 0; ci < 5; ci++) {
      const a = pl.chaos[ci];
      if (a !== null) put(a.card, p, `chaos row, column ${ci + 1}`);
      const b = pl.spare[ci];
      if (b !== null) put(b.card, p, `spare row, column ${ci + 1}`);
    }
  }
  for (let id = 0; id < seen.length; id++) if (!seen[id]) throw new Error(`engine invariant: card ${id} (${s.cards[id].title}) is in no zone`);
}
