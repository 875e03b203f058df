/**
 * Agents (house rule 4): random, heuristic, search and expert, each a pure
 * function of a player view.
 */
import { expertAgent } from "./expert";
import { heuristicAgent, plainHeuristicAgent } from "./heuristic";
import { randomAgent } from "./random";
import { searchAgent } from "./search";
import type { Agent } from "./types";

export { expertAgent, heuristicAgent, randomAgent, searchAgent };
export type { Agent, AgentOptions } from "./types";

/** Look up an agent by name: "random", "heuristic", "heuristic-plain" (without the detailed effect valuation) "search" or "expert". */
export function getAgent(name: string): Agent {
  if (name === "random") return randomAgent;
  if (name === "heuristic") return heuristicAgent;
  if (name === "heuristic-plain") return plainHeuristicAgent;
  if (name === "search") return searchAgent;
  if (name === "expert") return expertAgent;
  throw new Error(`Unknown agent "${name}": use random, heuristic, heuristic-plain, search or expert.`);
}
