import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { plainDate } from "@/lib/server/db/plain-sql";
import type { CardDef, Player } from "@/lib/engine";
import { replayCodeFor } from "@/lib/play/views";
import type { EndReason, GameRecord, GameResult, GameStatus, GameSummary, Listing, Pace, PlayColumnRule, SeatRecord } from "@/lib/play/types";

/** A game row with its seats, in seat order, and its replay link. */
export const gameInclude = { seats: { orderBy: { seat: "asc" } }, replay: { select: { code: true } } } satisfies Prisma.PlayGameInclude;
type GameRow = Prisma.PlayGameGetPayload<{ include: typeof gameInclude }>;

function resultOf(r: string | null): GameResult | null {
  return r === "0" ? 0 : r === "1" ? 1 : r === "draw" ? "draw" : null;
}

/** Card definitions met so far, by their stored JSON: one object for every game that holds the same card. */
const cardsByText = new Map<string, CardDef>();
/** More distinct definitions than a catalog holds (its cards, and their earlier versions in older games). */
const CARDS_MAX = 20_000;

/**
 * A seat's stored deck (`deckCards`, a JSON array), its cards shared with every other game that holds the same
 * definition: the engine never changes a card definition (lib/engine/clone.ts shares them between states), and a game
 * kept in memory held its own copy of each, title and rules text and effect, a third of the heap of a server with a
 * thousand live games (bench:play's heap snapshot) that every full collection had to mark.
 */
export function deckCardsOf(json: string): CardDef[] {
  return (JSON.parse(json) as CardDef[]).map((card) => {
    const key = JSON.stringify(card);
    const known = cardsByText.get(key);
    if (known) return known;
    if (cardsByText.size >= CARDS_MAX) cardsByText.delete(cardsByText.keys().next().value as string);
    // outside production a shared definition is frozen, so that a change to one (which every game holding it would
    // see) fails where it is made, in the tests
    cardsByText.set(key, process.env.NODE_ENV === "production" ? card : deepFreeze(card));
    return cardsByText.get(key)!;
  });
}

function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === "object" && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

type SeatRow = Omit<GameRow["seats"][number], "deckKeys" | "deckCards"> & { deckKeys?: string; deckCards?: string };

/**
 * A stored game as the referee's record (JSON columns parsed; written only by
 * this folder, so trusted). `decks`: the seats' decks already parsed (a seat's
 * deck is fixed when the player sits), for a row read without its deck columns.
 */
export function toGameRecord(row: Omit<GameRow, "seats"> & { seats: SeatRow[] }, decks?: SeatRecord["deck"][]): GameRecord {
  return {
    id: row.id,
    code: row.code,
    inviteToken: row.inviteToken,
    listing: row.listing as Listing,
    pace: row.pace as Pace,
    columnRule: row.columnRule as PlayColumnRule,
    maxTurns: row.maxTurns,
    seed: row.seed,
    lead: row.lead as Player,
    status: row.status as GameStatus,
    seq: row.seq,
    toMove: row.toMove,
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    held: [row.held0, row.held1],
    result: resultOf(row.result),
    endReason: row.endReason as EndReason | null,
    rematchOfId: row.rematchOfId,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    replayCode: row.replay?.code ?? null,
    seats: row.seats.map((s) => ({
      seat: s.seat as Player,
      userId: s.userId,
      playerName: s.playerName,
      deck: decks?.[s.seat] ?? { name: s.deckName, keys: JSON.parse(s.deckKeys ?? "[]") as string[], cards: deckCardsOf(s.deckCards ?? "[]") },
    })),
  };
}

/** A game row as plain SQL returns it (lib/server/db/plain-sql.ts): integers may be strings or bigints, dates text or numbers. */
export type PlainGameRow = { [K in keyof Omit<GameRow, "seats" | "replay">]: unknown } & { id: string; replayCode: string | null };
export type PlainSeatRow = { [K in keyof Omit<SeatRow, "deckKeys" | "deckCards">]: unknown } & { deckKeys?: string; deckCards?: string };

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : plainDate(v));
const text = (v: unknown) => v as string;
const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The row {@link toGameRecord} takes, from a game row and its seat rows read in plain SQL. */
export function plainGameRow(g: PlainGameRow, seats: PlainSeatRow[]): Omit<GameRow, "seats"> & { seats: SeatRow[] } {
  return {
    id: g.id,
    code: text(g.code),
    inviteToken: text(g.inviteToken),
    listing: text(g.listing),
    pace: text(g.pace),
    columnRule: text(g.columnRule),
    maxTurns: Number(g.maxTurns),
    seed: Number(g.seed),
    lead: Number(g.lead),
    status: text(g.status),
    seq: Number(g.seq),
    toMove: Number(g.toMove),
    held0: textOrNull(g.held0),
    held1: textOrNull(g.held1),
    result: textOrNull(g.result),
    endReason: textOrNull(g.endReason),
    rematchOfId: textOrNull(g.rematchOfId),
    createdAt: plainDate(g.createdAt),
    updatedAt: plainDate(g.updatedAt),
    finishedAt: dateOrNull(g.finishedAt),
    deadlineAt: dateOrNull(g.deadlineAt),
    replay: g.replayCode === null || g.replayCode === undefined ? null : { code: g.replayCode },
    seats: seats.map((s) => ({
      gameId: text(s.gameId),
      seat: Number(s.seat),
      userId: textOrNull(s.userId),
      playerName: text(s.playerName),
      deckName: text(s.deckName),
      joinedAt: plainDate(s.joinedAt),
      ...(s.deckKeys !== undefined ? { deckKeys: s.deckKeys } : {}),
      ...(s.deckCards !== undefined ? { deckCards: s.deckCards } : {}),
    })),
  };
}

/** A game as a list shows it to `viewerId` (null: a guest): no seed, no invite token, no deck contents. */
export function toGameSummary(g: GameRecord, viewerId: string | null): GameSummary {
  const mine = viewerId === null ? undefined : g.seats.find((s) => s.userId === viewerId);
  const mySeat = mine ? mine.seat : null;
  return {
    code: g.code,
    listing: g.listing,
    pace: g.pace,
    columnRule: g.columnRule,
    status: g.status,
    seq: g.seq,
    result: g.result,
    createdAt: g.createdAt,
    players: g.seats.map((s) => ({ seat: s.seat, name: s.playerName, deckName: s.deck.name })),
    mySeat,
    myMove: mySeat !== null && g.status === "active" && (g.toMove & (1 << mySeat)) !== 0,
    replayCode: replayCodeFor(g, mySeat),
    ranked: false,
  };
}

