/** A stored game's engine setup, and one logged action applied to its state (the referee's and the replay's one way to derive a state). Pure. */
import { applyAction, type GameEvent, type GameState, type NewGameOptions } from "@/lib/engine";
import type { GameRecord, LoggedAction } from "./types";

/** The engine's setup of a game: both seats' decks, the seed, the rules and the lead. */
export function setupOf(r: GameRecord): NewGameOptions {
  return {
    decks: [r.seats[0].deck.cards, r.seats[1].deck.cards],
    seed: r.seed,
    rules: { columnRule: r.columnRule, maxTurns: r.maxTurns },
    lead: r.lead,
  };
}

/** Applies one logged action (a concession changes no engine state: the record says the game is over). */
export function applyLogged(state: GameState, events: GameEvent[], a: LoggedAction): GameState {
  if (a.type === "concede" || a.type === "claim") return state;
  const r = applyAction(state, a);
  // the log holds only actions the referee accepted against this very state
  if (!r.ok) throw new Error(`The stored log does not replay: ${r.error.code} ${r.error.reason}`);
  for (const e of r.events) events.push(e);
  return r.state;
}
