/**
 * The solo playtest session: an engine game plus its action history. Every
 * state comes from the engine (`newGame`, `applyAction`, `replay`); this
 * module only keeps the history for undo, restart and replay links.
 */
import { applyAction, replay, type Action, type EngineError, type GameEvent, type GameState, type Player, type Rules } from "@/lib/engine";
import { DEFAULT_RULES } from "@/lib/engine";
import type { BoardCardDef } from "./cards";

/** AI levels offered on the board. */
export const AI_LEVELS = ["random", "heuristic", "search", "expert"] as const;
/** An AI level. */
export type AiLevel = (typeof AI_LEVELS)[number];

/** The human always plays player 0 ("Player 1"), the AI player 1. */
export const HUMAN: Player = 0;
/** The AI's player index. */
export const AI: Player = 1;

/** Everything needed to start (and replay) a game. */
export interface GameSetup {
  /** Both decks as card definitions, one per copy, in list order. */
  decks: [BoardCardDef[], BoardCardDef[]];
  /** The same decks as card keys (for replay links). */
  deckKeys: [string[], string[]];
  deckNames: [string, string];
  /** The shuffle seed (the engine's PRNG). */
  seed: number;
  /**
   * The seed of the AI's own random choices: drawn independently of `seed`,
   * so nothing the AI is given lets it rebuild the shuffle (house rule 4).
   * Kept with the game (and its replay link) so a replay can re-ask the AI.
   */
  aiSeed: number;
  rules: Rules;
  level: AiLevel;
}

/** A game in progress: setup, every action so far, the current state and the whole log. */
export interface Session {
  setup: GameSetup;
  actions: Action[];
  state: GameState;
  events: GameEvent[];
  /** The human conceded (the engine has no concede action; the board ends the game). */
  conceded: boolean;
}

function engineSetup(setup: GameSetup) {
  return { decks: setup.decks, seed: setup.seed, rules: setup.rules };
}

/** Start a session: a new engine game from the setup (same seed = same shuffle). */
export function startSession(setup: GameSetup): Session {
  const r = replay(engineSetup(setup), []);
  return { setup, actions: [], state: r.state, events: r.events, conceded: false };
}

/** Build a session from a recorded action list (replay links, undo). */
export function sessionFromActions(setup: GameSetup, actions: readonly Action[], conceded = false): { ok: true; session: Session } | { ok: false; index: number; error: EngineError } {
  const r = replay(engineSetup(setup), actions);
  if (!r.ok) return { ok: false, index: r.index, error: r.error };
  return { ok: true, session: { setup, actions: actions.slice(), state: r.state, events: r.events, conceded } };
}

/** Apply one action through the engine; an illegal action returns the engine's error and changes nothing. */
export function act(s: Session, action: Action): { ok: true; session: Session; events: GameEvent[] } | { ok: false; error: EngineError } {
  if (s.conceded) return { ok: false, error: { code: "action/game-over", reason: "You conceded this game; start a new one." } };
  const r = applyAction(s.state, action);
  if (!r.ok) return r;
  return { ok: true, session: { ...s, actions: [...s.actions, action], state: r.state, events: [...s.events, ...r.events] }, events: r.events };
}

/** Can the human undo (is there a human action to take back)? */
export function canUndo(s: Session, human: Player = HUMAN): boolean {
  return s.actions.some((a) => a.player === human);
}

/**
 * Undo the human's last action and every AI action after it: the session
 * is replayed from setup with the shorter action list. Null when there is
 * nothing to undo.
 */
export function undo(s: Session, human: Player = HUMAN): Session | null {
  let i = s.actions.length - 1;
  while (i >= 0 && s.actions[i].player !== human) i--;
  if (i < 0) return null;
  const r = sessionFromActions(s.setup, s.actions.slice(0, i));
  if (!r.ok) throw new Error(`playtest invariant: a recorded prefix failed to replay at ${r.index}: ${r.error.reason}`);
  return r.session;
}

/** Restart: same seed gives the same shuffle; a new seed a new one (and, by default, a new AI seed with it). */
export function restart(s: Session, seed: number = s.setup.seed, aiSeed: number = seed === s.setup.seed ? s.setup.aiSeed : randomSeed()): Session {
  return startSession({ ...s.setup, seed, aiSeed });
}

/** The seed of one AI decision: the game's AI seed mixed with the move number (never the shuffle seed). */
export function aiDecisionSeed(setup: GameSetup, moves: number): number {
  return (setup.aiSeed ^ Math.imul(moves + 1, 0x9e3779b1)) >>> 0;
}

/** A fresh 31-bit seed (outside the engine, which never reads clocks or Math.random). */
export function randomSeed(): number {
  if (typeof crypto !== "undefined" && typeof crypto.getRandomValues === "function") {
    const a = new Uint32Array(1);
    crypto.getRandomValues(a);
    return a[0] >>> 1;
  }
  return Math.floor(Math.random() * 0x7fffffff);
}

/** Default rules of a playtest (the engine's defaults). */
export function defaultRules(overrides: Partial<Rules> = {}): Rules {
  return { ...DEFAULT_RULES, ...overrides };
}
