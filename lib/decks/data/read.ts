import "server-only";
import { db } from "@/lib/server/db/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { cardInclude, toCardDTO } from "@/lib/catalog/data";
import { requireActor, type Actor } from "@/lib/server/actor";
import type { CardDTO } from "@/lib/catalog/card-types";
import { cardKey } from "@/lib/catalog/keys";
import { checkEntries, type DeckCheck } from "@/lib/decks/rules";
import type { DeckDTO, DeckEntryDTO, DeckListEntry } from "@/lib/decks/types";
import { isVisibility } from "@/lib/decks/schemas";
import type { DeckLine } from "./types";
import { ownerDeckRow } from "@/lib/decks/data/owner-deck";

/** Reading one deck: for its owner, by share slug, or a list addressed by printing. */

const deckWithCards = { cards: { include: { card: { include: cardInclude } } }, owner: { select: { displayName: true } } } satisfies Prisma.DeckInclude;
type DeckRow = Prisma.DeckGetPayload<{ include: typeof deckWithCards }>;

function sortEntries<T extends { card: Pick<CardDTO, "title" | "key"> }>(entries: T[]): T[] {
  return entries.sort((a, b) => a.card.title.localeCompare(b.card.title) || a.card.key.localeCompare(b.card.key));
}

async function ownedCounts(userId: string, cardIds: string[]): Promise<Map<string, number>> {
  if (cardIds.length === 0) return new Map();
  const rows = await db.collectionEntry.findMany({ where: { userId, cardId: { in: cardIds } }, select: { cardId: true, quantity: true } });
  return new Map(rows.map((r) => [r.cardId, r.quantity]));
}

async function toDeckDTO(row: DeckRow, viewerId: string | null): Promise<DeckDTO> {
  const isOwner = viewerId === row.ownerId;
  const owned = viewerId ? await ownedCounts(viewerId, row.cards.map((c) => c.cardId)) : null;
  const entries = sortEntries(row.cards.map((c) => ({ card: toCardDTO(c.card), quantity: c.quantity, owned: owned ? (owned.get(c.cardId) ?? 0) : null })));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: isVisibility(row.visibility) ? row.visibility : "private",
    shareSlug: row.shareSlug,
    version: row.version,
    ownerName: row.owner.displayName,
    ownerId: row.ownerId,
    isOwner,
    updatedAt: row.updatedAt.toISOString(),
    entries,
    check: checkEntries(entries),
  };
}

/** The deck for its owner's editor; null (a 404) for anyone else, whatever the visibility. */
export async function getDeckForOwner(actor: Actor, deckId: string): Promise<DeckDTO | null> {
  const user = requireActor(actor);
  // plain SQL (lib/decks/data/owner-deck.ts): the editor reads it on every view
  const row = await ownerDeckRow(user.id, deckId);
  if (!row) return null;
  const entries = sortEntries(row.cards);
  const { cards: _cards, ...head } = row;
  return { ...head, visibility: isVisibility(row.visibility) ? row.visibility : "private", isOwner: true, entries, check: checkEntries(entries) };
}

/** A shared deck by its slug: anyone for public/unlisted decks, only the owner for private ones (else null). */
export async function getSharedDeck(actor: Actor | null, slug: string): Promise<DeckDTO | null> {
  const viewer = actor;
  const row = await db.deck.findUnique({ where: { shareSlug: slug }, include: deckWithCards });
  if (!row) return null;
  if (row.visibility === "private" && row.ownerId !== viewer?.id) return null;
  return toDeckDTO(row, viewer?.id ?? null);
}

/**
 * Public: a public or unlisted deck by its share slug, read without the
 * session (owned counts stay null) so its page can be cached for everyone;
 * null for private and unknown decks.
 */
export async function getPublishedDeck(slug: string): Promise<DeckDTO | null> {
  const row = await db.deck.findUnique({ where: { shareSlug: slug }, include: deckWithCards });
  if (!row || row.visibility === "private") return null;
  return toDeckDTO(row, null);
}

/** The signed-in user's copies of the given cards (at most 1000 ids), for the owned marks on cached deck pages. */
export async function getMyOwnedCountsFor(actor: Actor, cardIds: string[]): Promise<Record<string, number>> {
  const user = requireActor(actor);
  const ids = [...new Set(cardIds)].slice(0, 1000);
  return Object.fromEntries(await ownedCounts(user.id, ids));
}

/**
 * Resolves a list addressed by printing (a deck code or a starter deck) into
 * deck entries: owned counts for a signed-in viewer, and the printings the
 * catalog does not hold.
 */
export async function resolveDeckList(actor: Actor | null, list: DeckListEntry[]): Promise<{ entries: DeckEntryDTO[]; missing: string[]; check: DeckCheck }> {
  const viewer = actor;
  return resolveList(list, viewer?.id ?? null);
}

/** Public: a deck list resolved against the catalog without reading the session (owned counts stay null), for cached pages. */
export async function resolvePublicDeckList(list: DeckListEntry[]): Promise<{ entries: DeckEntryDTO[]; missing: string[]; check: DeckCheck }> {
  return resolveList(list, null);
}

async function resolveList(list: DeckListEntry[], viewerId: string | null): Promise<{ entries: DeckEntryDTO[]; missing: string[]; check: DeckCheck }> {
  const wanted = list.slice(0, 1000);
  const sets = [...new Set(wanted.map((e) => e.set.toUpperCase()))];
  const rows = await db.card.findMany({ where: { set: { code: { in: sets } }, number: { in: [...new Set(wanted.map((e) => e.number))] } }, include: cardInclude });
  const byKey = new Map(rows.map((r) => [cardKey(r.set.code, r.number), toCardDTO(r)]));
  const owned = viewerId ? await ownedCounts(viewerId, rows.map((r) => r.id)) : null;
  const entries: DeckEntryDTO[] = [];
  const missing: string[] = [];
  for (const e of wanted) {
    const card = byKey.get(cardKey(e.set, e.number));
    if (!card) missing.push(cardKey(e.set, e.number));
    else entries.push({ card, quantity: e.quantity, owned: owned ? (owned.get(card.id) ?? 0) : null });
  }
  sortEntries(entries);
  return { entries, missing, check: checkEntries(entries) };
}

/** The signed-in user's copies per card id (for the editor's owned/missing marks). */
export async function getMyOwnedCounts(actor: Actor): Promise<Record<string, number>> {
  const user = requireActor(actor);
  const rows = await db.collectionEntry.findMany({ where: { userId: user.id, quantity: { gt: 0 } }, select: { cardId: true, quantity: true } });
  return Object.fromEntries(rows.map((r) => [r.cardId, r.quantity]));
}

/** Card ids for printings addressed by set + number (for copying a deck code or starter deck). Unknown printings are listed. */
export async function cardIdsForList(list: DeckListEntry[]): Promise<{ cards: DeckLine[]; missing: string[] }> {
  const r = await resolvePublicDeckList(list);
  return { cards: r.entries.map((e) => ({ cardId: e.card.id, quantity: e.quantity })), missing: r.missing };
}
