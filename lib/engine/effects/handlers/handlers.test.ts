import { describe, expect, it } from "vitest";
import { applyAction } from "../../apply-action";
import { legalActions, playersToAct } from "../../legal-actions";
import { newGame } from "../../setup";
import { v2Decks } from "../../test-fixtures";
import type { FrameStage, GameEvent, GameState } from "../../types";
import { describeAction } from "../../describe/words";
import type { EffectAction } from "../schema";

const STAGES: readonly FrameStage[] = ["color", "effect", "copy", "battle", "done"];

/** Random games with every action type in play: each state after an action, and its events. */
function games(n: number): { state: GameState; events: GameEvent[] }[] {
  const out: { state: GameState; events: GameEvent[] }[] = [];
  for (let g = 0; g < n; g++) {
    let s = newGame({ decks: v2Decks(), seed: 300 + g });
    let k = g + 7;
    for (let i = 0; i < 2000 && s.winner === null; i++) {
      const acts = legalActions(s, playersToAct(s)[0]);
      k = (k * 48271) % 2147483647;
      const r = applyAction(s, acts[k % acts.length]);
      if (!r.ok) throw new Error(r.error.reason);
      s = r.state;
      out.push({ state: s, events: r.events });
    }
  }
  return out;
}

describe("the effect interpreter's table", () => {
  const played = games(8);

  it("a resolving flip's stage is always one of the named stages, and survives a JSON round trip", () => {
    let frames = 0;
    for (const { state } of played)
      for (const f of state.stack) {
        frames++;
        expect(STAGES).toContain(f.stage);
      }
    // Decisions leave frames on the stack: the test saw some.
    expect(frames).toBeGreaterThan(50);
    const withStack = played.find((x) => x.state.stack.length > 1)!.state;
    expect(JSON.parse(JSON.stringify(withStack))).toEqual(withStack);
  });

  it("every event of those games has words", () => {
    for (const { events } of played)
      for (const e of events) {
        expect(e.message.length).toBeGreaterThan(0);
        // A private event says something else to the other player (a placement says the same).
        if (e.private && e.type !== "place") expect(e.publicMessage && e.publicMessage !== e.message).toBeTruthy();
      }
  });

  it("every action type has its words", () => {
    const samples: EffectAction[] = [
      { type: "discard", target: "self" },
      { type: "peek", target: "self" },
      { type: "look-hand" },
      { type: "win-ties" },
      { type: "draw", count: 2, who: "opponent" },
      { type: "emerald", add: -1, who: "you" },
    ];
    expect(samples.map(describeAction)).toEqual(["discard", "peek", "look at your opponent's hand", "win the emerald when the score step is tied", "your opponent draws 2", "lose 1 Chaos Emerald"]);
  });
});
