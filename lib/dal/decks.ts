import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { containsIgnoringCase } from "@/lib/db-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { cardInclude, toCardDTO } from "@/lib/dal/cards";
import { cardOrderBy, cardWhereFromQuery } from "@/lib/dal/card-search";
import { getCurrentUser, requireUser } from "@/lib/dal/session";
import type { CardDTO } from "@/lib/cards/types";
import type { Color } from "@/lib/cards/colors";
import { COLORS } from "@/lib/cards/colors";
import { normaliseKey } from "@/lib/deck/catalog-index";
import { tryDecodeDeckCode } from "@/lib/deck/deck-code";
import { checkDeck, type DeckCheck } from "@/lib/deck/rules";
import { diffDeckLists, formatDeckDiff, type DeckDiffLine } from "@/lib/deck/diff";
import type { DeckCatalogCard, DeckListEntry } from "@/lib/deck/types";
import { isVisibility, type CreateDeckInput, type DeckVisibility, type SaveDeckInput } from "@/lib/validation/deck";

/** A card in a deck, with how many copies the viewer owns (null for guests and other people's decks). */
export type DeckEntryDTO = { card: CardDTO; quantity: number; owned: number | null };

export type DeckDTO = {
  id: string;
  name: string;
  description: string;
  visibility: DeckVisibility;
  shareSlug: string;
  version: number;
  ownerName: string;
  isOwner: boolean;
  updatedAt: string;
  entries: DeckEntryDTO[];
  check: DeckCheck;
};

export type DeckSummaryDTO = {
  id: string;
  name: string;
  visibility: DeckVisibility;
  shareSlug: string;
  total: number;
  legal: boolean;
  colors: Color[];
  updatedAt: string;
  ownerName: string;
};

export type DeckVersionDTO = {
  version: number;
  name: string;
  authorName: string;
  createdAt: string;
  total: number;
  /** changes from the previous version ("+2 Sonic the Hedgehog, −1 Egg Pawn") */
  diff: DeckDiffLine[];
  diffText: string;
};

export type DeckLine = { cardId: string; quantity: number };

export type DeckWriteError =
  | { ok: false; code: "deck/not-found" | "deck/unknown-card" | "deck/title-limit" | "deck/not-legal"; message: string }
  | {
      ok: false;
      code: "deck/conflict";
      message: string;
      /** the deck as the server holds it, so the editor can show the difference */
      current: { version: number; name: string; description: string; cards: DeckLine[]; diff: DeckDiffLine[] };
    };
export type DeckWriteResult = { ok: true; id: string; version: number; check: DeckCheck } | DeckWriteError;

type Tx = Prisma.TransactionClient;

const deckWithCards = { cards: { include: { card: { include: cardInclude } } }, owner: { select: { displayName: true } } } satisfies Prisma.DeckInclude;
type DeckRow = Prisma.DeckGetPayload<{ include: typeof deckWithCards }>;

/** 128 random bits, base64url: an unguessable share slug. */
export function newShareSlug(): string {
  return randomBytes(16).toString("base64url");
}

function ruleCards(entries: { card: Pick<CardDTO, "id" | "key" | "title">; quantity: number }[]) {
  return entries.map((e) => ({ cardId: e.card.id, key: e.card.key, title: e.card.title, quantity: e.quantity }));
}

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
    isOwner,
    updatedAt: row.updatedAt.toISOString(),
    entries,
    check: checkDeck(ruleCards(entries)),
  };
}

/** The deck for its owner's editor; null (a 404) for anyone else, whatever the visibility. */
export async function getDeckForOwner(deckId: string): Promise<DeckDTO | null> {
  const user = await requireUser();
  const row = await db.deck.findFirst({ where: { id: deckId, ownerId: user.id }, include: deckWithCards });
  return row ? toDeckDTO(row, user.id) : null;
}

/** A shared deck by its slug: anyone for public/unlisted decks, only the owner for private ones (else null). */
export async function getSharedDeck(slug: string): Promise<DeckDTO | null> {
  const viewer = await getCurrentUser();
  const row = await db.deck.findUnique({ where: { shareSlug: slug }, include: deckWithCards });
  if (!row) return null;
  if (row.visibility === "private" && row.ownerId !== viewer?.id) return null;
  return toDeckDTO(row, viewer?.id ?? null);
}

function summarise(row: { id: string; name: string; visibility: string; shareSlug: string; updatedAt: Date; owner: { displayName: string }; cards: { quantity: number; card: { title: string; colorMask: number; set: { code: string }; number: number } }[] }): DeckSummaryDTO {
  let mask = 0;
  for (const c of row.cards) mask |= c.card.colorMask;
  const check = checkDeck(row.cards.map((c) => ({ cardId: `${c.card.set.code}-${c.card.number}`, key: normaliseKey(c.card.set.code, c.card.number), title: c.card.title, quantity: c.quantity })));
  return {
    id: row.id,
    name: row.name,
    visibility: isVisibility(row.visibility) ? row.visibility : "private",
    shareSlug: row.shareSlug,
    total: check.total,
    legal: check.legal,
    colors: COLORS.filter((_, i) => (mask & (1 << i)) !== 0),
    updatedAt: row.updatedAt.toISOString(),
    ownerName: row.owner.displayName,
  };
}

const summaryInclude = {
  owner: { select: { displayName: true } },
  cards: { select: { quantity: true, card: { select: { title: true, colorMask: true, number: true, set: { select: { code: true } } } } } },
} satisfies Prisma.DeckInclude;

/** The signed-in user's decks, most recently edited first. */
export async function listMyDecks(): Promise<DeckSummaryDTO[]> {
  const user = await requireUser();
  const rows = await db.deck.findMany({ where: { ownerId: user.id }, include: summaryInclude, orderBy: { updatedAt: "desc" }, take: 500 });
  return rows.map(summarise);
}

/** Public decks only (never unlisted or private), searchable by deck name and by a card title in the deck. */
export async function listPublicDecks(opts: { name?: string; card?: string; take?: number } = {}): Promise<DeckSummaryDTO[]> {
  const name = opts.name?.trim().slice(0, 100);
  const card = opts.card?.trim().toLowerCase().slice(0, 100);
  const rows = await db.deck.findMany({
    where: {
      visibility: "public",
      ...(name ? { name: containsIgnoringCase(db, name) } : {}),
      ...(card ? { cards: { some: { card: { titleKey: { contains: card } } } } } : {}),
    },
    include: summaryInclude,
    orderBy: { updatedAt: "desc" },
    take: Math.min(opts.take ?? 60, 200),
  });
  return rows.map(summarise);
}

/** The owner's version history, newest first, each with its diff from the version before. */
export async function listDeckVersions(deckId: string): Promise<DeckVersionDTO[] | null> {
  const user = await requireUser();
  const deck = await db.deck.findFirst({ where: { id: deckId, ownerId: user.id }, select: { id: true } });
  if (!deck) return null;
  const versions = await db.deckVersion.findMany({ where: { deckId }, orderBy: { version: "asc" }, include: { author: { select: { displayName: true } } }, take: 1000 });
  const lists = versions.map((v) => parseSnapshot(v.cards));
  const ids = [...new Set(lists.flat().map((l) => l.cardId))];
  const cards = await db.card.findMany({ where: { id: { in: ids } }, select: { id: true, title: true, number: true, set: { select: { code: true } } } });
  const names = new Map(cards.map((c) => [c.id, { key: normaliseKey(c.set.code, c.number), title: c.title }]));
  const describe = (id: string) => names.get(id) ?? { key: "?", title: "(deleted card)" };
  const out = versions.map((v, i) => {
    const diff = diffDeckLists(i === 0 ? [] : lists[i - 1], lists[i], describe);
    return {
      version: v.version,
      name: v.name,
      authorName: v.author.displayName,
      createdAt: v.createdAt.toISOString(),
      total: lists[i].reduce((n, l) => n + l.quantity, 0),
      diff,
      diffText: formatDeckDiff(diff),
    };
  });
  return out.reverse();
}

function parseSnapshot(json: string): DeckLine[] {
  try {
    const v = JSON.parse(json) as unknown;
    if (!Array.isArray(v)) return [];
    return v.filter((x): x is DeckLine => typeof x?.cardId === "string" && Number.isInteger(x?.quantity));
  } catch {
    return [];
  }
}

/** The whole catalog in the shape the importers and code views need. */
export async function getDeckCatalog(): Promise<DeckCatalogCard[]> {
  const rows = await db.card.findMany({ include: cardInclude, orderBy: [{ set: { code: "asc" } }, { number: "asc" }] });
  return rows.map(toCardDTO).map((c) => ({ id: c.id, set: c.set, number: c.number, key: c.key, title: c.title, colors: c.colors, rings: c.rings, traits: c.traits }));
}

/** Cards by id as DTOs, in the given order (unknown ids are skipped). */
export async function getCardsByIds(ids: string[]): Promise<CardDTO[]> {
  const rows = await db.card.findMany({ where: { id: { in: ids.slice(0, 1000) } }, include: cardInclude });
  const byId = new Map(rows.map((r) => [r.id, toCardDTO(r)]));
  return ids.map((id) => byId.get(id)).filter((c): c is CardDTO => !!c);
}

/**
 * Resolves a list addressed by printing (a deck code or a starter deck) into
 * deck entries: owned counts for a signed-in viewer, and the printings the
 * catalog does not hold.
 */
export async function resolveDeckList(list: DeckListEntry[]): Promise<{ entries: DeckEntryDTO[]; missing: string[]; check: DeckCheck }> {
  const viewer = await getCurrentUser();
  const wanted = list.slice(0, 1000);
  const sets = [...new Set(wanted.map((e) => e.set.toUpperCase()))];
  const rows = await db.card.findMany({ where: { set: { code: { in: sets } }, number: { in: [...new Set(wanted.map((e) => e.number))] } }, include: cardInclude });
  const byKey = new Map(rows.map((r) => [normaliseKey(r.set.code, r.number), toCardDTO(r)]));
  const owned = viewer ? await ownedCounts(viewer.id, rows.map((r) => r.id)) : null;
  const entries: DeckEntryDTO[] = [];
  const missing: string[] = [];
  for (const e of wanted) {
    const card = byKey.get(normaliseKey(e.set, e.number));
    if (!card) missing.push(normaliseKey(e.set, e.number));
    else entries.push({ card, quantity: e.quantity, owned: owned ? (owned.get(card.id) ?? 0) : null });
  }
  sortEntries(entries);
  return { entries, missing, check: checkDeck(ruleCards(entries)) };
}

/** The signed-in user's copies per card id (for the editor's owned/missing marks). */
export async function getMyOwnedCounts(): Promise<Record<string, number>> {
  const user = await requireUser();
  const rows = await db.collectionEntry.findMany({ where: { userId: user.id, quantity: { gt: 0 } }, select: { cardId: true, quantity: true } });
  return Object.fromEntries(rows.map((r) => [r.cardId, r.quantity]));
}

/**
 * Validates a list against the catalog and the deck rules inside a transaction:
 * unknown cards and any title over 5 copies are refused; too few cards is fine (a draft).
 */
async function validateList(tx: Tx, cards: DeckLine[]): Promise<{ ok: true; check: DeckCheck } | { ok: false; code: "deck/unknown-card" | "deck/title-limit"; message: string }> {
  const rows = await tx.card.findMany({ where: { id: { in: cards.map((c) => c.cardId) } }, select: { id: true, title: true, number: true, set: { select: { code: true } } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = cards.filter((c) => !byId.has(c.cardId));
  if (unknown.length) return { ok: false, code: "deck/unknown-card", message: `${unknown.length} ${unknown.length === 1 ? "card is" : "cards are"} not in the catalog.` };
  const check = checkDeck(
    cards.map((c) => {
      const r = byId.get(c.cardId)!;
      return { cardId: c.cardId, key: normaliseKey(r.set.code, r.number), title: r.title, quantity: c.quantity };
    }),
  );
  const blocking = check.problems.filter((p) => p.code !== "deck/too-few");
  if (blocking.length) return { ok: false, code: "deck/title-limit", message: blocking.map((p) => p.message).join(" ") };
  return { ok: true, check };
}

async function writeCards(tx: Tx, deckId: string, cards: DeckLine[]) {
  await tx.deckCard.deleteMany({ where: { deckId } });
  if (cards.length) await tx.deckCard.createMany({ data: cards.map((c) => ({ deckId, cardId: c.cardId, quantity: c.quantity })) });
}

function canonicalLines(cards: DeckLine[]): DeckLine[] {
  return [...cards].sort((a, b) => (a.cardId < b.cardId ? -1 : a.cardId > b.cardId ? 1 : 0));
}

/** Creates a deck (version 1, private) for the signed-in user. */
export async function createDeck(input: CreateDeckInput): Promise<DeckWriteResult> {
  const user = await requireUser();
  return db.$transaction(async (tx) => {
    const v = await validateList(tx, input.cards);
    if (!v.ok) return v;
    const deck = await tx.deck.create({ data: { ownerId: user.id, name: input.name, description: input.description, shareSlug: newShareSlug(), version: 1 } });
    await writeCards(tx, deck.id, input.cards);
    await tx.deckVersion.create({ data: { deckId: deck.id, version: 1, name: input.name, description: input.description, cards: JSON.stringify(canonicalLines(input.cards)), authorId: user.id } });
    return { ok: true as const, id: deck.id, version: 1, check: v.check };
  });
}

async function conflict(tx: Tx, deckId: string, attempted: DeckLine[]): Promise<DeckWriteError> {
  const deck = await tx.deck.findUnique({ where: { id: deckId }, include: { cards: { include: { card: { select: { title: true, number: true, set: { select: { code: true } } } } } } } });
  if (!deck) return { ok: false, code: "deck/not-found", message: "This deck does not exist." };
  const names = new Map(deck.cards.map((c) => [c.cardId, { key: normaliseKey(c.card.set.code, c.card.number), title: c.card.title }]));
  const missing = attempted.filter((a) => !names.has(a.cardId)).map((a) => a.cardId);
  if (missing.length) {
    const rows = await tx.card.findMany({ where: { id: { in: missing } }, select: { id: true, title: true, number: true, set: { select: { code: true } } } });
    for (const r of rows) names.set(r.id, { key: normaliseKey(r.set.code, r.number), title: r.title });
  }
  const cards = deck.cards.map((c) => ({ cardId: c.cardId, quantity: c.quantity }));
  const diff = diffDeckLists(attempted, cards, (id) => names.get(id) ?? { key: "?", title: "(unknown card)" });
  return {
    ok: false,
    code: "deck/conflict",
    message: `This deck was saved elsewhere (now version ${deck.version}). The saved version differs from yours by: ${formatDeckDiff(diff)}.`,
    current: { version: deck.version, name: deck.name, description: deck.description, cards, diff },
  };
}

/**
 * Saves the whole deck as a new version, only if the deck is still at
 * `expectedVersion` (optimistic concurrency): otherwise returns deck/conflict
 * with the server's list. Refuses unknown cards and any title over 5 copies.
 */
export async function saveDeck(input: SaveDeckInput): Promise<DeckWriteResult> {
  const user = await requireUser();
  return db.$transaction(async (tx) => {
    const owned = await tx.deck.findFirst({ where: { id: input.deckId, ownerId: user.id }, select: { id: true } });
    if (!owned) return { ok: false as const, code: "deck/not-found" as const, message: "This deck does not exist." };
    const v = await validateList(tx, input.cards);
    if (!v.ok) return v;
    const next = input.expectedVersion + 1;
    const claimed = await tx.deck.updateMany({
      where: { id: input.deckId, ownerId: user.id, version: input.expectedVersion },
      data: { version: next, name: input.name, description: input.description },
    });
    if (claimed.count === 0) return conflict(tx, input.deckId, input.cards);
    await writeCards(tx, input.deckId, input.cards);
    await tx.deckVersion.create({
      data: { deckId: input.deckId, version: next, name: input.name, description: input.description, cards: JSON.stringify(canonicalLines(input.cards)), authorId: user.id },
    });
    return { ok: true as const, id: input.deckId, version: next, check: v.check };
  });
}

/** Restores an old version as a new version (history is never rewritten). */
export async function restoreDeckVersion(deckId: string, version: number, expectedVersion: number): Promise<DeckWriteResult> {
  const user = await requireUser();
  const deck = await db.deck.findFirst({ where: { id: deckId, ownerId: user.id }, select: { id: true } });
  if (!deck) return { ok: false, code: "deck/not-found", message: "This deck does not exist." };
  const snap = await db.deckVersion.findUnique({ where: { deckId_version: { deckId, version } } });
  if (!snap) return { ok: false, code: "deck/not-found", message: `Version ${version} does not exist.` };
  return saveDeck({ deckId, expectedVersion, name: snap.name, description: snap.description, cards: parseSnapshot(snap.cards) });
}

/** Deletes the owner's deck with its versions; not-found for anyone else. */
export async function deleteDeck(deckId: string): Promise<{ ok: true } | DeckWriteError> {
  const user = await requireUser();
  const res = await db.deck.deleteMany({ where: { id: deckId, ownerId: user.id } });
  return res.count ? { ok: true } : { ok: false, code: "deck/not-found", message: "This deck does not exist." };
}

/**
 * Sets who can see the deck. Public and unlisted (publishing) need a legal
 * deck; making it private is always allowed.
 */
export async function setDeckVisibility(deckId: string, visibility: DeckVisibility): Promise<{ ok: true; visibility: DeckVisibility } | DeckWriteError> {
  const user = await requireUser();
  return db.$transaction(async (tx) => {
    const deck = await tx.deck.findFirst({ where: { id: deckId, ownerId: user.id }, include: { cards: { include: { card: { select: { title: true, number: true, set: { select: { code: true } } } } } } } });
    if (!deck) return { ok: false as const, code: "deck/not-found" as const, message: "This deck does not exist." };
    if (visibility !== "private") {
      const check = checkDeck(deck.cards.map((c) => ({ cardId: c.cardId, key: normaliseKey(c.card.set.code, c.card.number), title: c.card.title, quantity: c.quantity })));
      if (!check.legal) return { ok: false as const, code: "deck/not-legal" as const, message: `Only a legal deck can be shared: ${check.summary}` };
    }
    await tx.deck.update({ where: { id: deckId }, data: { visibility } });
    return { ok: true as const, visibility };
  });
}

/**
 * Copies a deck the viewer may see (their own, or a shared one by slug) into a
 * new private deck of theirs. Private decks of others are not found.
 */
export async function copyDeck(source: { deckId: string } | { slug: string }, name?: string): Promise<DeckWriteResult> {
  const user = await requireUser();
  const row = await db.deck.findFirst({
    where: "deckId" in source ? { id: source.deckId, ownerId: user.id } : { shareSlug: source.slug, OR: [{ ownerId: user.id }, { visibility: { in: ["public", "unlisted"] } }] },
    include: { cards: true },
  });
  if (!row) return { ok: false, code: "deck/not-found", message: "This deck does not exist." };
  return createDeck({ name: (name ?? `Copy of ${row.name}`).slice(0, 100), description: row.description, cards: row.cards.map((c) => ({ cardId: c.cardId, quantity: c.quantity })) });
}

/** Card ids for printings addressed by set + number (for copying a deck code or starter deck). Unknown printings are listed. */
export async function cardIdsForList(list: DeckListEntry[]): Promise<{ cards: DeckLine[]; missing: string[] }> {
  const r = await resolveDeckList(list);
  return { cards: r.entries.map((e) => ({ cardId: e.card.id, quantity: e.quantity })), missing: r.missing };
}

/**
 * The deck editor's search panel: the catalog query language (lib/search via
 * cardWhereFromQuery), optionally only cards the signed-in user owns.
 */
export async function searchCardsForDeck(query: string, opts: { onlyOwned?: boolean; take?: number } = {}): Promise<{ cards: CardDTO[]; total: number; error?: string }> {
  const user = await requireUser();
  const built = cardWhereFromQuery(query);
  if (!built.ok) return { cards: [], total: 0, error: `${built.error.message} (at position ${built.error.position + 1}: expected ${built.error.expected})` };
  const filter: Prisma.CardWhereInput = opts.onlyOwned ? { AND: [built.where, { collection: { some: { userId: user.id, quantity: { gt: 0 } } } }] } : built.where;
  const [rows, total] = await Promise.all([
    db.card.findMany({ where: filter, include: cardInclude, orderBy: cardOrderBy("number", "asc"), take: Math.min(opts.take ?? 60, 200) }),
    db.card.count({ where: filter }),
  ]);
  return { cards: rows.map(toCardDTO), total };
}

export type PlaytestDeckResult =
  | { ok: true; name: string; cards: (DeckListEntry & { title: string })[]; check: DeckCheck }
  | { ok: false; code: "deck/not-found" | "deck/not-legal" | "deck/bad-code"; message: string };

/**
 * The deck behind a playtest link: `?deck=<id>` (the owner's deck), `?slug=<slug>`
 * (a deck the viewer may see) or `?code=<deck code>`. Only legal decks can be
 * playtested; private decks of others are not found.
 */
export async function getDeckForPlaytest(source: { deckId: string } | { slug: string } | { code: string }): Promise<PlaytestDeckResult> {
  let name: string;
  let entries: DeckEntryDTO[];
  let check: DeckCheck;
  if ("code" in source) {
    const decoded = tryDecodeDeckCode(source.code);
    if (!decoded.ok) return { ok: false, code: "deck/bad-code", message: decoded.message };
    const r = await resolveDeckList(decoded.entries);
    if (r.missing.length) return { ok: false, code: "deck/not-found", message: `The catalog has no ${r.missing.join(", ")}.` };
    name = "Deck from a code";
    ({ entries, check } = r);
  } else {
    const deck = "deckId" in source ? await getDeckForOwner(source.deckId) : await getSharedDeck(source.slug);
    if (!deck) return { ok: false, code: "deck/not-found", message: "This deck does not exist." };
    ({ name, entries, check } = deck);
  }
  if (!check.legal) return { ok: false, code: "deck/not-legal", message: `Only a legal deck can be playtested: ${check.summary}` };
  return { ok: true, name, cards: entries.map((e) => ({ set: e.card.set, number: e.card.number, quantity: e.quantity, title: e.card.title })), check };
}
