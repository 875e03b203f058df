/** A finished heuristic game for the coach's tests: its setup, every state before each action, and the actions. */
import { applyAction, getAgent, newGame, playerView, playersToAct, type Action, type GameState, type NewGameOptions } from "@/lib/engine";
import { mixedDecks } from "@/lib/engine/test-fixtures";

export function heuristicGame(seed: number): { setup: NewGameOptions; states: GameState[]; actions: Action[] } {
  const setup: NewGameOptions = { decks: mixedDecks(), seed, lead: 0 };
  const h = getAgent("heuristic");
  let s = newGame(setup);
  const states: GameState[] = [];
  const actions: Action[] = [];
  while (s.winner === null) {
    const a = h.chooseAction(playerView(s, playersToAct(s)[0]), { seed });
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(r.error.reason);
    states.push(s);
    actions.push(a);
    s = r.state;
  }
  states.push(s);
  return { setup, states, actions };
}
