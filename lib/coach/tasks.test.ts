/**
 * The coach's tasks (tasks.ts): one per placement and flip of the chosen
 * seat, each with that seat's own view before the move; an online replay's
 * frames of a seat give the same tasks as the engine's states of the game.
 */
import { describe, expect, it } from "vitest";
import type { CardDef, Player } from "@/lib/engine";
import { replayFrames } from "@/lib/play/replay";
import type { GameRecord, LoggedAction } from "@/lib/play/types";
import { onlineTasks, seedOfCode, soloTasks } from "./tasks";
import { heuristicGame } from "./test-game";

const game = heuristicGame(11);
const DECKS = game.setup.decks as [CardDef[], CardDef[]];

describe("the coach's tasks", () => {
  it("lists the chosen seat's placements and flips with its own view only", () => {
    for (const seat of [0, 1] as Player[]) {
      const tasks = soloTasks(game.states, game.actions, seat);
      expect(tasks.length).toBeGreaterThan(3);
      expect(tasks.some((t) => t.played.type === "place")).toBe(true);
      expect(tasks.some((t) => t.played.type === "flip")).toBe(true);
      for (const t of tasks) {
        expect(t.played).toBe(game.actions[t.index]);
        expect(t.played.player).toBe(seat);
        expect(t.view.viewer).toBe(seat);
        expect(t.view.players[1 - seat].hand).toBeNull();
        expect(t.view.pending).toBeNull();
      }
    }
  });

  it("builds the same tasks from a seat's online replay frames", () => {
    const record = {
      seats: [0, 1].map((seat) => ({ seat, deck: { cards: game.setup.decks[seat] } })),
      seed: game.setup.seed,
      columnRule: "priority",
      maxTurns: game.states[0].rules.maxTurns,
      lead: 0,
    } as unknown as GameRecord;
    const logged = game.actions.map((action, i) => ({ seq: i + 1, action: action as LoggedAction }));
    for (const seat of [0, 1] as Player[]) {
      const r = replayFrames(record, logged, seat);
      const online = onlineTasks(r.frames, r.cards, DECKS, seat);
      const solo = soloTasks(game.states, game.actions, seat);
      expect(online.map((t) => [t.index, t.played])).toEqual(solo.map((t) => [t.index, t.played]));
      for (let j = 0; j < solo.length; j++) expect(online[j].view).toEqual(solo[j].view);
      // the other seat's frames carry none of this seat's moves
      expect(onlineTasks(replayFrames(record, logged, (1 - seat) as Player).frames, r.cards, DECKS, seat)).toEqual([]);
    }
  });

  it("seeds an online game from its replay code", () => {
    expect(seedOfCode("abcDEF123456")).toBe(seedOfCode("abcDEF123456"));
    expect(seedOfCode("abcDEF123456")).not.toBe(seedOfCode("abcDEF123457"));
  });
});
