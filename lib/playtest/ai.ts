/**
 * The board's AI opponent: picks an action from a player view only (house
 * rule 4) — it never sees the game state. The legal actions come from the
 * engine (`legalActionsForView`); this module only chooses among them.
 */
import { legalActionsForView, type Action, type PlayerView } from "@/lib/engine";
import type { AiLevel } from "./session";

/** Levels the board can run now. The engine's heuristic and search agents plug in here once it exports them. */
export const AVAILABLE_LEVELS: readonly AiLevel[] = ["random"];

/** A request to the AI: its view, the level and a seed for its own choices. */
export interface AiRequest {
  view: PlayerView;
  level: AiLevel;
  seed: number;
}

/** The AI's answer and how long it thought (milliseconds, measured by the caller's clock). */
export interface AiAnswer {
  action: Action | null;
  ms: number;
  level: AiLevel;
}

function mulberry32(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniformly random legal action for the view's player, or null when it has none. */
export function randomAction(view: PlayerView, seed: number): Action | null {
  const acts = legalActionsForView(view);
  if (acts.length === 0) return null;
  const rnd = mulberry32(seed);
  return acts[Math.floor(rnd() * acts.length)];
}

/** Choose the AI's action for a request (levels not yet available fall back to random, and say so). */
export function chooseAiAction(req: AiRequest): { action: Action | null; level: AiLevel } {
  return { action: randomAction(req.view, req.seed), level: "random" };
}
