/**
 * Tests only: a whole online game of first legal moves (Amy, Team Sonic Speed,
 * against Knuckles, Eggman Empire), as its stored record and log, and its
 * replay DTO from any side, without a database.
 */
import { applyAction, legalActions, newGame, type Action, type Player } from "@/lib/engine";
import { replayFrames, type ReplaySide } from "./replay";
import { setupOf } from "./setup";
import { gameRecord } from "./test-fixture";
import type { GameRecord, ReplayDTO } from "./types";

/** The game, its log and its replay from a side (`dto`). */
export function replayFixture() {
  const record: GameRecord = gameRecord({ seed: 4242, status: "finished", finishedAt: "2026-12-01T10:20:00.000Z", replayCode: "abcdefghijkl" });

  /** A whole game of first legal moves, as the log stores it. */
  function log(): { seq: number; action: Action }[] {
    let s = newGame(setupOf(record));
    const out: { seq: number; action: Action }[] = [];
    while (s.winner === null && out.length < 500) {
      const p: Player = legalActions(s, 0).length ? 0 : 1;
      const a = legalActions(s, p)[0];
      const r = applyAction(s, a);
      if (!r.ok) throw new Error(r.error.reason);
      s = r.state;
      out.push({ seq: out.length + 1, action: a });
    }
    record.result = s.winner;
    record.endReason = s.winner === "draw" ? "turns" : "emeralds";
    return out;
  }
  const actions = log();

  function dto(side: ReplaySide, mySeat: Player | null = null): ReplayDTO {
    return {
      code: "abcdefghijkl",
      listing: "open",
      pace: "live",
      columnRule: "priority",
      result: record.result,
      endReason: record.endReason,
      createdAt: record.createdAt,
      finishedAt: record.finishedAt,
      players: record.seats.map((s) => ({ seat: s.seat, name: s.playerName, deckName: s.deck.name })),
      mySeat,
      decks: [record.seats[0].deck.cards, record.seats[1].deck.cards],
      replay: replayFrames(record, actions, side),
    };
  }
  return { record, actions, dto };
}
