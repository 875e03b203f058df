/**
 * What each player has seen of hidden zones (docs/rules.md
 * "What a player has seen"): cards of the opponent's hand looked at, and deck
 * cards looked at (whose places are known). The one module that owns the rule;
 * the player view shows these cards to the player who saw them and to nobody
 * else, and determinization keeps them fixed.
 *
 * `GameState.seen` is never mutated in place (a state copy shares it): every
 * change builds new lists. Face-down field cards keep their own `peek` bits.
 */
import type { GameState, Player, Seen } from "../types";

const NONE: Seen = Object.freeze({ hand: Object.freeze([]) as unknown as number[], deck: Object.freeze([]) as unknown as number[] }) as Seen;

/** The empty knowledge of both players (a new game, a loaded scenario). */
export function noneSeen(): [Seen, Seen] {
  return [NONE, NONE];
}

/** Does anybody know a hidden card now (the fast-path test)? */
export function anySeen(s: GameState): boolean {
  const k = s.seen;
  return k[0].hand.length + k[0].deck.length + k[1].hand.length + k[1].deck.length > 0;
}

function set(s: GameState, p: Player, x: Seen): void {
  const k: [Seen, Seen] = [s.seen[0], s.seen[1]];
  k[p] = x.hand.length + x.deck.length === 0 ? NONE : x;
  s.seen = k;
}

function union(a: readonly number[], b: readonly number[]): number[] {
  const out = a.slice();
  for (const id of b) if (!out.includes(id)) out.push(id);
  return out.sort((x, y) => x - y);
}

/** Player p looks at cards of the opponent's hand: p knows them while they stay there. */
export function learnHand(s: GameState, p: Player, ids: readonly number[]): void {
  const k = s.seen[p];
  set(s, p, { hand: union(k.hand, ids), deck: k.deck });
}

/** Player p looks at deck cards: p knows them, and where they are, while they stay in the deck. */
export function learnDeck(s: GameState, p: Player, ids: readonly number[]): void {
  const k = s.seen[p];
  set(s, p, { hand: k.hand, deck: union(k.deck, ids) });
}

/** A card left the hidden zone it was seen in (drawn, discarded, put onto the field): nobody knows it there any more. */
export function forgetCard(s: GameState, id: number): void {
  for (const p of [0, 1] as Player[]) {
    const k = s.seen[p];
    if (k.hand.includes(id) || k.deck.includes(id)) set(s, p, { hand: k.hand.filter((x) => x !== id), deck: k.deck.filter((x) => x !== id) });
  }
}

/**
 * The owner took cards from their hand face down (a placement, a card put onto
 * the field): the opponent cannot tell which ones left, so what they had seen
 * of that hand is forgotten (docs/rules.md).
 */
export function mixHand(s: GameState, owner: Player): void {
  const o = (1 - owner) as Player;
  const k = s.seen[o];
  if (k.hand.length === 0) return;
  set(s, o, { hand: k.hand.filter((id) => s.owner[id] !== owner), deck: k.deck });
}

/**
 * Drop what is no longer true (a safety net run after every action that
 * leaves something known): a hand card must still be in its owner's hand, a
 * deck card in its owner's deck.
 */
export function sweepSeen(s: GameState): void {
  for (const p of [0, 1] as Player[]) {
    const k = s.seen[p];
    if (k.hand.length + k.deck.length === 0) continue;
    const hand = k.hand.filter((id) => s.players[s.owner[id]].hand.includes(id));
    const deck = k.deck.filter((id) => s.players[s.owner[id]].deck.includes(id));
    if (hand.length !== k.hand.length || deck.length !== k.deck.length) set(s, p, { hand, deck });
  }
}
