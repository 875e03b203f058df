import { describe, expect, it } from "vitest";
import { applyAction, checkAction } from "../apply-action";
import { getAgent } from "../ai";
import { legalActions, playersToAct } from "../legal-actions";
import { replay } from "../replay";
import { loadScenario, type Scenario } from "../scenario";
import { cycleDeck, VANILLA, EFFECT_CARDS } from "../test-fixtures";
import type { Action, CardDef, GameEvent, GameState, Player } from "../types";
import { legalActionsForView, playerView } from "../view";
import { currentRings } from "../effects/auras";

const TEXT = "When flipped, do something the engine does not automate.";

/** A rush where player 1 (index 0) flips first; `corr` turns the option on for those seats. */
function table(corr: Player[] | undefined, over: Partial<Scenario["cards"]> = {}, lead: Player = 0): GameState {
  const sc: Scenario = {
    rules: corr ? { manualCorrections: corr } : {},
    cards: {
      knux: { title: "Knuckles", colors: ["red"], rings: 4, traits: ["Animal"], text: TEXT },
      plain: { title: "Big", colors: ["blue"], rings: 7, traits: ["Animal"], text: "" },
      drawer: { title: "Tails Lab", colors: ["yellow"], rings: 3, traits: ["Place"], text: "Draw 1.", effect: { trigger: "flip", actions: [{ type: "draw", count: 1 }] } },
      chao: { title: "Chao", colors: ["blue"], rings: 3, traits: ["Animal"] },
      pawn: { title: "Egg Pawn", colors: ["red"], rings: 2, traits: ["Robot"], text: TEXT },
      multi: { title: "Station Square", colors: ["blue", "yellow"], rings: 4, traits: ["Place"] },
      y1: { title: "Cream", colors: ["yellow"], rings: 1, traits: ["Animal"] },
      ...over,
    } as Scenario["cards"],
    state: {
      turn: 2,
      lead,
      step: "rush",
      players: [
        { deck: ["y1", "y1"], hand: [], discard: [], chaos: [{ card: "knux", faceUp: false }, { card: "plain", faceUp: false }, { card: "drawer", faceUp: false }, null, null], spare: [{ card: "chao", faceUp: true }, null, null, null, null] },
        { deck: ["y1"], hand: [], discard: [], chaos: [{ card: "pawn", faceUp: false }, { card: "multi", faceUp: false }, { card: "drawer", faceUp: false }, null, null], spare: [null, { card: "chao", faceUp: true }, null, null, null] },
      ],
    },
  };
  return loadScenario(sc).state;
}

function ok(s: GameState, a: Action): { state: GameState; events: GameEvent[] } {
  const r = applyAction(s, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.reason}`);
  return r;
}

const flip = (player: Player, column: number): Action => ({ type: "flip", player, column });

describe("manual corrections (RULES.md §6, docs/rules.md)", () => {
  it("open a window only after the player's own flip of a card whose text is not automated", () => {
    const s = table([0]);
    expect(checkAction(s, { type: "correct", player: 0, op: "draw" })?.code).toBe("correct/not-available");
    const w = ok(s, flip(0, 1)).state;
    expect(w.pending).toMatchObject({ kind: "correction", player: 0, slot: { player: 0, row: "chaos", column: 1 } });
    expect(legalActions(w, 0).filter((a) => a.type === "correct").length).toBeGreaterThan(0);
    expect(legalActions(w, 0)).toContainEqual({ type: "pass", player: 0 });
    expect(playersToAct(w)).toEqual([0]);
    // Flips wait until the window is closed.
    expect(checkAction(w, flip(1, 1))?.code).toBe("action/decision-pending");
    const closed = ok(w, { type: "pass", player: 0 });
    expect(closed.state.pending).toBeNull();
    expect(closed.state.next).toBe(1);
    expect(closed.events.some((e) => e.correction && /finished manual corrections for red 4 Knuckles/.test(e.message))).toBe(true);
    // The window is gone for good: no correction on a later turn of the rush.
    expect(checkAction(closed.state, { type: "correct", player: 0, op: "draw" })).toMatchObject({ code: "correct/not-available", reason: expect.stringContaining("right after") });
  });

  it("no window for a vanilla card without text, an automated card, a seat without the option, or the option off", () => {
    const s = table([0]);
    // The opponent's own unautomated flip (seat 1 is not listed) opens nothing and its correction is refused.
    const theirs = ok(table([0], {}, 1), flip(1, 1)).state;
    expect(theirs.pending).toBeNull();
    expect(checkAction(theirs, { type: "correct", player: 1, op: "draw" })?.code).toBe("correct/disabled");
    // A vanilla card with no text: no window.
    const plain = ok(s, flip(0, 2)).state;
    expect(plain.pending).toBeNull();
    const off = table(undefined);
    const o = ok(off, flip(0, 1)).state;
    expect(o.pending).toBeNull();
    expect(checkAction(o, { type: "correct", player: 0, op: "draw" })).toMatchObject({ code: "correct/disabled", reason: expect.stringContaining("off") });
    const auto = table([0], { knux: { title: "Knuckles", colors: ["red"], rings: 4, traits: ["Animal"], text: TEXT, effect: { trigger: "flip", actions: [{ type: "draw", count: 1 }] } } });
    expect(ok(auto, flip(0, 1)).state.pending).toBeNull();
  });

  it("discard, return to hand and draw go through the interpreter and are logged as manual corrections", () => {
    const w = ok(table([0]), flip(0, 1)).state;
    const d = ok(w, { type: "correct", player: 0, op: "discard", slot: { player: 1, row: "spare", column: 2 } });
    expect(d.state.players[1].spare[1]).toBeNull();
    expect(d.state.players[1].discard).toHaveLength(1);
    expect(d.events[0]).toMatchObject({ type: "discard", player: 1, cause: "correction", row: "spare", column: 2, correction: { card: w.players[0].chaos[0]!.card } });
    expect(d.events[0].message).toBe("Player 2's blue 3 Chao was discarded by a manual correction for red 4 Knuckles (text not automated).");
    // The window reopens with fresh targets.
    expect(d.state.pending?.kind).toBe("correction");
    const r = ok(d.state, { type: "correct", player: 0, op: "return", slot: { player: 0, row: "spare", column: 1 } });
    expect(r.state.players[0].spare[0]).toBeNull();
    expect(r.state.players[0].hand).toHaveLength(1);
    expect(r.events[0]).toMatchObject({ type: "return", message: expect.stringContaining("manual correction for red 4 Knuckles") });
    const dr = ok(r.state, { type: "correct", player: 0, op: "draw" });
    expect(dr.state.players[0].hand).toHaveLength(2);
    expect(dr.events[0]).toMatchObject({ type: "draw", private: true, cause: "correction", correction: { card: w.players[0].chaos[0]!.card } });
  });

  it("flip-up turns an opposing face-down card face up without its effect, asking its owner for a multi-color card's color", () => {
    const w = ok(table([0]), flip(0, 1)).state;
    // An automated card flipped by a correction does not trigger: the AI's deck is not drawn from.
    const a = ok(w, { type: "correct", player: 0, op: "flip-up", slot: { player: 1, row: "chaos", column: 3 } });
    expect(a.state.players[1].chaos[2]?.faceUp).toBe(true);
    expect(a.state.players[1].hand).toHaveLength(0);
    expect(a.events[0].message).toMatch(/flipped face up by a manual correction for red 4 Knuckles \(text not automated\) \(its own effect does not trigger\)/);
    expect(a.state.pending?.kind).toBe("correction");
    // A multi-color card: its owner chooses the color first, then the window comes back.
    const m = ok(a.state, { type: "correct", player: 0, op: "flip-up", slot: { player: 1, row: "chaos", column: 2 } });
    expect(m.state.pending).toMatchObject({ kind: "color", player: 1 });
    const c = ok(m.state, { type: "choose", player: 1, color: "yellow" });
    expect(c.state.pending?.kind).toBe("correction");
    // Own face-down cards and face-up cards are not flip-up targets.
    expect(checkAction(c.state, { type: "correct", player: 0, op: "flip-up", slot: { player: 0, row: "chaos", column: 2 } })?.code).toBe("correct/invalid-target");
    expect(checkAction(c.state, { type: "correct", player: 0, op: "flip-up", slot: { player: 1, row: "spare", column: 2 } })?.code).toBe("correct/invalid-target");
  });

  it("rings changes count for battle comparisons like the effect primitive, within ±10", () => {
    const w = ok(table([0]), flip(0, 1)).state;
    const up = ok(w, { type: "correct", player: 0, op: "rings", slot: { player: 0, row: "chaos", column: 1 }, amount: 3 });
    expect(currentRings(up.state, 0, "chaos", 0)).toBe(7);
    expect(up.events[0]).toMatchObject({ type: "modify", message: expect.stringContaining("+3 rings for battle comparisons (a manual correction for red 4 Knuckles") });
    const down = ok(up.state, { type: "correct", player: 0, op: "rings", slot: { player: 1, row: "spare", column: 2 }, amount: -5 });
    expect(currentRings(down.state, 1, "spare", 1)).toBe(0);
    // Printed rings (the score step) are unchanged.
    expect(down.state.cards[down.state.players[1].spare[1]!.card].rings).toBe(3);
    for (const amount of [0, 11, -11, 1.5]) expect(checkAction(down.state, { type: "correct", player: 0, op: "rings", slot: { player: 1, row: "spare", column: 2 }, amount })?.code).toBe("correct/invalid-amount");
    expect(checkAction(down.state, { type: "correct", player: 0, op: "rings", slot: { player: 1, row: "chaos", column: 1 }, amount: 1 })?.code).toBe("correct/invalid-target");
    expect(checkAction(down.state, { type: "correct", player: 0, op: "shuffle" as "draw" })?.code).toBe("correct/unknown-op");
    expect(checkAction(down.state, { type: "correct", player: 0, op: "discard" })?.code).toBe("correct/invalid-target");
    expect(checkAction(down.state, { type: "choose", player: 0, yes: true })?.code).toBe("choose/invalid-option");
    expect(checkAction(down.state, { type: "correct", player: 1, op: "draw" })?.code).toBe("correct/disabled");
  });

  it("cards protected from effects cannot be targeted", () => {
    const s = table([0]);
    const t = structuredClone(s);
    t.players[1].spare[1]!.protect = 4;
    const w = ok(t, flip(0, 1)).state;
    expect(checkAction(w, { type: "correct", player: 0, op: "discard", slot: { player: 1, row: "spare", column: 2 } })?.code).toBe("correct/invalid-target");
  });

  it("the AI is never offered a correction and its view holds no correction targets", () => {
    const deck = (o: number): CardDef[] => cycleDeck([...VANILLA.map((c) => ({ ...c, text: TEXT })), ...EFFECT_CARDS], 30, o);
    for (const level of ["random", "heuristic"] as const)
      for (let seed = 1; seed <= 6; seed++) {
        const actions: Action[] = [];
        let s = replay({ decks: [deck(0), deck(7)], seed, rules: { manualCorrections: [0] } }, []).state;
        let k = seed;
        let windows = 0;
        for (let i = 0; i < 3000 && s.winner === null; i++) {
          const p = playersToAct(s)[0];
          let a: Action;
          if (p === 1) {
            const v = playerView(s, 1);
            expect(legalActionsForView(v).some((x) => x.type === "correct")).toBe(false);
            a = getAgent(level).chooseAction(v, { seed: i });
            expect(a.type).not.toBe("correct");
          } else {
            if (s.pending?.kind === "correction") {
              windows++;
              const other = JSON.stringify(playerView(s, 1).pending);
              expect(other).not.toMatch(/options|discard|flipUp/);
            }
            const acts = legalActions(s, 0);
            k = (k * 48271) % 2147483647;
            a = acts[k % acts.length];
          }
          s = ok(s, a).state;
          actions.push(a);
        }
        expect(windows).toBeGreaterThan(0);
        // Replays reproduce the game, corrections included (house rule 5).
        const again = replay({ decks: [deck(0), deck(7)], seed, rules: { manualCorrections: [0] } }, actions);
        expect(again.ok && again.state).toEqual(s);
        expect(JSON.parse(JSON.stringify(s))).toEqual(s);
      }
  });
});
