/**
 * The actions players take, the errors that reject them and the events that
 * report what happened (house rule 3, RULES.md §8). Plain JSON like the
 * state; re-exported by types.ts.
 */
import type { Color, GameState, Player, Row, SlotRef } from "./types";

/** Place five cards from hand face down into the chaos row, in column order (RULES.md §4.1). */
export interface PlaceAction {
  type: "place";
  player: Player;
  /** Instance ids for columns 1–5; `null` only when the hand holds fewer than 5 cards. */
  cards: (number | null)[];
}
/** Flip your face-down chaos card in a column (RULES.md §4.2). */
export interface FlipAction {
  type: "flip";
  player: Player;
  column: number;
}
/** Answer the pending decision (RULES.md §4.3, §6): exactly one of color, slot, yes, card. */
export interface ChooseAction {
  type: "choose";
  player: Player;
  color?: Color;
  slot?: SlotRef;
  yes?: boolean;
  /** A card instance id, for a `card` decision. */
  card?: number;
}
/** Decline a declinable decision: a "you may" or further "up to N" targets (RULES.md §6). */
export interface PassAction {
  type: "pass";
  player: Player;
}
/** The manual-correction primitives (RULES.md §6, docs/rules.md). */
export type CorrectionOp = "discard" | "return" | "draw" | "flip-up" | "rings";

/**
 * A manual correction for one's own just-flipped card whose text is not
 * automated (RULES.md §6): discard a field card, return a field card to its
 * owner's hand, draw 1, flip an opposing face-down card face up (no trigger),
 * or modify a face-up card's rings by `amount` (±1–10) for battle comparisons.
 * Legal only in a correction window (docs/rules.md).
 */
export interface CorrectAction {
  type: "correct";
  player: Player;
  op: CorrectionOp;
  /** The target slot (every op but draw). */
  slot?: SlotRef;
  /** Rings to add (negative to subtract), for op "rings". */
  amount?: number;
}
/** Every action a player can take. */
export type Action = PlaceAction | FlipAction | ChooseAction | PassAction | CorrectAction;

/** Error codes of rejected actions (house rule 3). */
export type EngineErrorCode =
  | "action/malformed"
  | "action/unknown-type"
  | "action/game-over"
  | "action/not-your-turn"
  | "action/wrong-step"
  | "action/decision-pending"
  | "action/no-decision"
  | "play/already-placed"
  | "play/wrong-count"
  | "play/card-not-in-hand"
  | "play/duplicate-card"
  | "rush/no-card"
  | "rush/column-rule"
  | "choose/invalid-option"
  | "choose/not-declinable"
  | "correct/disabled"
  | "correct/not-available"
  | "correct/unknown-op"
  | "correct/invalid-target"
  | "correct/invalid-amount";

/** A rejected action: a typed code and a reason naming the rule (house rule 3). */
export interface EngineError {
  code: EngineErrorCode;
  reason: string;
}

/** Causes carried by discard, return, draw and move events ({@link GameEvent.cause}). */
export type EventCause = "recharge" | "effect" | "correction";

/** Event types of the game log (RULES.md §8). */
export type EventType =
  | "place"
  | "flip"
  | "color"
  | "effect"
  | "copy-discard"
  | "battle-discard"
  | "battle"
  | "discard"
  | "return"
  | "peek"
  | "protect"
  | "modify"
  | "score"
  | "emerald"
  | "draw"
  | "shuffle"
  | "move"
  | "face-down"
  | "pass"
  | "lead"
  | "win"
  | "draw-game";

/**
 * One log entry: what happened and why. `private` events (draws, peeks,
 * placements) show their `cards` and `message` only to `player`; others see
 * `publicMessage`.
 */
export interface GameEvent {
  type: EventType;
  player: Player | null;
  players?: Player[];
  cards: number[];
  column?: number;
  /** Set on the events of a manual correction (RULES.md §6): the card it corrects for. */
  correction?: { card: number };
  /**
   * What caused a discard, return, draw or (effect) move: the recharge step, a card's effect,
   * a manual correction (RULES.md §4.5, §6). Absent on rule events whose type
   * says it (copy-discard, battle-discard).
   */
  cause?: EventCause;
  /** The field row a card left (discard, return, copy-discard, battle-discard) or was in (battle). */
  row?: Row;
  /** Ring totals of the score step, player 1 then player 2 (RULES.md §4.4), on the score event. */
  totals?: [number, number];
  message: string;
  private?: boolean;
  publicMessage?: string;
}

/** Result of {@link applyAction}. */
export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; error: EngineError };
