/**
 * What the coach's Web Worker is asked and answers (components/coach/coach-worker.ts):
 * one decision to weigh, or one public view's win chance. `answer` is the
 * worker's whole body, so the in-thread fallback computes exactly the same.
 */
import { analyseDecision, type CardDef, type CoachDecision, type DecisionOptions, type PlayerView } from "@/lib/engine";
import type { CoachTask } from "./tasks";
import { publicWinChance } from "./win-chance";

export type CoachRequest =
  | { kind: "decision"; task: CoachTask; settings: DecisionOptions }
  | { kind: "chance"; view: PlayerView; decks: [CardDef[], CardDef[]] | null; samples?: number };

export type CoachAnswer = { kind: "decision"; decision: CoachDecision | null } | { kind: "chance"; chance: [number, number] | null };

/** Computes one request. */
export function answer(req: CoachRequest): CoachAnswer {
  if (req.kind === "decision") return { kind: "decision", decision: analyseDecision(req.task.view, req.task.played, req.task.index, req.settings) };
  return { kind: "chance", chance: publicWinChance(req.view, req.decks, req.samples) };
}
