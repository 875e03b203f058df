import "server-only";
import { randomInt } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/server/errors";
import { createMatchedGameTx } from "@/lib/play/data";
import type { SeatDeck } from "@/lib/play/types";
import { computeStandings, type StandingRow } from "@/lib/events/standings";
import { pairSwissRound, topCutSeeds } from "@/lib/events/swiss";

/**
 * The steps the event's writes share (docs/events.md): loading an event in a
 * transaction, the standings of its finished Swiss rounds, and pairing a
 * round (Swiss or top cut), with a live game per match for an online event.
 * Callers (lib/events/data/manage.ts, results.ts, page.ts) check the actor.
 */

type Tx = Prisma.TransactionClient;

export async function loadEventTx(tx: Tx, eventId: string) {
  const event = await tx.event.findUnique({
    where: { id: eventId },
    include: { entries: { orderBy: [{ registeredAt: "asc" }, { id: "asc" }] }, matches: { orderBy: [{ round: "asc" }, { table: "asc" }] } },
  });
  if (!event) throw new DomainError("events/not-found", "There is no such event.");
  return event;
}

export type LoadedEvent = Awaited<ReturnType<typeof loadEventTx>>;

/** The Swiss rounds whose every match has a result. */
function swissRoundsDone(e: LoadedEvent): number {
  const last = Math.min(e.currentRound, e.rounds);
  for (let r = 1; r <= last; r++) if (e.matches.some((m) => m.round === r && m.status !== "done")) return r - 1;
  return last;
}

/** The standings after the finished Swiss rounds. */
export function standingsOf(e: LoadedEvent): StandingRow[] {
  const done = swissRoundsDone(e);
  const swiss = e.matches.filter((m) => m.stage === "swiss" && m.status === "done" && m.round <= done);
  return computeStandings(
    e.entries.map((x) => ({ id: x.id, name: x.playerName, firstRound: x.firstRound, droppedAfter: x.droppedAfter })),
    swiss,
    done,
  );
}

/** Whether every match of the round under way has a result. */
export function roundComplete(e: LoadedEvent): boolean {
  return e.matches.filter((m) => m.round === e.currentRound).every((m) => m.status === "done");
}

async function createMatchesTx(tx: Tx, e: LoadedEvent, round: number, stage: "swiss" | "top", pairs: [string, string][], bye: string | null): Promise<void> {
  const byId = new Map(e.entries.map((x) => [x.id, x]));
  let table = 1;
  for (const [a, b] of pairs) {
    let game: { id: string; code: string } | null = null;
    if (e.mode === "online") {
      // seat 0 is the match's first player: the game's result reads back in that orientation (results.ts)
      const seat = (id: string) => {
        const x = byId.get(id)!;
        return { userId: x.userId ?? "", playerName: x.playerName, deck: JSON.parse(x.deck) as SeatDeck };
      };
      game = await createMatchedGameTx(tx, [seat(a), seat(b)], "priority");
    }
    await tx.eventMatch.create({ data: { eventId: e.id, round, table: table++, stage, entryA: a, entryB: b, gameId: game?.id ?? null, gameCode: game?.code ?? null } });
  }
  // the bye: a 2-0 win, done at once
  if (bye) await tx.eventMatch.create({ data: { eventId: e.id, round, table, stage, entryA: bye, entryB: null, status: "done", winsA: 2, source: "bye" } });
  await tx.event.update({ where: { id: e.id }, data: { currentRound: round } });
}

/** Pairs the next Swiss round: the players still in (late entries from their first round), in standings order; round 1 in a random order. */
export async function pairSwissTx(tx: Tx, e: LoadedEvent): Promise<void> {
  const round = e.currentRound + 1;
  const standing = standingsOf(e);
  const inPlay = standing.filter((r) => !r.dropped && e.entries.find((x) => x.id === r.id)!.firstRound <= round);
  if (round === 1) {
    for (let i = inPlay.length - 1; i > 0; i--) {
      const j = randomInt(0, i + 1);
      [inPlay[i], inPlay[j]] = [inPlay[j], inPlay[i]];
    }
  }
  if (inPlay.length < 2) throw new DomainError("events/too-few", "Fewer than two players are still in: finish the event.");
  const pairing = pairSwissRound(inPlay.map((r) => ({ id: r.id, points: r.points, opponents: r.opponents, hadBye: r.hadBye })));
  if (!pairing) throw new DomainError("events/cannot-pair", "Every pairing for this round would be a rematch: finish the event (or go to the top cut).");
  await createMatchesTx(tx, e, round, "swiss", pairing.pairs, pairing.bye);
}

/** The first round of the top cut: the best `topCut` players still in, seeded 1v8, 4v5, 2v7, 3v6 (or 1v4, 2v3). */
export async function pairTopCutTx(tx: Tx, e: LoadedEvent): Promise<void> {
  const seeds = standingsOf(e).filter((r) => !r.dropped);
  const size = e.topCut as 4 | 8;
  if (seeds.length < size) throw new DomainError("events/too-few", `A top ${size} needs ${size} players still in.`);
  await createMatchesTx(tx, e, e.currentRound + 1, "top", topCutSeeds(size).map(([x, y]) => [seeds[x - 1].id, seeds[y - 1].id]), null);
}

/** The winners of a top-cut round, in table order. */
function topWinners(e: LoadedEvent, round: number): string[] {
  return e.matches.filter((m) => m.round === round && m.stage === "top").map((m) => (m.winsA > m.winsB ? m.entryA : m.entryB!));
}

/** The next round of the top cut: the winners of the last, table 1's against table 2's, and so on. */
export async function pairTopNextTx(tx: Tx, e: LoadedEvent): Promise<void> {
  const w = topWinners(e, e.currentRound);
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < w.length; i += 2) pairs.push([w[i], w[i + 1]]);
  await createMatchesTx(tx, e, e.currentRound + 1, "top", pairs, null);
}

/** What the organiser's next step is once the round under way is complete. */
export function nextStep(e: LoadedEvent): "swiss" | "top-cut" | "top" | "finish" {
  if (e.currentRound < e.rounds) return "swiss";
  const topRounds = e.matches.filter((m) => m.stage === "top");
  if (topRounds.length === 0) return e.topCut > 0 ? "top-cut" : "finish";
  return topRounds.filter((m) => m.round === e.currentRound).length > 1 ? "top" : "finish";
}
