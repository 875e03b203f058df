import "server-only";
import { db } from "@/lib/server/db/db";
import type { Actor } from "@/lib/server/actor";
import type { SeatDeck } from "@/lib/play/types";
import { percent } from "@/lib/events/standings";
import { cardResults } from "@/lib/events/card-results";
import type { DecklistDTO, EventMode, EventPageView, EventStatus, EventSummary, MatchDTO, RoundDTO } from "@/lib/events/types";
import { decodeScore } from "@/lib/events/data/results";
import { loadEventTx, nextStep, roundComplete, standingsOf, type LoadedEvent } from "@/lib/events/data/rounds";

/**
 * Reading events (docs/events.md, "Who sees what"): the list and an event's
 * page are public (names, pairings, results, standings). Decklists are not:
 * before the event ends each entrant sees only their own, and nobody else
 * (the organiser included) sees any; once it ends all are published.
 */

type EventRow = { id: string; name: string; mode: string; status: string; organiserName: string; registrationClosesAt: Date; currentRound: number; rounds: number; roundsChosen: number; topCut: number };

function summary(e: EventRow, entrants: number): EventSummary {
  return {
    id: e.id,
    name: e.name,
    mode: e.mode as EventMode,
    status: e.status as EventStatus,
    organiserName: e.organiserName,
    entrants,
    registrationClosesAt: e.registrationClosesAt.toISOString(),
    currentRound: e.currentRound,
    rounds: e.status === "registration" ? e.roundsChosen : e.rounds,
    topCut: e.topCut,
  };
}

/** Events, newest first: those open or under way, then the finished (public). */
export async function listEvents(actor: Actor | null): Promise<EventSummary[]> {
  void actor;
  const rows = await db.event.findMany({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 100, include: { _count: { select: { entries: true } } } });
  const order = { running: 0, registration: 1, finished: 2 } as Record<string, number>;
  return rows.map((r) => summary(r, r._count.entries)).sort((a, b) => order[a.status] - order[b.status]);
}

function decklist(entry: LoadedEvent["entries"][number]): DecklistDTO {
  const deck = JSON.parse(entry.deck) as SeatDeck;
  const counts = new Map<string, { key: string; title: string; count: number }>();
  deck.keys.forEach((key, i) => {
    const c = counts.get(key) ?? { key, title: deck.cards[i]?.title ?? key, count: 0 };
    c.count += 1;
    counts.set(key, c);
  });
  return { entryId: entry.id, playerName: entry.playerName, deckName: entry.deckName, cards: [...counts.values()].sort((a, b) => a.title.localeCompare(b.title)) };
}

function rounds(e: LoadedEvent, viewerId: string | null, organiser: boolean): RoundDTO[] {
  const byId = new Map(e.entries.map((x) => [x.id, x]));
  const side = (id: string | null) => (id ? { entryId: id, name: byId.get(id)?.playerName ?? "?" } : null);
  const out: RoundDTO[] = [];
  for (const m of e.matches) {
    const mySide = viewerId && byId.get(m.entryA)?.userId === viewerId ? "a" : viewerId && m.entryB && byId.get(m.entryB)?.userId === viewerId ? "b" : null;
    // the players' reports are the two players' and the organiser's business
    const seesReports = organiser || mySide !== null;
    const dto: MatchDTO = {
      id: m.id,
      table: m.table,
      stage: m.stage as "swiss" | "top",
      a: side(m.entryA)!,
      b: side(m.entryB),
      status: m.status as MatchDTO["status"],
      source: m.source as MatchDTO["source"],
      winsA: m.winsA,
      winsB: m.winsB,
      draws: m.draws,
      reportA: seesReports ? decodeScore(m.reportA) : null,
      reportB: seesReports ? decodeScore(m.reportB) : null,
      gameCode: m.gameCode,
      mySide,
    };
    const last = out.at(-1);
    if (last && last.round === m.round) last.matches.push(dto);
    else out.push({ round: m.round, stage: dto.stage, matches: [dto] });
  }
  return out;
}

/** An event's page for the viewer (a guest too); null for an unknown event. */
export async function getEventPage(actor: Actor | null, eventId: string, now: Date = new Date()): Promise<EventPageView | null> {
  const e = await loadEventTx(db, eventId).catch(() => null);
  if (!e) return null;
  const viewerId = actor?.id ?? null;
  const organiser = viewerId !== null && e.organiserId === viewerId;
  const finished = e.status === "finished";
  const mine = viewerId ? e.entries.find((x) => x.userId === viewerId) : undefined;
  const standing = standingsOf(e);
  const complete = e.status === "running" && roundComplete(e);
  const step = e.status === "running" ? nextStep(e) : null;
  const stillIn = standing.filter((r) => !r.dropped).length;
  const open = e.matches.filter((m) => m.round === e.currentRound && m.status !== "done").length;
  const audit = organiser ? await db.eventAudit.findMany({ where: { eventId }, orderBy: [{ at: "desc" }, { id: "desc" }], take: 200 }) : null;
  const lists = finished ? e.entries.map(decklist) : null;
  return {
    event: { ...summary(e, e.entries.length), notes: e.notes, roundsChosen: e.roundsChosen, startedAt: e.startedAt?.toISOString() ?? null, finishedAt: e.finishedAt?.toISOString() ?? null },
    viewer: { signedIn: actor !== null, organiser },
    me: mine ? { entryId: mine.id, dropped: mine.droppedAfter !== null, decklist: decklist(mine) } : null,
    entrants: e.entries.map((x) => ({ entryId: x.id, name: x.playerName, firstRound: x.firstRound, dropped: x.droppedAfter !== null })),
    standings: standing.map((r) => ({ rank: r.rank, entryId: r.id, name: r.name, points: r.points, record: `${r.wins}–${r.losses}–${r.draws}`, omw: percent(r.omw), gw: percent(r.gw), ogw: percent(r.ogw), dropped: r.dropped })),
    rounds: rounds(e, viewerId, organiser),
    decklists: lists,
    cardResults: lists ? cardResults(lists, e.matches) : null,
    audit: audit?.map((a) => ({ at: a.at.toISOString(), actor: a.actor, action: a.action, detail: a.detail })) ?? null,
    can: {
      register: actor !== null && !organiser && !finished && now <= e.registrationClosesAt && !e.matches.some((m) => m.stage === "top") && (!mine || e.status === "registration"),
      start: organiser && e.status === "registration" && e.entries.length >= 2,
      nextRound: organiser && complete && (step === "swiss" || step === "top"),
      topCut: organiser && complete && step === "top-cut" && stillIn >= e.topCut,
      finish: organiser && complete,
    },
    waitingFor: organiser && e.status === "running" && open > 0 ? `${open} ${open === 1 ? "match has" : "matches have"} no result yet.` : null,
  };
}
