/**
 * Copy and battle discards of a resolving flip (RULES.md §4.3 steps 3–4),
 * with the rush rules effects change (no copy discards, the lower card is
 * discarded, this card battles any color) and the triggers they fire.
 */
import { PROTECT_BATTLE, PROTECT_COPY, type Frame, type GameEvent, type GameState, type Player, type Row, type Slot, type SlotRef } from "../types";
import { discardFromField, ref, rowOf } from "./board";
import { activeAuras, currentRings, isProtected, type Auras } from "../effects/auras";
import { leftField, ruleHolds } from "./lasting";
import { hasTrigger, onDiscarded, pushTrigger } from "../effects/triggers";
import { report } from "../describe/events";
import { fieldCard } from "../describe/facts";

/**
 * Copy discard (RULES.md §4.3 step 3): same active color and same printed
 * rings, either row. One event: every matching card is found first, with
 * protection judged on the board as it stood, then all of them go together
 * (so a matched protector still protects the others, whatever the columns).
 * The log has one entry per card, in slot order.
 */
export function copyDiscard(s: GameState, f: Frame, slot: Slot, ev: GameEvent[] | null): void {
  if (s.lasting.length > 0 && ruleHolds(s, "no-copy-discards", null)) {
    if (ev) report(s, ev, { type: "effect", player: f.player, cards: [f.card] }, { fact: "no-copy-discards", card: f.card, color: slot.color });
    return;
  }
  const o = (1 - f.player) as Player;
  const color = slot.color;
  const cards = s.cards;
  const rings = cards[f.card].rings;
  const po = s.players[o];
  // Matches as (row index * 5 + column); auras are read once, before anything leaves.
  let hit = 0;
  let auras: Auras | null = null;
  for (let ri = 0; ri < 2; ri++) {
    const r = ri === 0 ? po.chaos : po.spare;
    for (let ci = 0; ci < 5; ci++) {
      const t = r[ci];
      if (t === null || !t.faceUp || t.color !== color || cards[t.card].rings !== rings) continue;
      const row: Row = ri === 0 ? "chaos" : "spare";
      if ((t.protect & PROTECT_COPY) !== 0 || ((s.continuous || s.lasting.length > 0) && isProtected(s, o, row, ci, PROTECT_COPY, (auras ??= activeAuras(s))))) {
        if (ev) report(s, ev, { type: "copy-discard", player: o, cards: [], column: ci + 1, row }, { fact: "copy-protected", target: fieldCard(t, o, row, ci) });
        continue;
      }
      hit |= 1 << (ri * 5 + ci);
    }
  }
  if (hit === 0) return;
  let triggered = 0;
  for (let ri = 0; ri < 2; ri++) {
    const r = ri === 0 ? po.chaos : po.spare;
    const row: Row = ri === 0 ? "chaos" : "spare";
    for (let ci = 0; ci < 5; ci++) {
      if ((hit & (1 << (ri * 5 + ci))) === 0) continue;
      const id = (r[ci] as Slot).card;
      r[ci] = null;
      po.discard.push(id);
      if (s.lasting.length > 0) leftField(s, id);
      if (hasTrigger(s, id, "discarded")) triggered |= 1 << (ri * 5 + ci);
      if (ev)
        report(
          s,
          ev,
          { type: "copy-discard", player: o, players: [f.player, o], cards: [id, f.card], column: ci + 1, row },
          { fact: "copy-discarded", player: f.player, card: f.card, color, target: { player: o, card: id, faceUp: true, color, row, column: ci + 1 } },
        );
    }
  }
  // "When discarded" effects of the copy discard resolve in slot order, after it (pushed in reverse).
  for (let k = 9; triggered !== 0 && k >= 0; k--)
    if (triggered & (1 << k)) onDiscarded(s, o, k < 5 ? "chaos" : "spare", k % 5, po.discard[po.discard.length - 1 - countAbove(hit, k)]);
}

/** How many bits of `mask` are above bit `k` (cards discarded after slot k). */
function countAbove(mask: number, k: number): number {
  let n = 0;
  for (let j = k + 1; j < 10; j++) if (mask & (1 << j)) n++;
  return n;
}

/** Is there an opposing face-up card of the flipped card's active color in its column (RULES.md §4.3 step 4)? */
export function mayBattle(s: GameState, f: Frame, slot: Slot): boolean {
  const po = s.players[1 - f.player];
  const a = po.spare[f.column];
  const b = po.chaos[f.column];
  const any = s.lasting.length > 0 && ruleHolds(s, "any-color", null, f.card);
  return (a !== null && a.faceUp && (any || a.color === slot.color)) || (b !== null && b.faceUp && (any || b.color === slot.color));
}

export function battleCandidates(s: GameState, f: Frame, slot: Slot, auras: Auras | null): SlotRef[] | null {
  const o = (1 - f.player) as Player;
  const po = s.players[o];
  let out: SlotRef[] | null = null;
  // "This card battles any color".
  const any = s.lasting.length > 0 && ruleHolds(s, "any-color", null, f.card);
  for (let ri = 0; ri < 2; ri++) {
    const row: Row = ri === 0 ? "spare" : "chaos";
    const t = (ri === 0 ? po.spare : po.chaos)[f.column];
    if (t === null || !t.faceUp || (!any && t.color !== slot.color)) continue;
    if ((t.protect & PROTECT_BATTLE) !== 0 || ((auras !== null || s.lasting.length > 0) && isProtected(s, o, row, f.column, PROTECT_BATTLE, auras ?? undefined))) continue;
    (out ??= []).push(ref(o, row, f.column));
  }
  return out;
}

/** Current rings with a fast path when no continuous effect is in play (RULES.md §4.3 step 4). */
function ringsNow(s: GameState, p: Player, row: Row, ci: number, auras: Auras | null): number {
  if (auras !== null || s.lasting.length > 0) return currentRings(s, p, row, ci, auras ?? undefined);
  const x = (row === "chaos" ? s.players[p].chaos : s.players[p].spare)[ci] as Slot;
  const v = (x.setRings ?? s.cards[x.card].rings) + x.mod;
  return v < 0 ? 0 : v;
}

/** Battle discard against one chosen card (RULES.md §4.3 step 4): discarded if it has more current rings. */
export function battle(s: GameState, f: Frame, row: Row, ci: number, ev: GameEvent[] | null, auras: Auras | null = s.continuous ? activeAuras(s) : null): void {
  const o = (1 - f.player) as Player;
  const t = rowOf(s, o, row)[ci] as Slot;
  const mine = ringsNow(s, f.player, f.row, f.column, auras);
  const theirs = ringsNow(s, o, row, ci, auras);
  // "The lower card is discarded" turns the comparison around.
  const lower = s.lasting.length > 0 && ruleHolds(s, "lower-discarded", null);
  if (lower ? theirs < mine : theirs > mine) {
    const id = discardFromField(s, o, row, ci);
    // The discarded card lost the battle, the flipped card won it (docs/rules.md); the winner's effect resolves first.
    if (hasTrigger(s, id, "battle-lost")) pushTrigger(s, "battle-lost", o, row, ci, id, f.card);
    else onDiscarded(s, o, row, ci, id);
    if (hasTrigger(s, f.card, "battle-won")) pushTrigger(s, "battle-won", f.player, f.row, f.column, f.card, id);
    if (ev)
      report(
        s,
        ev,
        { type: "battle-discard", player: o, players: [f.player, o], cards: [id, f.card], column: ci + 1, row },
        { fact: "battle", discarded: true, lower, player: f.player, card: f.card, mine, target: fieldCard(t, o, row, ci), theirs },
      );
  } else {
    // Nothing discarded: the opposing card won, the flipped card lost (docs/rules.md).
    if (hasTrigger(s, f.card, "battle-lost")) pushTrigger(s, "battle-lost", f.player, f.row, f.column, f.card, t.card);
    if (hasTrigger(s, t.card, "battle-won")) pushTrigger(s, "battle-won", o, row, ci, t.card, f.card);
    if (ev)
      report(
        s,
        ev,
        { type: "battle", player: o, players: [f.player, o], cards: [t.card, f.card], column: ci + 1, row },
        { fact: "battle", discarded: false, lower, player: f.player, card: f.card, mine, target: fieldCard(t, o, row, ci), theirs },
      );
  }
}
