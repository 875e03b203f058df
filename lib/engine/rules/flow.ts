/**
 * Turn flow (RULES.md §4, §5): flip resolution in order, the score step, the
 * recharge step, winning and the `maxTurns` draw. One mutable core used by
 * `applyAction` (on a private clone) and by simulations.
 */
import {
  PROTECT_BATTLE,
  PROTECT_COPY,
  type Color,
  type Frame,
  type GameEvent,
  type GameState,
  type Player,
  type Row,
  type Slot,
  type SlotRef,
} from "../types";
import { discardFromField, drawCards, label, pname, ref, rowOf } from "./board";
import { activeAuras, currentRings, isProtected, scoreRings, type Auras } from "../effects/auras";
import { runFlipEffect } from "../effects/interpreter";
import { faceDownMask } from "./rush";
import { endLasting, leftField, ruleHolds } from "./lasting";
import { hasTrigger, onDiscarded, onOpposingFlip, pushScoreTriggers, pushTrigger } from "../effects/triggers";
import { openCorrection } from "./correction";


/** Turn a face-down chaos card face up as a rush flip and start resolving it (RULES.md §4.2, §4.3). */
export function rushFlip(s: GameState, p: Player, ci: number, ev: GameEvent[] | null): void {
  const slot = s.players[p].chaos[ci] as Slot;
  slot.faceUp = true;
  slot.peek = 0;
  const d = s.cards[slot.card];
  // A face-down card has no active color: one color is its own, several are the owner's choice (docs/rules.md).
  slot.color = d.colors.length === 1 ? d.colors[0] : null;
  if (ev)
    ev.push({
      type: "flip",
      player: p,
      cards: [slot.card],
      column: ci + 1,
      message: `${pname(p)} flipped ${label(s, slot.card, slot.color)} in column ${ci + 1}.`,
    });
  if (ev && !d.effect && typeof d.text === "string" && d.text.trim() !== "")
    ev.push({ type: "effect", player: p, cards: [slot.card], column: ci + 1, message: `${d.title}: text not automated; the card plays as vanilla (RULES.md §6).` });
  s.lastFlip = { player: p, column: ci + 1 };
  s.next = (1 - p) as Player;
  endLasting(s, "field");
  // "When an opposing card is flipped in this column" resolves after this flip (docs/rules.md).
  onOpposingFlip(s, p, ci);
  s.stack.push({ player: p, row: "chaos", column: ci, card: slot.card, stage: "color", full: true, runEffect: true, ai: 0, picked: [], started: false, sub: null, trigger: "flip", other: -1, done: 0, last: 0, amt: -1 });
}

/** The active color chosen for a multi-color card just flipped (RULES.md §4.3 step 1). */
export function answerFlipColor(s: GameState, c: Color, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  const slot = rowOf(s, f.player, f.row)[f.column] as Slot;
  slot.color = c;
  f.stage = "effect";
  if (ev)
    ev.push({ type: "color", player: f.player, cards: [f.card], column: f.column + 1, message: `${pname(f.player)} chose ${c} as the active color of ${label(s, f.card, c)}.` });
}

/** The flipping player's battle-discard choice (RULES.md §4.3 step 4). */
export function answerBattle(s: GameState, t: SlotRef, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  battle(s, f, t.row, t.column - 1, ev);
  f.stage = "done";
}

function present(s: GameState, f: Frame): Slot | null {
  const pl = s.players[f.player];
  const slot = (f.row === "chaos" ? pl.chaos : pl.spare)[f.column];
  // A card turned face down meanwhile has left play for its copy and battle discards (docs/rules.md).
  return slot && slot.card === f.card && slot.faceUp ? slot : null;
}

/**
 * Copy discard (RULES.md §4.3 step 3): same active color and same printed
 * rings, either row. One event: every matching card is found first, with
 * protection judged on the board as it stood, then all of them go together
 * (so a matched protector still protects the others, whatever the columns).
 * The log has one entry per card, in slot order.
 */
function copyDiscard(s: GameState, f: Frame, slot: Slot, ev: GameEvent[] | null): void {
  if (s.lasting.length > 0 && ruleHolds(s, "no-copy-discards", null)) {
    if (ev) ev.push({ type: "effect", player: f.player, cards: [f.card], message: `No copy discards now (a card's effect): ${label(s, f.card, slot.color)} discards nothing by copy.` });
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
        if (ev)
          ev.push({ type: "copy-discard", player: o, cards: [], column: ci + 1, row, message: `Copy discard: ${pname(o)}'s ${label(s, t.card, t.color)} matches but is protected from copy discard.` });
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
        ev.push({
          type: "copy-discard",
          player: o,
          players: [f.player, o],
          cards: [id, f.card],
          column: ci + 1,
          row,
          message: `Copy discard: ${pname(f.player)}'s ${label(s, f.card, color)} matched ${pname(o)}'s ${label(s, id, color)} (${row} row, column ${ci + 1}), which is discarded.`,
        });
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
function mayBattle(s: GameState, f: Frame, slot: Slot): boolean {
  const po = s.players[1 - f.player];
  const a = po.spare[f.column];
  const b = po.chaos[f.column];
  const any = s.lasting.length > 0 && ruleHolds(s, "any-color", null, f.card);
  return (a !== null && a.faceUp && (any || a.color === slot.color)) || (b !== null && b.faceUp && (any || b.color === slot.color));
}

function battleCandidates(s: GameState, f: Frame, slot: Slot, auras: Auras | null): SlotRef[] | null {
  const o = (1 - f.player) as Player;
  const po = s.players[o];
  let out: SlotRef[] | null = null;
  // "This card battles any color" (effect language v2).
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
function battle(s: GameState, f: Frame, row: Row, ci: number, ev: GameEvent[] | null, auras: Auras | null = s.continuous ? activeAuras(s) : null): void {
  const o = (1 - f.player) as Player;
  const t = rowOf(s, o, row)[ci] as Slot;
  const mine = ringsNow(s, f.player, f.row, f.column, auras);
  const theirs = ringsNow(s, o, row, ci, auras);
  // "The lower card is discarded" (effect language v2) turns the comparison around.
  const lower = s.lasting.length > 0 && ruleHolds(s, "lower-discarded", null);
  if (lower ? theirs < mine : theirs > mine) {
    const id = discardFromField(s, o, row, ci);
    // The discarded card lost the battle, the flipped card won it (docs/rules.md); the winner's effect resolves first.
    if (hasTrigger(s, id, "battle-lost")) pushTrigger(s, "battle-lost", o, row, ci, id, f.card);
    else onDiscarded(s, o, row, ci, id);
    if (hasTrigger(s, f.card, "battle-won")) pushTrigger(s, "battle-won", f.player, f.row, f.column, f.card, id);
    if (ev)
      ev.push({
        type: "battle-discard",
        player: o,
        players: [f.player, o],
        cards: [id, f.card],
        column: ci + 1,
        row,
        message: `Battle discard: ${pname(o)}'s ${label(s, id, t.color)} (${theirs} rings) has ${lower ? "fewer" : "more"} rings than ${pname(f.player)}'s ${label(s, f.card, t.color)} (${mine}) in column ${ci + 1}, so it is discarded.`,
      });
  } else {
    // Nothing discarded: the opposing card won, the flipped card lost (docs/rules.md).
    if (hasTrigger(s, f.card, "battle-lost")) pushTrigger(s, "battle-lost", f.player, f.row, f.column, f.card, t.card);
    if (hasTrigger(s, t.card, "battle-won")) pushTrigger(s, "battle-won", o, row, ci, t.card, f.card);
    if (ev) ev.push({
      type: "battle",
      player: o,
      players: [f.player, o],
      cards: [t.card, f.card],
      column: ci + 1,
      row,
      message: `Battle: ${pname(o)}'s ${label(s, t.card, t.color)} (${theirs} rings) does not have ${lower ? "fewer" : "more"} rings than ${pname(f.player)}'s ${label(s, f.card, t.color)} (${mine}); nothing is discarded.`,
    });
  }
}

/** Advance the frame on top of the stack one stage (RULES.md §4.3). */
function stepFrame(s: GameState, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  const slot = present(s, f);
  if (slot === null && f.stage !== "effect") {
    // The card left the field: steps 3 and 4 do not happen (RULES.md §4.3).
    s.stack.pop();
    return;
  }
  switch (f.stage) {
    case "color": {
      if ((slot as Slot).color === null) {
        s.pending = {
          kind: "color",
          player: f.player,
          slot: ref(f.player, f.row, f.column),
          options: s.cards[f.card].colors.slice(),
          reason: "flip",
          prompt: `Choose the active color of ${label(s, f.card)} (column ${f.column + 1}).`,
        };
        return;
      }
      f.stage = "effect";
      return;
    }
    case "effect":
      // Manual corrections (opt-in) for a card whose text is not automated wait here.
      if (s.rules.manualCorrections !== undefined && openCorrection(s, f)) return;
      // An effect finishes even if its own card left the field meanwhile.
      if (!f.runEffect || runFlipEffect(s, f, ev)) f.stage = f.full && present(s, f) !== null ? "copy" : "done";
      return;
    case "copy":
      copyDiscard(s, f, slot as Slot, ev);
      f.stage = "battle";
      return;
    case "battle": {
      // Continuous effects in force are computed once, and only when some opposing card could battle.
      const auras = s.continuous && mayBattle(s, f, slot as Slot) ? activeAuras(s) : null;
      const c = battleCandidates(s, f, slot as Slot, auras);
      if (c === null) f.stage = "done";
      else if (c.length === 1) {
        battle(s, f, c[0].row, f.column, ev, auras);
        f.stage = "done";
      } else
        s.pending = {
          kind: "battle",
          player: f.player,
          slot: ref(f.player, f.row, f.column),
          options: c,
          prompt: `Battle discard: choose which of ${pname((1 - f.player) as Player)}'s ${(slot as Slot).color} cards in column ${f.column + 1} to battle with ${label(s, f.card, (slot as Slot).color)}.`,
        };
      return;
    }
    case "done":
      s.stack.pop();
  }
}

/**
 * Rings of a player's face-up cards at the score step (RULES.md §4.4): printed
 * rings, changed only by continuous score-step effects ("+N rings at the
 * score step", "this card counts 0"), never by battle modifiers.
 */
function ringTotal(s: GameState, p: Player, auras: Auras | null): number {
  const pl = s.players[p];
  let t = 0;
  for (let ci = 0; ci < 5; ci++) {
    const a = pl.chaos[ci];
    if (a !== null && a.faceUp) t += auras === null ? s.cards[a.card].rings : scoreRings(s, p, "chaos", ci, auras);
    const b = pl.spare[ci];
    if (b !== null && b.faceUp) t += auras === null ? s.cards[b.card].rings : scoreRings(s, p, "spare", ci, auras);
  }
  return t;
}

/**
 * Score step (RULES.md §4.4): rings of face-up cards; more rings gains an
 * emerald; 3 wins. A tie gives the emerald to the one player with a "win
 * ties" card face up (nobody when both or neither have one).
 */
export function scoreStep(s: GameState, ev: GameEvent[] | null): void {
  let auras: Auras | null = s.continuous ? activeAuras(s) : null;
  if (auras !== null && auras.score.length === 0 && auras.ties === 0) auras = null;
  const tot = [ringTotal(s, 0, auras), ringTotal(s, 1, auras)];
  let w: Player | null = tot[0] > tot[1] ? 0 : tot[1] > tot[0] ? 1 : null;
  const byTie = w === null && auras !== null && (auras.ties === 1 || auras.ties === 2);
  if (byTie) w = ((auras as Auras).ties === 1 ? 0 : 1) as Player;
  if (ev)
    ev.push({
      type: "score",
      player: w,
      players: [0, 1],
      cards: [],
      totals: [tot[0], tot[1]],
      message: `Score: ${pname(0)} ${tot[0]} rings, ${pname(1)} ${tot[1]} rings${w === null ? " — a tie, nobody gains an emerald" : byTie ? ` — a tie, which ${pname(w)} wins by a card's effect` : ""}.`,
    });
  if (w === null) return;
  s.emeralds[w]++;
  if (ev)
    ev.push({ type: "emerald", player: w, cards: [], message: `${pname(w)} gains a Chaos Emerald for ${byTie ? "winning the tie" : "having more rings"} (${s.emeralds[w]} now).` });
  if (s.emeralds[w] >= 3) {
    s.winner = w;
    s.step = "over";
    if (ev) ev.push({ type: "win", player: w, cards: [], message: `${pname(w)} holds 3 Chaos Emeralds and wins.` });
  }
}

/** Recharge step (RULES.md §4.5): draw to 7, discard spare rows, move chaos to spare, lead passes. */
export function rechargeStep(s: GameState, ev: GameEvent[] | null): void {
  // Face-up cards with "when this card moves to the spare row", as (player, column), lead first.
  let toSpare: number[] | null = null;
  for (let i = 0; i < 2; i++) {
    const p = (i === 0 ? s.lead : 1 - s.lead) as Player;
    const need = 7 - s.players[p].hand.length;
    if (need > 0) drawCards(s, p, need, ev, "recharge: draw to 7", "recharge");
  }
  for (let i = 0; i < 2; i++) {
    const p = (i === 0 ? s.lead : 1 - s.lead) as Player;
    const pl = s.players[p];
    const gone: number[] | null = ev ? [] : null;
    for (let ci = 0; ci < 5; ci++) {
      const x = pl.spare[ci];
      if (x !== null) {
        gone?.push(x.card);
        pl.discard.push(x.card);
        if (s.lasting.length > 0) leftField(s, x.card);
      }
      const c = pl.chaos[ci];
      pl.spare[ci] = c;
      pl.chaos[ci] = null;
      if (c !== null && c.faceUp && hasTrigger(s, c.card, "to-spare")) (toSpare ??= []).push(p * 5 + ci);
    }
    if (ev && gone !== null && gone.length)
      ev.push({ type: "discard", player: p, cards: gone, cause: "recharge", row: "spare", message: `${pname(p)} discarded their spare row: ${gone.map((c) => label(s, c)).join(", ")} (recharge).` });
    if (ev) {
      const moved = pl.spare.filter((x) => x !== null).map((x) => (x as Slot).card);
      if (moved.length)
        ev.push({ type: "move", player: p, cards: moved, message: `${pname(p)} moved their chaos row into the spare row (recharge).` });
    }
    pl.placed = false;
  }
  s.lead = (1 - s.lead) as Player;
  s.turn++;
  s.step = "play";
  s.lastFlip = null;
  s.next = s.lead;
  s.scoring = false;
  endLasting(s, "turn");
  if (ev) ev.push({ type: "lead", player: s.lead, cards: [], message: `Turn ${s.turn}: ${pname(s.lead)} leads.` });
  // Their effects resolve once the recharge is done, before the next play step (pushed in reverse).
  if (toSpare !== null)
    for (let i = toSpare.length - 1; i >= 0; i--) {
      const p = (toSpare[i] >= 5 ? 1 : 0) as Player;
      const ci = toSpare[i] % 5;
      pushTrigger(s, "to-spare", p, "spare", ci, (s.players[p].spare[ci] as Slot).card);
    }
}

/**
 * Run every step that needs no decision (RULES.md §8 "steps that need no
 * decision run on their own"): flip resolution, automatic passes, rush end,
 * score, recharge. Stops at a pending decision, a player's turn to act, or the end.
 */
export function advance(s: GameState, ev: GameEvent[] | null): void {
  for (;;) {
    if (s.winner !== null || s.pending !== null) return;
    if (s.stack.length > 0) {
      stepFrame(s, ev);
      continue;
    }
    if (s.step === "play") {
      for (let p: Player = 0; p < 2; p = (p + 1) as Player) {
        const pl = s.players[p];
        if (!pl.placed && pl.hand.length === 0) {
          pl.placed = true;
          if (ev) ev.push({ type: "pass", player: p, cards: [], message: `${pname(p)} has no card in hand and places nothing (RULES.md §4.1).` });
        }
      }
      if (!s.players[0].placed || !s.players[1].placed) return;
      s.step = "rush";
      s.next = s.lead;
      s.lastFlip = null;
      continue;
    }
    if (s.step !== "rush") return;
    if (faceDownMask(s, s.next) !== 0) return;
    const o = (1 - s.next) as Player;
    if (faceDownMask(s, o) !== 0) {
      if (ev) ev.push({ type: "pass", player: s.next, cards: [], message: `${pname(s.next)} has no face-down chaos card left and passes (RULES.md §4.2).` });
      s.next = o;
      return;
    }
    // "At the score step" effects resolve first, once per turn (docs/rules.md); then rings are counted.
    if (!s.scoring) {
      s.scoring = true;
      // Rules changed "until the end of the rush" end here.
      endLasting(s, "rush");
      if (pushScoreTriggers(s)) continue;
    }
    scoreStep(s, ev);
    if (s.winner !== null) return;
    if (s.turn >= s.rules.maxTurns) {
      s.winner = "draw";
      s.step = "over";
      if (ev) ev.push({ type: "draw-game", player: null, cards: [], message: `The game is a draw: ${s.rules.maxTurns} turns were played without a winner (RULES.md §5).` });
      return;
    }
    rechargeStep(s, ev);
  }
}
