import { describe, expect, it } from "vitest";
import { applyAction, legalActions, playersToAct, type GameState, type Player } from "@/lib/engine";
import { parseSetupParams, resolveSetup } from "./setup-params";
import { HUMAN, startSession } from "./session";
import { demoCatalog } from "./test-catalog";
import { TUTORIAL, faceUpRings, placementTip, tutorialHint } from "./tutorial";

function tutorialState(): GameState {
  const r = resolveSetup(parseSetupParams({ start: "1", you: TUTORIAL.you, opp: TUTORIAL.opp, level: TUTORIAL.level, rule: TUTORIAL.rule }), TUTORIAL.seed, demoCatalog());
  if (!r.ok) throw new Error(r.error.reason);
  return startSession(r.setup).state;
}

describe("guided first game", () => {
  it("deals the same game every time, the player leading, and asks first for a placement", () => {
    const a = tutorialState();
    const b = tutorialState();
    expect(a.players[HUMAN].hand).toEqual(b.players[HUMAN].hand);
    expect(a.lead).toBe(HUMAN);
    expect(tutorialHint(a, null, true)).toMatchObject({ id: "place-1", rule: "4.1" });
    // nothing to say while the AI acts
    expect(tutorialHint(a, null, false)).toBeNull();
  });

  it("has a hint for every step the player must act in during the first turns, and ends with the result", () => {
    let s = tutorialState();
    let x = 12345;
    const rand = (n: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % n;
    };
    const seen = new Set<string>();
    for (let guard = 0; guard < 5000 && s.winner === null; guard++) {
      const who = playersToAct(s);
      if (who.includes(HUMAN) && s.turn <= 3) {
        const h = tutorialHint(s, null, true);
        expect(h, `turn ${s.turn} ${s.step} ${s.pending?.kind ?? ""}`).not.toBeNull();
        seen.add(h!.id.replace(/-\d+$/, ""));
      }
      const p = who[0] as Player;
      const acts = legalActions(s, p);
      const r = applyAction(s, acts[rand(acts.length)]);
      if (!r.ok) throw new Error(r.error.reason);
      s = r.state;
    }
    expect(seen).toContain("place");
    expect(seen).toContain("flip");
    if (s.winner !== null) expect(tutorialHint(s, null, false)?.id).toBe("over");
  });

  it("the score step says the engine's totals and who gains the emerald; recharge follows", () => {
    const s = tutorialState();
    const te = { before: s, after: s, events: [{ type: "score", player: 0, players: [0, 1], cards: [], totals: [7, 4], message: "" }], phases: ["score", "draw"], index: 0 } as unknown as Parameters<typeof tutorialHint>[1];
    expect(tutorialHint(s, te, false)?.text).toMatch(/you have 7, the AI 4\. You win a Chaos Emerald/);
    expect(tutorialHint(s, { ...te!, index: 1 }, false)).toMatchObject({ title: "Recharge step", rule: "4.5" });
  });

  it("points at a copy discard first, then at a battle the player would win", () => {
    const s = tutorialState();
    const opp = 1 - HUMAN;
    const hand = s.players[HUMAN].hand;
    const mine = s.cards[hand[0]];
    const color = mine.colors[0];
    // an AI spare card equal to the first hand card (copy), then only a bigger one of that color (battle)
    const same = structuredClone(s);
    const twin = same.players[opp].deck[0];
    same.cards[twin] = { ...mine, title: "Twin" };
    same.players[opp].spare[2] = { card: twin, faceUp: true, color, mod: 0, setRings: null, protect: 0, peek: 0, downed: 0 };
    expect(placementTip(same)).toMatch(/same color and rings as the AI's Twin .* in column 3/);
    const big = structuredClone(s);
    big.cards[twin] = { ...mine, title: "Giant", rings: 99 };
    big.players[opp].spare[4] = { card: twin, faceUp: true, color, mod: 0, setRings: null, protect: 0, peek: 0, downed: 0 };
    expect(placementTip(big)).toMatch(/in column 5: flipped there, it battles the AI's Giant/);
    expect(placementTip(s)).toBeNull();
    expect(faceUpRings(big, opp as Player)).toBe(99);
  });
});
