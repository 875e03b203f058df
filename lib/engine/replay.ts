/**
 * Replays and event visibility (house rule 5, RULES.md §7).
 */
import { applyAction } from "./apply-action";
import { newGame, type NewGameOptions } from "./setup";
import type { Action, EngineError, GameEvent, GameState, Player } from "./types";

/** Result of {@link replay}: the final state and log, or where and why it stopped. */
export type ReplayResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; state: GameState; events: GameEvent[]; index: number; error: EngineError };

/**
 * Replay a game from its setup and action list (house rule 5): the same setup,
 * seed and actions always give the same state and log.
 */
export function replay(setup: NewGameOptions, actions: readonly Action[]): ReplayResult {
  let state = newGame(setup);
  const events: GameEvent[] = [];
  for (let i = 0; i < actions.length; i++) {
    const r = applyAction(state, actions[i]);
    if (!r.ok) return { ok: false, state, events, index: i, error: r.error };
    state = r.state;
    for (const e of r.events) events.push(e);
  }
  return { ok: true, state, events };
}

/**
 * The events as one player may see them (RULES.md §7): private events of the
 * other player (their draws, placements, peeks) lose their card ids and show
 * their public message.
 */
export function eventsForPlayer(events: readonly GameEvent[], viewer: Player): GameEvent[] {
  return events.map((e) =>
    e.private && e.player !== viewer ? { type: e.type, player: e.player, cards: [], column: e.column, message: e.publicMessage ?? e.message } : e,
  );
}
