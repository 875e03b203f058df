/**
 * Turn flow (RULES.md §4, §5): flip resolution in order, the score step, the
 * recharge step, winning and the `maxTurns` draw. One mutable core used by
 * `applyAction` (on a private clone) and by simulations.
 */
import type { Color, Frame, GameEvent, GameState, Player, Slot, SlotRef } from "../types";
import { drawCards, ref, rowOf } from "./board";
import { report } from "../describe/events";
import { promptFor } from "../describe/prompts";
import { activeAuras, scoreRings, type Auras } from "../effects/auras";
import { runFlipEffect } from "../effects/interpreter";
import { faceDownMask } from "./rush";
import { endLasting, leftField } from "./lasting";
import { hasTrigger, onOpposingFlip, pushScoreTriggers, pushTrigger } from "../effects/triggers";
import { openCorrection } from "./correction";
import { battle, battleCandidates, copyDiscard, mayBattle } from "./discards";


/** Turn a face-down chaos card face up as a rush flip and start resolving it (RULES.md §4.2, §4.3). */
export function rushFlip(s: GameState, p: Player, ci: number, ev: GameEvent[] | null): void {
  const slot = s.players[p].chaos[ci] as Slot;
  slot.faceUp = true;
  slot.peek = 0;
  const d = s.cards[slot.card];
  // A face-down card has no active color: one color is its own, several are the owner's choice (docs/rules.md).
  slot.color = d.colors.length === 1 ? d.colors[0] : null;
  if (ev) report(s, ev, { type: "flip", player: p, cards: [slot.card], column: ci + 1 }, { fact: "flipped", player: p, card: slot.card, color: slot.color, column: ci + 1 });
  if (ev && !d.effect && typeof d.text === "string" && d.text.trim() !== "") report(s, ev, { type: "effect", player: p, cards: [slot.card], column: ci + 1 }, { fact: "not-automated", card: slot.card });
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
  if (ev) report(s, ev, { type: "color", player: f.player, cards: [f.card], column: f.column + 1 }, { fact: "flip-color", player: f.player, card: f.card, color: c });
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
          prompt: promptFor(s, { ask: "flip-color", card: f.card, column: f.column + 1 }),
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
          prompt: promptFor(s, { ask: "battle", card: f.card, opponent: (1 - f.player) as Player, color: (slot as Slot).color, column: f.column + 1 }),
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
  if (ev) report(s, ev, { type: "score", player: w, players: [0, 1], cards: [], totals: [tot[0], tot[1]] }, { fact: "score", totals: [tot[0], tot[1]], winner: w, byTie });
  if (w === null) return;
  s.emeralds[w]++;
  if (ev) report(s, ev, { type: "emerald", player: w, cards: [] }, { fact: "score-emerald", player: w, byTie, now: s.emeralds[w] });
  if (s.emeralds[w] >= 3) {
    s.winner = w;
    s.step = "over";
    if (ev) report(s, ev, { type: "win", player: w, cards: [] }, { fact: "won", player: w });
  }
}

/** Recharge step (RULES.md §4.5): draw to 7, discard spare rows, move chaos to spare, lead passes. */
export function rechargeStep(s: GameState, ev: GameEvent[] | null): void {
  // Face-up cards with "when this card moves to the spare row", as (player, column), lead first.
  let toSpare: number[] | null = null;
  for (let i = 0; i < 2; i++) {
    const p = (i === 0 ? s.lead : 1 - s.lead) as Player;
    const need = 7 - s.players[p].hand.length;
    if (need > 0) drawCards(s, p, need, ev, "recharge");
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
    if (ev && gone !== null && gone.length) report(s, ev, { type: "discard", player: p, cards: gone, cause: "recharge", row: "spare" }, { fact: "spare-discarded", player: p, cards: gone });
    if (ev) {
      const moved = pl.spare.filter((x) => x !== null).map((x) => (x as Slot).card);
      if (moved.length) report(s, ev, { type: "move", player: p, cards: moved }, { fact: "chaos-to-spare", player: p });
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
  if (ev) report(s, ev, { type: "lead", player: s.lead, cards: [] }, { fact: "lead", turn: s.turn, player: s.lead });
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
          if (ev) report(s, ev, { type: "pass", player: p, cards: [] }, { fact: "nothing-to-place", player: p });
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
      if (ev) report(s, ev, { type: "pass", player: s.next, cards: [] }, { fact: "nothing-to-flip", player: s.next });
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
      if (ev) report(s, ev, { type: "draw-game", player: null, cards: [] }, { fact: "draw-game", turns: s.rules.maxTurns });
      return;
    }
    rechargeStep(s, ev);
  }
}
