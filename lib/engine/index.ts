/**
 * Public API of the Ringbinder rules engine for the Sonic X Trading Card Game.
 * Everything the board, the AI, the simulator and the scenario CLI use comes
 * from here (docs/engine.md). Framework-free and deterministic (house rules 1–5).
 */
export type {
  Action,
  ApplyResult,
  CardDef,
  CardInput,
  ChooseAction,
  Color,
  ColumnRule,
  CorrectAction,
  CorrectionOp,
  CorrectionPending,
  CorrectionTargets,
  EngineError,
  EngineErrorCode,
  EventCause,
  EventType,
  FlipAction,
  GameEvent,
  GameState,
  PassAction,
  Pending,
  PlaceAction,
  Player,
  PlayerState,
  Row,
  Rules,
  Slot,
  SlotRef,
  Step,
} from "./types";
export { COLORS, DEFAULT_RULES, PROTECT_BATTLE, PROTECT_COPY, PROTECT_EFFECTS } from "./types";
export { newGame, normalizeCard, type NewGameOptions } from "./setup";
export { applyAction, checkAction } from "./apply-action";
export { legalActions, placements, playersToAct, randomLegalAction } from "./legal-actions";
export { playerView, legalActionsForView, flipMaskForView } from "./view";
export type { PlayerView, SideView, SlotView, CardRef, PendingView, ViewOptions } from "./view";
export { replay, eventsForPlayer, type ReplayResult } from "./replay";
export { cloneState } from "./clone";
export { seedRng } from "./rng";
export {
  effectSchema,
  parseEffect,
  type Effect,
  type EffectAction,
  type EffectInput,
  type Selector,
  type Target,
  type Condition,
} from "./effects/schema";
export { isAutomated, describeEffect } from "./describe/effects";
export { CORRECTION_OPS, MAX_RING_CORRECTION, textNotAutomated, correctionTargets } from "./rules/correction";
export { loadScenario, runScenario, scenarioOutput, type Scenario, type ScenarioResult } from "./scenario";
export { randomAgent, heuristicAgent, searchAgent, expertAgent, getAgent, type Agent, type AgentOptions } from "./ai";
export { analyseDecision, winChance, type CoachDecision, type DecisionOptions } from "./ai/coach";
export { batchDeal, playGame, runBatch, wilson, type GameRecord, type BatchResult, type BatchOptions } from "./sim/simulate";
export { runGauntlet, formatGauntlet, gauntletBalanced, type GauntletDeck, type GauntletOptions, type GauntletPair, type GauntletResult } from "./sim/gauntlet";
