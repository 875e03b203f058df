import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { DomainError } from "@/lib/server/errors";
import type { MatchScore } from "@/lib/events/types";
import { loadEventTx } from "@/lib/events/data/rounds";

/**
 * Match results (docs/events.md, "Results"). At the table each of the two
 * players reports the score; when the two reports agree the match is done,
 * when they disagree it is disputed until the organiser settles it. The
 * organiser may enter or correct any result of the round under way; every
 * result the organiser enters is in the event's audit log, with the players'
 * reports it overrode. An online match's result comes from its live game.
 */

function encodeScore(s: MatchScore): string {
  return `${s.winsA}-${s.winsB}-${s.draws}`;
}

export function decodeScore(s: string | null): MatchScore | null {
  if (!s) return null;
  const [winsA, winsB, draws] = s.split("-").map(Number);
  return { winsA, winsB, draws };
}

function checkScore(stage: string, s: MatchScore): void {
  if (s.winsA + s.winsB + s.draws < 1) throw new DomainError("events/bad-result", "A match has at least one game.");
  if (stage === "top" && s.winsA === s.winsB) throw new DomainError("events/bad-result", "A top-cut match has a winner: play on until one player has won more games.");
}

async function matchInRoundTx(tx: Prisma.TransactionClient, matchId: string) {
  const m = await tx.eventMatch.findUnique({ where: { id: matchId } });
  if (!m) throw new DomainError("events/not-found", "There is no such match.");
  const e = await loadEventTx(tx, m.eventId);
  if (e.status !== "running" || m.round !== e.currentRound) throw new DomainError("events/settled", "Only the round under way takes results.");
  if (m.entryB === null) throw new DomainError("events/settled", "A bye has no result to enter.");
  return { m, e };
}

/**
 * One of the two players reports the score (in the match's orientation:
 * games won by the first player, by the second, drawn). Done when both
 * reports agree; disputed when they do not.
 */
export async function reportResult(actor: Actor, matchId: string, score: MatchScore): Promise<{ status: "pending" | "disputed" | "done" }> {
  const user = requireActor(actor);
  return db.$transaction(async (tx) => {
    const { m, e } = await matchInRoundTx(tx, matchId);
    const side = e.entries.find((x) => x.id === m.entryA)?.userId === user.id ? "A" : e.entries.find((x) => x.id === m.entryB)?.userId === user.id ? "B" : null;
    if (!side) throw new DomainError("events/not-player", "Only the two players of a match report its result.");
    if (m.status === "done") throw new DomainError("events/settled", "This match already has its result; ask the organiser to correct it.");
    checkScore(m.stage, score);
    const mine = encodeScore(score);
    const other = side === "A" ? m.reportB : m.reportA;
    const status = other === null ? "pending" : other === mine ? "done" : "disputed";
    const done = status === "done" ? { ...score, source: "players" } : {};
    await tx.eventMatch.update({ where: { id: m.id }, data: { [side === "A" ? "reportA" : "reportB"]: mine, status, ...done } });
    return { status };
  });
}

/** The organiser enters (or corrects, or settles a dispute with) a match's result; audited. */
export async function enterResult(actor: Actor, matchId: string, score: MatchScore): Promise<void> {
  const user = requireActor(actor);
  await db.$transaction(async (tx) => {
    const { m, e } = await matchInRoundTx(tx, matchId);
    if (e.organiserId !== user.id) throw new DomainError("events/not-organiser", "Only the organiser enters results for a match.");
    checkScore(m.stage, score);
    const name = (id: string | null) => e.entries.find((x) => x.id === id)?.playerName ?? "?";
    const show = (s: MatchScore | null) => (s ? `${s.winsA}–${s.winsB}${s.draws ? `–${s.draws}` : ""}` : "nothing");
    const what = m.status === "disputed" ? "settled a dispute" : m.status === "done" ? "corrected a result" : "entered a result";
    const detail = `Round ${m.round}, table ${m.table}: ${name(m.entryA)} ${show(score)} ${name(m.entryB)} (was ${m.status === "done" ? show(m) : "open"}; ${name(m.entryA)} reported ${show(decodeScore(m.reportA))}, ${name(m.entryB)} reported ${show(decodeScore(m.reportB))})`;
    await tx.eventMatch.update({ where: { id: m.id }, data: { ...score, status: "done", source: "organiser" } });
    await tx.eventAudit.create({ data: { eventId: e.id, actorId: user.id, actor: user.displayName, action: what, detail } });
  });
}

/**
 * Inside the referee's transaction that ends a game (lib/play/data/log.ts):
 * when the game is an online event match still open, its result is the
 * match's (a best-of-one: 1–0, or a drawn game). Seat 0 is the match's first
 * player. Returns whether it settled an event match.
 */
export async function settleEventGameTx(tx: Prisma.TransactionClient, gameId: string, result: "0" | "1" | "draw"): Promise<boolean> {
  const score = result === "0" ? { winsA: 1, winsB: 0, draws: 0 } : result === "1" ? { winsA: 0, winsB: 1, draws: 0 } : { winsA: 0, winsB: 0, draws: 1 };
  // a drawn game cannot decide a top-cut match: the organiser enters that one
  const r = await tx.eventMatch.updateMany({ where: { gameId, status: { not: "done" }, ...(result === "draw" ? { stage: "swiss" } : {}) }, data: { ...score, status: "done", source: "game" } });
  return r.count > 0;
}
