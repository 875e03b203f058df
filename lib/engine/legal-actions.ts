/**
 * Legal actions (RULES.md §4.1–§4.3, §6): what a player may do now.
 */
import { nextInt, type RngHolder } from "./rng";
import { flipMask } from "./rules/rush";
import { correctionActions } from "./rules/correction";
import type { Action, GameState, Pending, Player } from "./types";

/**
 * Every placement of a hand into the chaos row (RULES.md §4.1): all ordered
 * choices of 5 cards (up to 2,520 for a hand of 7), or, with fewer than 5
 * cards in hand, every way to place all of them (docs/rules.md).
 */
export function placements(hand: readonly number[]): (number | null)[][] {
  const need = Math.min(5, hand.length);
  const out: (number | null)[][] = [];
  const cur: (number | null)[] = [];
  const used = hand.map(() => false);
  const rec = (col: number, placed: number): void => {
    if (col === 5) {
      if (placed === need) out.push(cur.slice());
      return;
    }
    if (5 - col > need - placed) {
      cur.push(null);
      rec(col + 1, placed);
      cur.pop();
    }
    if (placed < need) {
      for (let i = 0; i < hand.length; i++) {
        if (used[i]) continue;
        used[i] = true;
        cur.push(hand[i]);
        rec(col + 1, placed + 1);
        cur.pop();
        used[i] = false;
      }
    }
  };
  rec(0, 0);
  return out;
}

/** The answers to a pending decision (RULES.md §4.3, §6). */
export function pendingActions(pd: Pending): Action[] {
  const p = pd.player;
  switch (pd.kind) {
    case "color":
      return pd.options.map((color) => ({ type: "choose", player: p, color }));
    case "optional":
      return [
        { type: "choose", player: p, yes: true },
        { type: "choose", player: p, yes: false },
        { type: "pass", player: p },
      ];
    case "target": {
      const picks: Action[] = pd.options.map((slot) => ({ type: "choose" as const, player: p, slot }));
      return pd.required ? picks : [...picks, { type: "pass", player: p }];
    }
    case "battle":
      return pd.options.map((slot) => ({ type: "choose", player: p, slot }));
    case "card": {
      const picks: Action[] = pd.options.map((card) => ({ type: "choose" as const, player: p, card }));
      return pd.required ? picks : [...picks, { type: "pass", player: p }];
    }
    case "correction":
      return correctionActions(pd);
  }
}

/** The flips allowed by the column rule, as actions (RULES.md §4.2). */
export function flipActions(mask: number, p: Player): Action[] {
  const out: Action[] = [];
  for (let i = 0; i < 5; i++) if (mask & (1 << i)) out.push({ type: "flip", player: p, column: i + 1 });
  return out;
}

/**
 * Every legal action of a player now (RULES.md §4, §6). In the play step both
 * players may place, in either order; in the rush step only the player to
 * flip; with a pending decision only its owner. Empty when the game is over.
 */
export function legalActions(s: GameState, p: Player): Action[] {
  if (s.winner !== null) return [];
  if (s.pending !== null) return s.pending.player === p ? pendingActions(s.pending) : [];
  if (s.step === "play") {
    const pl = s.players[p];
    if (pl.placed) return [];
    return placements(pl.hand).map((cards) => ({ type: "place", player: p, cards }));
  }
  if (s.step === "rush" && s.next === p) return flipActions(flipMask(s, p), p);
  return [];
}

/** A uniformly random placement of a hand (RULES.md §4.1), without listing them all. */
export function randomPlacement(hand: readonly number[], r: RngHolder): (number | null)[] {
  const h = hand.slice();
  const need = Math.min(5, h.length);
  for (let i = 0; i < need; i++) {
    const j = i + nextInt(r, h.length - i);
    const t = h[i];
    h[i] = h[j];
    h[j] = t;
  }
  if (need === 5) return h.slice(0, 5);
  const cols: (number | null)[] = [null, null, null, null, null];
  const free = [0, 1, 2, 3, 4];
  for (let i = 0; i < need; i++) {
    const k = nextInt(r, free.length);
    cols[free[k]] = h[i];
    free.splice(k, 1);
  }
  return cols;
}

/**
 * A random legal action (or null when the player has none), without listing
 * placements: uniform over the choices, except in a correction window, where
 * it ends the window (`pass`) half the time and otherwise makes a uniformly
 * random correction.
 */
export function randomLegalAction(s: GameState, p: Player, r: RngHolder): Action | null {
  if (s.winner !== null) return null;
  const pd = s.pending;
  if (pd !== null) {
    if (pd.player !== p) return null;
    // One of pendingActions(pd), drawn uniformly without listing them.
    switch (pd.kind) {
      case "color":
        return { type: "choose", player: p, color: pd.options[nextInt(r, pd.options.length)] };
      case "optional": {
        const k = nextInt(r, 3);
        return k === 2 ? { type: "pass", player: p } : { type: "choose", player: p, yes: k === 0 };
      }
      case "target": {
        const k = nextInt(r, pd.options.length + (pd.required ? 0 : 1));
        return k === pd.options.length ? { type: "pass", player: p } : { type: "choose", player: p, slot: pd.options[k] };
      }
      case "battle":
        return { type: "choose", player: p, slot: pd.options[nextInt(r, pd.options.length)] };
      case "card": {
        const k = nextInt(r, pd.options.length + (pd.required ? 0 : 1));
        return k === pd.options.length ? { type: "pass", player: p } : { type: "choose", player: p, card: pd.options[k] };
      }
      case "correction": {
        // Done half the time, else one correction drawn uniformly, so a random game's windows stay short.
        if (nextInt(r, 2) === 0) return { type: "pass", player: p };
        const acts = correctionActions(pd);
        return acts[1 + nextInt(r, acts.length - 1)];
      }
    }
  }
  if (s.step === "play") {
    const pl = s.players[p];
    if (pl.placed) return null;
    return { type: "place", player: p, cards: randomPlacement(pl.hand, r) };
  }
  if (s.step === "rush" && s.next === p) {
    const m = flipMask(s, p);
    let n = 0;
    for (let i = 0; i < 5; i++) if (m & (1 << i)) n++;
    let k = nextInt(r, n);
    for (let i = 0; i < 5; i++)
      if (m & (1 << i)) {
        if (k === 0) return { type: "flip", player: p, column: i + 1 };
        k--;
      }
  }
  return null;
}

/** The first of {@link playersToAct} without allocating (null when nobody must act). */
export function firstToAct(s: GameState): Player | null {
  if (s.winner !== null) return null;
  if (s.pending !== null) return s.pending.player;
  if (s.step === "play") return !s.players[0].placed ? 0 : !s.players[1].placed ? 1 : null;
  return s.next;
}

/** Who must act now: the pending decision's owner, the players yet to place, or the player to flip (RULES.md §4). */
export function playersToAct(s: GameState): Player[] {
  if (s.winner !== null) return [];
  if (s.pending !== null) return [s.pending.player];
  if (s.step === "play") {
    const a = s.players[0].placed;
    const b = s.players[1].placed;
    return a ? (b ? [] : [1]) : b ? [0] : [0, 1];
  }
  return [s.next];
}
