import { describe, expect, it } from "vitest";
import { applyAction, legalActions, newGame, playerView, type Action } from "@/lib/engine";
import { parseSetupParams, resolveSetup } from "./setup-params";
import { act, AI, aiDecisionSeed, canUndo, HUMAN, restart, startSession, undo } from "./session";
import { chooseAiAction } from "./ai";
import { demoCatalog } from "@/lib/playtest/test-catalog";

function setup(seed: number, params: Record<string, string> = {}) {
  const r = resolveSetup(parseSetupParams({ start: "1", ...params }), seed, demoCatalog());
  if (!r.ok) throw new Error(r.error.reason);
  return r.setup;
}

describe("playtest session", () => {
  it("seeds the AI independently of the shuffle: the AI seed is drawn apart and kept with the game", () => {
    const a = setup(77);
    const b = setup(77);
    // Same shuffle seed, independent AI seeds.
    expect(a.seed).toBe(b.seed);
    expect(a.aiSeed).not.toBe(b.aiSeed);
    // The AI's decision seeds come from the AI seed alone: changing the shuffle seed changes none of them.
    for (let n = 0; n < 50; n++) expect(aiDecisionSeed({ ...a, seed: 123456 }, n)).toBe(aiDecisionSeed(a, n));
    expect(aiDecisionSeed({ ...a, aiSeed: a.aiSeed ^ 1 }, 3)).not.toBe(aiDecisionSeed(a, 3));
    // A restart with the same shuffle keeps the game's AI seed; a new shuffle draws a new one.
    const s = startSession(a);
    expect(restart(s).setup.aiSeed).toBe(a.aiSeed);
    expect(restart(s, 78).setup.aiSeed).not.toBe(a.aiSeed);
  });

  it("starts the same game as the engine's newGame for the same seed", () => {
    const s = setup(77);
    expect(startSession(s).state).toEqual(newGame({ decks: s.decks, seed: 77, rules: s.rules }));
  });

  it("rejects an illegal action with the engine's reason and changes nothing", () => {
    const s0 = startSession(setup(1));
    const r = act(s0, { type: "flip", player: HUMAN, column: 1 });
    expect(r).toMatchObject({ ok: false, error: { code: "action/wrong-step" } });
  });

  it("undo removes the human's last action and the AI's replies after it", () => {
    let s = startSession(setup(9));
    const place = (p: 0 | 1) => {
      const a = legalActions(s.state, p)[0];
      const r = act(s, a);
      if (!r.ok) throw new Error(r.error.reason);
      s = r.session;
    };
    place(AI);
    const afterAi = s;
    place(HUMAN);
    // AI flips if it leads.
    while (legalActions(s.state, AI).length > 0) place(AI);
    expect(canUndo(s)).toBe(true);
    const u = undo(s)!;
    expect(u.actions).toEqual(afterAi.actions);
    expect(u.state).toEqual(afterAi.state);
    expect(undo(startSession(setup(9)))).toBeNull();
  });

  it("restart keeps the shuffle for the same seed and changes it for a new one", () => {
    const s = startSession(setup(5));
    expect(restart(s).state).toEqual(s.state);
    expect(restart(s, 6).state.players[0].hand).not.toEqual(s.state.players[0].hand);
  });

  it("the AI answers with a legal action from its view at every level", () => {
    const s = startSession(setup(3, { level: "search" }));
    for (const level of ["random", "heuristic", "search"] as const) {
      const { action } = chooseAiAction({ view: playerView(s.state, AI), level, seed: 1 });
      expect(action).not.toBeNull();
      expect(applyAction(s.state, action as Action).ok).toBe(true);
    }
  });

  it("unknown decks and levels give a clear setup error", () => {
    const bad = resolveSetup(parseSetupParams({ start: "1", you: "nope" }), 1, demoCatalog());
    expect(bad).toMatchObject({ ok: false, error: { code: "playtest/unknown-deck" } });
    expect(parseSetupParams({ level: "godlike" }).level).toBe("random");
  });
});
