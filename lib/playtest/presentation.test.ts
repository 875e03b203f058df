import { describe, expect, it } from "vitest";
import copyDiscard from "@/data/scenarios/copy-discard.json";
import battleDiscard from "@/data/scenarios/battle-discard.json";
import { applyAction, legalActions, loadScenario, type Action, type GameEvent, type GameState, type Scenario } from "@/lib/engine";
import { discardGhosts, endsRush, eventsShown, logLines, namedCards, scoreTotals, turnEndFrom, turnEndModel } from "./presentation";
import { parseSetupParams, resolveSetup } from "./setup-params";
import { AI, HUMAN, startSession } from "./session";
import { demoCatalog } from "@/lib/playtest/test-catalog";

function firstAction(sc: Scenario): Action {
  const a = sc.actions![0] as Action;
  return a;
}

describe("discard ghosts", () => {
  for (const [name, sc] of [
    ["copy", copyDiscard],
    ["battle", battleDiscard],
  ] as const)
    it(`locates the ${name}-discarded card in the slot it left`, () => {
      const { state } = loadScenario(sc as unknown as Scenario);
      const r = applyAction(state, firstAction(sc as unknown as Scenario));
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const ghosts = discardGhosts(state, r.events, 1, true);
      const discards = r.events.filter((e) => e.type === `${name}-discard` && e.cards.length > 0);
      expect(discards.length).toBeGreaterThan(0);
      expect(ghosts).toHaveLength(discards.length);
      for (const g of ghosts) {
        const row = state.players[g.owner][g.row];
        expect(row[g.column - 1]?.card).toBe(g.slot.card?.id);
        expect(r.state.players[g.owner][g.row][g.column - 1]?.card).not.toBe(g.slot.card?.id);
      }
    });
});

describe("turn-end walk", () => {
  it("rebuilds the field before recharge from the engine's states and events", () => {
    const r0 = resolveSetup(parseSetupParams({ start: "1" }), 31, demoCatalog());
    if (!r0.ok) throw new Error(r0.error.reason);
    let s: GameState = startSession(r0.setup).state;
    let k = 7;
    for (let guard = 0; guard < 2000; guard++) {
      const p = legalActions(s, HUMAN).length ? HUMAN : AI;
      const acts = legalActions(s, p);
      k = (k * 48271) % 2147483647;
      const before = s;
      const r = applyAction(s, acts[k % acts.length]);
      if (!r.ok) throw new Error(r.error.reason);
      s = r.state;
      if (!endsRush(r.events) || s.winner !== null) continue;
      const t = turnEndFrom(before, s, r.events);
      expect(t.phases).toEqual(["score", "draw", "discard", "move"]);
      const score = turnEndModel(t, true);
      // Before the move, the chaos rows hold what the recharge moved to the spare rows.
      for (const p of [0, 1] as const)
        for (let c = 0; c < 5; c++) expect(score.sides[p].chaos[c]?.card?.id ?? null).toBe(s.players[p].spare[c]?.card ?? null);
      // The human's hand before the draw is the hand after it minus the drawn cards.
      const drawn = r.events.filter((e) => e.type === "draw" && e.player === HUMAN).flatMap((e) => e.cards);
      expect(score.sides[HUMAN].hand!.map((c) => c.id).sort()).toEqual(s.players[HUMAN].hand.filter((c) => !drawn.includes(c)).sort());
      expect(scoreTotals(r.events)?.totals).toHaveLength(2);
      const discard = turnEndModel({ ...t, index: 2 }, true);
      expect(discard.sides[0].spare.every((x) => x === null)).toBe(true);
      const moved = turnEndModel({ ...t, index: 3 }, true);
      expect(moved.sides[0].spare.map((x) => x?.card?.id ?? null)).toEqual(s.players[0].spare.map((x) => x?.card ?? null));
      // The log holds back the recharge until its phase is reached.
      const all = [...r.events];
      expect(logLines(eventsShown(all, t), true).some((l) => l.type === "move")).toBe(false);
      expect(logLines(eventsShown(all, { ...t, index: 3 }), true).some((l) => l.type === "move")).toBe(true);
      return;
    }
    throw new Error("no rush ended");
  });
});

describe("log lines", () => {
  it("name the catalog cards of each event the human may see, once each, for the card zoom", () => {
    const r0 = resolveSetup(parseSetupParams({ start: "1" }), 31, demoCatalog());
    if (!r0.ok) throw new Error(r0.error.reason);
    const session = startSession(r0.setup);
    let s = session.state;
    const events = [...session.events];
    let k = 11;
    // play until both sides have placed and a few cards are flipped
    for (let guard = 0; guard < 200 && events.filter((e) => e.type === "flip").length < 4; guard++) {
      const p = legalActions(s, HUMAN).length ? HUMAN : AI;
      const acts = legalActions(s, p);
      k = (k * 48271) % 2147483647;
      const r = applyAction(s, acts[k % acts.length]);
      if (!r.ok) throw new Error(r.error.reason);
      s = r.state;
      events.push(...r.events);
    }
    const keyOf = (id: number) => (s.cards[id] as unknown as { key: string }).key;
    const lines = logLines(events, false, s.cards);
    const flips = lines.filter((l) => l.type === "flip");
    expect(flips.length).toBeGreaterThanOrEqual(4);
    const flipEvents = events.filter((e) => e.type === "flip");
    flips.forEach((l, i) => expect(l.cards.map((c) => c.key)).toEqual([...new Set(flipEvents[i].cards.map(keyOf))]));
    for (const l of flips) for (const c of l.cards) expect(l.text).toContain(c.title);
    // the AI's draws and placements are private: the human's log names none of their cards
    const aiPrivate = events.map((e, i) => [e, lines[i]] as const).filter(([e]) => e.private && e.player === AI);
    expect(aiPrivate.length).toBeGreaterThan(0);
    for (const [, l] of aiPrivate) expect(l.cards).toEqual([]);
    // study mode (reveal all) names them
    const revealed = logLines(events, true, s.cards);
    expect(events.some((e, i) => e.private && e.player === AI && e.cards.length > 0 && revealed[i].cards.length > 0)).toBe(true);
    // without a card table, no line names a card
    expect(logLines(events, true).every((l) => l.cards.length === 0)).toBe(true);
  });
});

describe("the log names copies", () => {
  const def = (key: string, title: string) => ({ key, title }) as unknown as GameState["cards"][number];
  const table = [def("DEMO-001", "Sonic"), def("DEMO-002", "Tails"), def("DEMO-003", "Knuckles"), def("DEMO-001", "Sonic"), def("DEMO-004", "Amy")];
  const placed = { type: "place", player: HUMAN, cards: [0, 1, 2, 3, 4], message: "Player 1 placed 5 cards face down in their chaos row." } as unknown as GameEvent;

  it("five placed cards with two copies of Sonic name four cards, Sonic ×2 (in order of first appearance)", () => {
    const [line] = logLines([placed], true, table);
    expect(line.cards).toEqual([
      { key: "DEMO-001", title: "Sonic", count: 2 },
      { key: "DEMO-002", title: "Tails", count: 1 },
      { key: "DEMO-003", title: "Knuckles", count: 1 },
      { key: "DEMO-004", title: "Amy", count: 1 },
    ]);
    expect(line.cards.reduce((n, c) => n + c.count, 0)).toBe(5);
  });

  it("skips ids the viewer cannot name", () => {
    expect(namedCards([0, 7, 3], (id) => table[id])).toEqual([{ key: "DEMO-001", title: "Sonic", count: 2 }]);
  });
});
