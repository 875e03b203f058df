import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyAction, legalActions, type Action, type GameState } from "@/lib/engine";
import { compressKeys, expandKeys, starterDeckKeys } from "./cards";
import { decodeAction, decodeReplay, encodeAction, encodeReplay, MAX_REPLAY_CHARS, type ReplayPayload } from "./replay-link";
import { parseSetupParams, resolveSetup } from "./setup-params";
import { AI, HUMAN, sessionFromActions, startSession } from "./session";
import { demoCatalog } from "@/lib/playtest/test-catalog";

function setup(seed: number) {
  const r = resolveSetup(parseSetupParams({ start: "1" }), seed, demoCatalog());
  if (!r.ok) throw new Error(r.error.reason);
  return r.setup;
}

function randomGame(seed: number, max: number): { state: GameState; actions: Action[] } {
  let state = startSession(setup(seed)).state;
  const actions: Action[] = [];
  let k = seed + 1;
  while (state.winner === null && actions.length < max) {
    const p = legalActions(state, HUMAN).length ? HUMAN : AI;
    const acts = legalActions(state, p);
    k = (k * 48271) % 2147483647;
    const a = acts[k % acts.length];
    const r = applyAction(state, a);
    if (!r.ok) throw new Error(r.error.reason);
    state = r.state;
    actions.push(a);
  }
  return { state, actions };
}

describe("replay links", () => {
  it("round-trips every action kind", () => {
    const acts: Action[] = [
      { type: "place", player: 0, cards: [3, 8, 1, null, 4] },
      { type: "flip", player: 1, column: 5 },
      { type: "choose", player: 0, color: "yellow" },
      { type: "choose", player: 1, slot: { player: 0, row: "spare", column: 2 } },
      { type: "choose", player: 0, yes: false },
      { type: "pass", player: 1 },
      { type: "correct", player: 0, op: "draw" },
      { type: "correct", player: 0, op: "discard", slot: { player: 1, row: "spare", column: 4 } },
      { type: "correct", player: 0, op: "return", slot: { player: 0, row: "chaos", column: 1 } },
      { type: "correct", player: 0, op: "flip-up", slot: { player: 1, row: "chaos", column: 5 } },
      { type: "correct", player: 0, op: "rings", slot: { player: 1, row: "chaos", column: 2 }, amount: -3 },
      { type: "correct", player: 0, op: "rings", slot: { player: 0, row: "spare", column: 2 }, amount: 10 },
    ];
    for (const a of acts) expect(decodeAction(encodeAction(a))).toEqual(a);
  });

  it("reproduces the same game: same final state from the decoded link", () => {
    const s = setup(1234);
    const { state, actions } = randomGame(1234, 120);
    const payload: ReplayPayload = {
      deckKeys: s.deckKeys,
      deckNames: s.deckNames,
      seed: s.seed,
      aiSeed: s.aiSeed,
      columnRule: s.rules.columnRule,
      maxTurns: s.rules.maxTurns,
      level: "random",
      actions,
      conceded: false,
      corrections: true,
    };
    const r = decodeReplay(encodeReplay(payload));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.payload).toEqual(payload);
    const again = sessionFromActions({ ...s, seed: r.payload.seed }, r.payload.actions);
    expect(again.ok && again.session.state).toEqual(state);
  });

  it("rejects damaged, foreign and oversized links with a reason", () => {
    expect(decodeReplay("not a replay!")).toMatchObject({ ok: false, error: { code: "replay/malformed" } });
    expect(decodeReplay(btoa("{}"))).toMatchObject({ ok: false, error: { code: "replay/malformed" } });
    expect(decodeReplay(btoa("nope").replace(/=+$/, ""))).toMatchObject({ ok: false, error: { reason: expect.stringContaining("not JSON") } });
    expect(decodeReplay("a".repeat(MAX_REPLAY_CHARS + 1))).toMatchObject({ ok: false, error: { code: "replay/too-long" } });
    const good = encodeReplay({
      deckKeys: [["DEMO-001"], ["DEMO-002"]],
      deckNames: ["a", "b"],
      seed: 1,
      columnRule: "priority",
      maxTurns: 100,
      level: "random",
      actions: [],
      conceded: false,
      corrections: false,
    });
    const json = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(good.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0))));
    json.a = ["f9:7"];
    const bad = btoa(JSON.stringify(json)).replace(/=+$/, "");
    expect(decodeReplay(bad)).toMatchObject({ ok: false, error: { reason: expect.stringContaining("action 1") } });
  });

  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const r = decodeReplay(s);
        expect(typeof r.ok).toBe("boolean");
      }),
    );
  });

  it("run-length encodes deck lists without changing their order", () => {
    const keys = starterDeckKeys("chaotix-mix")!;
    expect(expandKeys(compressKeys(keys))).toEqual(keys);
    expect(compressKeys(["A-1", "A-1", "B-2", "A-1"])).toEqual(["A-1*2", "B-2", "A-1"]);
    expect(expandKeys(["A-1*0"])).toBeNull();
    expect(expandKeys(["DEMO-001*400", "DEMO-002*200"])).toBeNull();
  });
});
