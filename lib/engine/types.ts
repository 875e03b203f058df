/**
 * Shared types of the rules engine. Everything here is plain JSON data
 * (house rule 2): no classes, Maps or cycles.
 */
import type { Effect, EffectInput } from "./effects/schema";

export type { Effect } from "./effects/schema";

/** A player index: 0 or 1 (RULES.md §1, two players). */
export type Player = 0 | 1;

/** Card colors (RULES.md §1). */
export type Color = "blue" | "red" | "yellow" | "gray";

/** All card colors, in a fixed order. */
export const COLORS: readonly Color[] = ["blue", "red", "yellow", "gray"];

/** Field rows (RULES.md §2). */
export type Row = "chaos" | "spare";

/**
 * A card definition as the catalog provides it (RULES.md §1). Extra catalog
 * fields (set, number, rarity, text, imageUrl) are carried but ignored.
 */
export interface CardDef {
  title: string;
  colors: Color[];
  rings: number;
  traits: string[];
  effect?: Effect | null;
  [extra: string]: unknown;
}

/**
 * A card definition as given to the engine (catalog JSON): like {@link CardDef}
 * but its effect may omit defaults; `newGame` validates and normalizes it (RULES.md §6).
 */
export interface CardInput {
  title: string;
  colors: Color[];
  rings: number;
  traits: string[];
  effect?: EffectInput | Effect | null;
  [extra: string]: unknown;
}

/** The column rule variants of the rush step (RULES.md §4.2). */
export type ColumnRule = "priority" | "no-mirror";

/** Switchable rules (RULES.md §4.2 column rule, §5 maxTurns, §6 manual corrections). */
export interface Rules {
  columnRule: ColumnRule;
  maxTurns: number;
  /**
   * The players who may make manual corrections for their own flipped cards
   * whose text is not automated (RULES.md §6, docs/rules.md). Absent (the
   * default): no corrections, and the game is exactly as without this option.
   */
  manualCorrections?: Player[];
}

/** Default rules: `priority` column rule, draw after 100 turns (RULES.md §4.2, §5). */
export const DEFAULT_RULES: Rules = { columnRule: "priority", maxTurns: 100 };

/**
 * A card in a field slot (RULES.md §2, §4.3). `color` is the active color once
 * face up; `mod`/`setRings` are ring modifiers from effects (§6, battle
 * comparisons only); `protect` is a bit mask of protections from effects
 * (1 copy discard, 2 battle discard, 4 effects); `peek` is a bit mask of the
 * players (1 << player) who have looked at this face-down card.
 */
export interface Slot {
  card: number;
  faceUp: boolean;
  color: Color | null;
  mod: number;
  setRings: number | null;
  protect: number;
  peek: number;
  /**
   * The turn in which an effect turned this card face down (0: never). An
   * effect turns a card face down at most once per turn, so two cards that
   * turn each other face down cannot loop for ever within one rush
   * (docs/rules.md "Turned face down once per turn").
   */
  downed: number;
}

/** Protection bits stored in {@link Slot.protect} (RULES.md §6 "protect"). */
export const PROTECT_COPY = 1;
/** Protection from battle discard. */
export const PROTECT_BATTLE = 2;
/** Protection from the opponent's effects. */
export const PROTECT_EFFECTS = 4;
/** Protection bits by the names effects and scenarios use. */
export const PROTECT_BITS = { "copy-discard": PROTECT_COPY, "battle-discard": PROTECT_BATTLE, effects: PROTECT_EFFECTS } as const;

/** One player's zones (RULES.md §2). Decks list the top card first. */
export interface PlayerState {
  deck: number[];
  hand: number[];
  discard: number[];
  chaos: (Slot | null)[];
  spare: (Slot | null)[];
  /** True once this player has placed in the current play step (RULES.md §4.1). */
  placed: boolean;
}

/** A reference to a field slot. Columns are 1–5 (RULES.md §2). */
export interface SlotRef {
  player: Player;
  row: Row;
  column: number;
}

/** The steps of a turn plus the end of the game (RULES.md §4, §5). */
export type Step = "play" | "rush" | "over";

/**
 * A flip being resolved (RULES.md §4.3). Resolution is a small resumable
 * machine so every choice can wait for a pending decision; `stage` names
 * where it stands ({@link FrameStage}).
 */
export interface Frame {
  player: Player;
  row: Row;
  /** 0-based column index of the card being resolved. */
  column: number;
  card: number;
  stage: FrameStage;
  /** Copy and battle discards follow (a rush flip, not an effect's flip). */
  full: boolean;
  /** The card's own "when flipped" effect resolves. */
  runEffect: boolean;
  /** Index of the next effect action. */
  ai: number;
  /** Targets chosen so far for the current action (instance ids). */
  picked: number[];
  /** The optional ("you may") question has been answered yes, or the condition checked. */
  started: boolean;
  /** A target waiting for a chosen color (change-color with "choose"). */
  sub: SlotRef | null;
  /**
   * Which of the card's effects this frame runs: "flip" for a flip (rush or
   * effect), else a triggered effect (docs/rules.md), whose
   * frame starts at the "effect" stage and never goes on to copy or battle discards.
   */
  trigger: FrameTrigger;
  /** The card this card battled in the battle that triggered this frame (battle-won / battle-lost), else -1. */
  other: number;
  /**
   * Sequencing: what the current action has done so far
   * (cards affected, drawn, discarded …), what the action before it did
   * ("if you do", "for each" of the previous action), and the current
   * action's amount once it has started (-1: not started yet).
   */
  done: number;
  last: number;
  amt: number;
}

/**
 * The stages of a frame, in order (RULES.md §4.3): "color" — the card is face
 * up and gets its active color; "effect" — its own effect resolves; "copy" —
 * copy discard; "battle" — battle discard; "done" — the frame is removed.
 */
export type FrameStage = "color" | "effect" | "copy" | "battle" | "done";

/** The triggers a frame can run (every effect trigger but "continuous"). */
export type FrameTrigger = "flip" | "discarded" | "to-spare" | "score" | "battle-won" | "battle-lost" | "opposing-flip";

/**
 * Pending decisions (RULES.md §4.3, §6): answered by `choose` (or `pass` when
 * declinable). A `target` decision is `required` when the opponent of the
 * effect's controller picks (they may not pass while there are options).
 */
export type Pending =
  | { kind: "color"; player: Player; slot: SlotRef; options: Color[]; prompt: string; reason: "flip" | "effect" }
  | { kind: "optional"; player: Player; slot: SlotRef; prompt: string; card: number }
  | { kind: "target"; player: Player; slot: SlotRef; options: SlotRef[]; prompt: string; required?: boolean; cost?: boolean }
  | { kind: "battle"; player: Player; slot: SlotRef; options: SlotRef[]; prompt: string }
  | CardPending
  | CorrectionPending;

/**
 * A card chosen from a hand, a discard pile or the cards looked at on top of
 * the deck (recover, put onto the field, a chosen hand
 * discard, putting looked-at cards back on the deck). The options are instance ids
 * the chooser can see; `required` when the chooser may not pass.
 */
export interface CardPending {
  kind: "card";
  player: Player;
  slot: SlotRef;
  options: number[];
  prompt: string;
  zone: "hand" | "discard" | "deck";
  /**
   * What the chosen card is for: the heuristic keeps its best cards and gives
   * up its worst. "deck-top": the next card to put back on top of your deck
   * (the first chosen is the top card); "deck-bottom": a card to put at the
   * bottom of your deck (`pass`: the rest go back on top).
   */
  purpose: "recover" | "put" | "hand-discard" | "deck-top" | "deck-bottom";
  required: boolean;
  /** The card pays an effect's cost. */
  cost?: boolean;
}

/**
 * A manual-correction window (RULES.md §6, docs/rules.md): the player just
 * flipped their own card `card` (at `slot`) whose text is not automated, and
 * may apply correction primitives to the offered targets, then `pass` (done).
 */
export interface CorrectionPending {
  kind: "correction";
  player: Player;
  slot: SlotRef;
  card: number;
  options: CorrectionTargets;
  prompt: string;
}

/** The slots each correction primitive may target now (RULES.md §6 manual corrections). */
export interface CorrectionTargets {
  /** Any field card (either player's, either row) that may be discarded. */
  discard: SlotRef[];
  /** Any field card that may return to its owner's hand. */
  return: SlotRef[];
  /** The opponent's face-down field cards (flipped face up without their effect). */
  flipUp: SlotRef[];
  /** Face-up field cards whose rings may be modified for battle comparisons. */
  rings: SlotRef[];
}

/**
 * The whole game state (house rule 2): plain JSON, self-contained (it carries
 * the card definitions it needs, indexed by per-game instance id) with the
 * PRNG state inside (`rng`).
 */
export interface GameState {
  v: 1;
  rules: Rules;
  /** Card definition of each instance id. */
  cards: CardDef[];
  /** Owner of each instance id. */
  owner: Player[];
  /** Optional local id of each instance (scenario files), else null. */
  keys: string[] | null;
  /** True when some card has a continuous effect (a fast-path flag). */
  continuous: boolean;
  turn: number;
  lead: Player;
  step: Step;
  emeralds: [number, number];
  rng: number;
  players: [PlayerState, PlayerState];
  /** The player who flips next during the rush step (RULES.md §4.2). */
  next: Player;
  /** The flip just made, for the `no-mirror` variant (RULES.md §4.2). */
  lastFlip: { player: Player; column: number } | null;
  stack: Frame[];
  pending: Pending | null;
  winner: Player | "draw" | null;
  /** True once this turn's "at the score step" effects have been started (RULES.md §4.4, docs/rules.md). */
  scoring: boolean;
  /** Rush rules changed by effects for a while (rules/lasting.ts). */
  lasting: Lasting[];
  /**
   * What each player has seen of hidden zones (rules/seen.ts):
   * `seen[p]` lists the cards of hands and decks whose identity player p knows
   * beyond their own hand. Never mutated in place (a copy shares it).
   */
  seen: [Seen, Seen];
}

/**
 * The hidden cards one player knows (rules/seen.ts, docs/rules.md "What a
 * player has seen"): `hand` — cards of the opponent's hand they looked at,
 * until the card leaves that hand or the hand is mixed (its owner takes cards
 * from it face down); `deck` — deck cards they looked at, whose places they
 * know, until the card leaves the deck.
 */
export interface Seen {
  hand: number[];
  deck: number[];
}

/** The rush rules an effect can change (docs/rules.md). */
export type LastingRule = "ignore-column-rule" | "no-copy-discards" | "lower-discarded" | "any-color";

/**
 * A rush rule changed for a while: by `player`'s effect of `card`; until the
 * end of the rush, of the turn, or while `card` is on the field. "any-color"
 * is about `card` itself ("this card battles any color").
 */
export interface LastingRuleChange {
  player: Player;
  rule: LastingRule;
  card: number;
  until: "rush" | "turn" | "field";
}

/**
 * A ring modifier or protection with a duration: made
 * by `player`'s effect of `card` on the field card `target`: `set` replaces
 * its ring value (null: no change), `add` is added, `protect` holds
 * protection bits; until the end of the rush, of the turn, or while `card`
 * is face up on the field — and never longer than `target` stays face up on
 * the field (rules/lasting.ts).
 */
export interface LastingModifier {
  player: Player;
  rule: "modifier";
  card: number;
  until: "rush" | "turn" | "field";
  target: number;
  add: number;
  set: number | null;
  protect: number;
}

/** Something an effect changed for a while (rules/lasting.ts). */
export type Lasting = LastingRuleChange | LastingModifier;

export type {
  PlaceAction,
  FlipAction,
  ChooseAction,
  PassAction,
  CorrectionOp,
  CorrectAction,
  Action,
  EngineErrorCode,
  EngineError,
  EventCause,
  EventType,
  GameEvent,
  ApplyResult,
} from "./action-types";
