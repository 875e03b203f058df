"use client";
/**
 * The board's game controller: holds the session (engine state + action
 * history), runs the AI through the runner, and walks the score and recharge
 * steps at the player's pace. Every state change goes through the engine.
 */
import { useCallback, useEffect, useReducer, useRef } from "react";
import { playerView, playersToAct, type Action, type EngineError, type GameEvent } from "@/lib/engine";
import { AI, act, aiDecisionSeed, canUndo, restart, startSession, undo, randomSeed, type GameSetup, type Session } from "@/lib/playtest/session";
import { discardGhosts, endsRush, rechargeGhosts, turnEndFrom, type Ghost, type TurnEnd } from "@/lib/playtest/presentation";
import { createAiRunner, type AiRunner } from "./ai-runner";

/** How long (ms) an AI request runs before the board says the AI is thinking. */
export const THINKING_INDICATOR_DELAY_MS = 150;

/** Board state kept by the controller. */
export interface GameUiState {
  session: Session;
  error: EngineError | null;
  turnEnd: TurnEnd | null;
  ghosts: Ghost[];
  batch: number;
  thinking: boolean;
  aiError: string | null;
  /** Last AI think times (ms), newest last. */
  aiTimes: number[];
  revealAll: boolean;
  auto: boolean;
}

type Msg =
  | { t: "applied"; session: Session; before: Session; events: GameEvent[]; aiMs?: number }
  | { t: "error"; error: EngineError | null }
  | { t: "reset"; session: Session }
  | { t: "thinking"; on: boolean }
  | { t: "ai-error"; message: string | null }
  | { t: "phase" }
  | { t: "reveal"; on: boolean }
  | { t: "auto"; on: boolean }
  | { t: "concede" };

function reducer(s: GameUiState, m: Msg): GameUiState {
  switch (m.t) {
    case "applied": {
      const batch = s.batch + 1;
      const ghosts = discardGhosts(m.before.state, m.events, batch, s.revealAll);
      const turnEnd = endsRush(m.events) ? turnEndFrom(m.before.state, m.session.state, m.events) : null;
      // An AI answer is one state update: its action, its think time and the end of "thinking".
      if (m.aiMs !== undefined) return { ...s, session: m.session, error: null, batch, ghosts, turnEnd, thinking: false, aiTimes: [...s.aiTimes.slice(-19), m.aiMs] };
      return { ...s, session: m.session, error: null, batch, ghosts, turnEnd };
    }
    case "error":
      return { ...s, error: m.error };
    case "reset":
      return { ...s, session: m.session, error: null, turnEnd: null, ghosts: [], batch: s.batch + 1, thinking: false, aiError: null };
    case "thinking":
      return s.thinking === m.on ? s : { ...s, thinking: m.on };
    case "ai-error":
      return { ...s, aiError: m.message, thinking: false };
    case "phase": {
      const t = s.turnEnd;
      if (!t) return s;
      if (t.index + 1 >= t.phases.length) return { ...s, turnEnd: null, ghosts: [] };
      const next = { ...t, index: t.index + 1 };
      const ghosts = next.phases[next.index] === "discard" ? rechargeGhosts(next, s.revealAll) : [];
      return { ...s, turnEnd: next, ghosts, batch: s.batch + 1 };
    }
    case "reveal":
      return { ...s, revealAll: m.on };
    case "auto":
      return { ...s, auto: m.on };
    case "concede":
      return { ...s, session: { ...s.session, conceded: true }, turnEnd: null, thinking: false };
  }
}

/** Options of {@link useGame}. */
export interface UseGameOptions {
  /** Minimum time (ms) before the AI's answer is applied, so its moves can be followed. */
  aiDelayMs?: number;
  /** Time (ms) per score/recharge phase in auto mode. */
  autoPhaseMs?: number;
  /** Provide a runner (tests); default: a Web Worker runner. */
  runner?: () => AiRunner;
}

/** The board's controller hook. */
export function useGame(setup: GameSetup, opts: UseGameOptions = {}) {
  const { aiDelayMs = 350, autoPhaseMs = 1400 } = opts;
  const [state, dispatch] = useReducer(reducer, undefined, () => ({
    session: startSession(setup),
    error: null,
    turnEnd: null,
    ghosts: [],
    batch: 0,
    thinking: false,
    aiError: null,
    aiTimes: [],
    revealAll: false,
    auto: false,
  }));
  const sessionRef = useRef(state.session);
  useEffect(() => {
    sessionRef.current = state.session;
  }, [state.session]);
  const runnerFactory = opts.runner ?? createAiRunner;
  const runnerRef = useRef<AiRunner | null>(null);
  const generation = useRef(0);

  useEffect(() => {
    const r = runnerFactory();
    runnerRef.current = r;
    return () => {
      r.dispose();
      runnerRef.current = null;
    };
    // The runner lives as long as the board.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const applyWith = useCallback((action: Action, aiMs?: number): boolean => {
    const before = sessionRef.current;
    const r = act(before, action);
    if (!r.ok) {
      dispatch({ t: "error", error: r.error });
      return false;
    }
    generation.current++;
    sessionRef.current = r.session;
    dispatch({ t: "applied", session: r.session, before, events: r.events, aiMs });
    return true;
  }, []);
  const apply = useCallback((action: Action): boolean => applyWith(action), [applyWith]);

  // The AI acts whenever the engine says it must and the turn-end walk is done.
  const { session, turnEnd } = state;
  const aiMustAct = !session.conceded && turnEnd === null && playersToAct(session.state).includes(AI);
  useEffect(() => {
    if (!aiMustAct) return;
    const runner = runnerRef.current;
    if (!runner) return;
    const gen = generation.current;
    const view = playerView(session.state, AI);
    const seed = aiDecisionSeed(session.setup, session.actions.length);
    let cancelled = false;
    // "The AI is thinking" appears only when an answer takes a while: a fast answer costs no extra render.
    const showThinking = setTimeout(() => dispatch({ t: "thinking", on: true }), THINKING_INDICATOR_DELAY_MS);
    const started = Date.now();
    performance.mark("rb-ai-start");
    runner
      .ask({ view, level: session.setup.level, seed })
      .then((ans) => {
        performance.mark("rb-ai-answer");
        clearTimeout(showThinking);
        if (cancelled || gen !== generation.current) return;
        const wait = Math.max(0, aiDelayMs - (Date.now() - started));
        setTimeout(() => {
          if (cancelled || gen !== generation.current) return;
          if (ans.action === null) {
            dispatch({ t: "ai-error", message: "The AI found no legal action." });
            return;
          }
          if (!applyWith(ans.action, ans.ms)) dispatch({ t: "ai-error", message: "The AI chose an action the engine rejected." });
        }, wait);
      })
      .catch((e: unknown) => {
        clearTimeout(showThinking);
        if (!cancelled) dispatch({ t: "ai-error", message: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      cancelled = true;
      clearTimeout(showThinking);
      dispatch({ t: "thinking", on: false });
    };
  }, [aiMustAct, session, aiDelayMs, applyWith]);

  // Auto pace for the score and recharge walk.
  useEffect(() => {
    if (!state.auto || !turnEnd) return;
    const id = setTimeout(() => dispatch({ t: "phase" }), autoPhaseMs);
    return () => clearTimeout(id);
  }, [state.auto, turnEnd, autoPhaseMs]);

  const reset = useCallback((s: Session) => {
    generation.current++;
    sessionRef.current = s;
    dispatch({ t: "reset", session: s });
  }, []);

  return {
    state,
    apply,
    clearError: useCallback(() => dispatch({ t: "error", error: null }), []),
    continueTurnEnd: useCallback(() => dispatch({ t: "phase" }), []),
    setAuto: useCallback((on: boolean) => dispatch({ t: "auto", on }), []),
    setRevealAll: useCallback((on: boolean) => dispatch({ t: "reveal", on }), []),
    canUndo: canUndo(session) && !session.conceded,
    undo: useCallback(() => {
      const u = undo(sessionRef.current);
      if (u) reset(u);
    }, [reset]),
    restartSame: useCallback(() => reset(restart(sessionRef.current)), [reset]),
    newShuffle: useCallback(() => reset(restart(sessionRef.current, randomSeed())), [reset]),
    concede: useCallback(() => {
      generation.current++;
      sessionRef.current = { ...sessionRef.current, conceded: true };
      dispatch({ t: "concede" });
    }, []),
    retryAi: useCallback(() => {
      dispatch({ t: "ai-error", message: null });
      reset(sessionRef.current);
    }, [reset]),
  };
}
