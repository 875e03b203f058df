/**
 * The board's AI opponent: the engine's agents (random, heuristic, search, expert),
 * given the AI player's view only (house rule 4) — never the game state.
 */
import { getAgent, type Action, type AgentOptions, type PlayerView } from "@/lib/engine";
import type { AiLevel } from "./session";

/** Search budget per decision: playouts, capped by wall-clock so it answers within about a second. */
export const SEARCH_ITERATIONS = 600;
/** Wall-clock cap (ms) of one search decision. */
export const SEARCH_TIME_MS = 800;

/** Wall-clock cap (ms) of one expert decision (its playouts are fixed; the cap only guards slow devices). */
export const EXPERT_TIME_MS = 1500;

/** A request to the AI: its view, the level and a seed for its own choices. */
export interface AiRequest {
  view: PlayerView;
  level: AiLevel;
  seed: number;
}

/** The AI's answer and how long it thought (milliseconds). */
export interface AiAnswer {
  action: Action | null;
  ms: number;
  level: AiLevel;
}

/** Choose the AI's action for a request with the engine's agent of that level. */
export function chooseAiAction(req: AiRequest, clock: () => number = () => performance.now()): { action: Action | null; level: AiLevel } {
  // Manual corrections are the human's (RULES.md §6): the AI never makes one; in a window of its own it is done at once.
  if (req.view.pending?.kind === "correction") return { action: { type: "pass", player: req.view.viewer }, level: req.level };
  const opts: AgentOptions = { seed: req.seed };
  if (req.level === "search") {
    opts.iterations = SEARCH_ITERATIONS;
    opts.timeBudgetMs = SEARCH_TIME_MS;
    opts.clock = clock;
  } else if (req.level === "expert") {
    // The expert's own budget (playouts per candidate, capped): no `iterations` here.
    opts.timeBudgetMs = EXPERT_TIME_MS;
    opts.clock = clock;
  }
  return { action: getAgent(req.level).chooseAction(req.view, opts), level: req.level };
}
