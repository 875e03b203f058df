import { describe, expect, it } from "vitest";
import { applyAction } from "./apply-action";
import { legalActions, playersToAct } from "./legal-actions";
import { newGame } from "./setup";
import { mixedDecks } from "./test-fixtures";
import type { GameEvent, GameState } from "./types";

/** Random games with every effect primitive in play; all their events. */
function games(n: number): { before: GameState; events: GameEvent[] }[] {
  const out: { before: GameState; events: GameEvent[] }[] = [];
  for (let g = 0; g < n; g++) {
    let s = newGame({ decks: mixedDecks(), seed: 100 + g });
    let k = g + 1;
    for (let i = 0; i < 2000 && s.winner === null; i++) {
      const acts = legalActions(s, playersToAct(s)[0]);
      k = (k * 48271) % 2147483647;
      const r = applyAction(s, acts[k % acts.length]);
      if (!r.ok) throw new Error(r.error.reason);
      out.push({ before: s, events: r.events });
      s = r.state;
    }
  }
  return out;
}

describe("structured event data (the board reads it instead of parsing messages)", () => {
  const batches = games(12);
  const all = batches.flatMap((b) => b.events);

  it("score events carry both ring totals, matching their message", () => {
    const scores = all.filter((e) => e.type === "score");
    expect(scores.length).toBeGreaterThan(10);
    for (const e of scores) {
      expect(e.totals).toHaveLength(2);
      expect(e.message).toContain(`Player 1 ${e.totals![0]} rings, Player 2 ${e.totals![1]} rings`);
    }
  });

  it("discards, returns and draws say their cause; field discards name the row and column they left", () => {
    const causes = new Set<string>();
    for (const { before, events } of batches)
      for (const e of events) {
        if (e.type === "discard" || e.type === "return") {
          expect(["recharge", "effect"]).toContain(e.cause);
          causes.add(`${e.type}:${e.cause}`);
          expect(e.row).toBeDefined();
          if (e.cause === "effect") {
            expect(e.column).toBeDefined();
            const slot = before.players[e.player!][e.row!][e.column! - 1];
            // The card was in that slot before the action (face-down discards do not name it).
            if (e.cards.length) expect(slot?.card).toBe(e.cards[0]);
          }
        }
        if (e.type === "copy-discard" && e.cards.length) {
          expect(before.players[e.player!][e.row!][e.column! - 1]?.card).toBe(e.cards[0]);
          causes.add("copy");
        }
        if (e.type === "battle-discard") {
          expect(before.players[e.player!][e.row!][e.column! - 1]?.card).toBe(e.cards[0]);
          causes.add("battle");
        }
        if (e.type === "draw") {
          expect(e.cause === undefined || e.cause === "recharge" || e.cause === "effect").toBe(true);
          if (e.message.includes("recharge")) expect(e.cause).toBe("recharge");
        }
      }
    for (const c of ["discard:recharge", "discard:effect", "return:effect", "copy", "battle"]) expect(causes).toContain(c);
  });
});
