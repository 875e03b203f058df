/**
 * The expert's belief about the opponent's face-down chaos cards. A plain
 * determinization (ai/determinize.ts) deals them at random from the unseen
 * cards, as if the opponent had placed blind; but it chose them from its hand
 * with the board in front of it. Given a sample, this re-deals them as the
 * heuristic would have placed them: the opponent's sampled hand and its
 * hidden chaos cards are pooled, and the heuristic, deciding from the
 * opponent's view of the sample, picks the cards of the hidden columns (the
 * columns it has already flipped stay as they are). It reads only the sample,
 * which is built from the viewer's view: no hidden information goes in.
 */
import { cloneState } from "../clone";
import type { GameState, Player } from "../types";
import { playerView } from "../view";
import { heuristicPlacement } from "./heuristic";

/** Re-deal, in place, the opponent's hidden chaos cards of sample `s` (of `me`'s view) as the heuristic would have placed them. */
export function placeAsHeuristic(s: GameState, me: Player): void {
  const o = (1 - me) as Player;
  const po = s.players[o];
  if (po.hand.length === 0 || s.pending !== null || s.winner !== null) return;
  const hidden: number[] = [];
  let blocked = 0;
  for (let k = 0; k < 5; k++) {
    const x = po.chaos[k];
    if (x !== null && !x.faceUp && !(x.peek & (1 << me)) && x.downed === 0) hidden.push(k);
    else blocked |= 1 << k;
  }
  if (hidden.length === 0) return;
  // The opponent's placement as it stood: hidden cards back in hand, the viewer's chaos row not yet in sight.
  const t = cloneState(s);
  // Hand cards the viewer has seen stay in hand (the view shows them there), out of the heuristic's choice.
  const seen = s.seen[me].hand;
  const keep = po.hand.filter((id) => seen.includes(id));
  const pool = [...po.hand.filter((id) => !seen.includes(id)), ...hidden.map((k) => (po.chaos[k] as { card: number }).card)];
  if (pool.length < hidden.length) return;
  t.players[o].hand = pool.slice();
  for (const k of hidden) t.players[o].chaos[k] = null;
  t.players[me].chaos = [null, null, null, null, null];
  const a = heuristicPlacement(playerView(t, o, { deckLists: false, noDiscards: true }), false, blocked);
  if (a.type !== "place") return;
  const chosen = new Set<number>();
  for (const k of hidden) {
    const id = a.cards[k];
    if (id === null || id === undefined) return;
    chosen.add(id);
  }
  for (const k of hidden) (po.chaos[k] as { card: number }).card = a.cards[k] as number;
  po.hand = [...keep, ...pool.filter((id) => !chosen.has(id))];
}
