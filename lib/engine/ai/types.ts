/**
 * The agent interface (house rule 4): an agent sees only a player view.
 */
import type { PlayerView } from "../view";
import type { Action } from "../types";

/** Options of an agent's decision: a seed (agents are deterministic), and a budget for search. */
export interface AgentOptions {
  /** Seed for the agent's own PRNG. */
  seed: number;
  /** Search iterations (playouts) per decision; the search agent's budget. */
  iterations?: number;
  /** Optional wall-clock budget in ms, measured with the injected `clock`. */
  timeBudgetMs?: number;
  /** Injected clock (ms) for time budgets; the engine itself reads no clock. */
  clock?: () => number;
}

/** A game-playing agent: a pure function of the view it is given (RULES.md §7). */
export interface Agent {
  name: string;
  /** Plans over samples of the hidden cards: needs views with `deckLists` (search, expert). */
  samplesHidden?: boolean;
  /** Choose one legal action for `view.viewer`, who must act now. */
  chooseAction(view: PlayerView, opts: AgentOptions): Action;
}
