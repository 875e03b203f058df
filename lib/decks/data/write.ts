import "server-only";
import { invalidateDeckChange } from "@/lib/catalog/data";
import { invalidate } from "@/lib/server/cache/invalidate";
import { userTag } from "@/lib/server/cache/tags";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { cardKey } from "@/lib/catalog/keys";
import { blockingProblems, checkDeck, ruleCatalog, type DeckCheck } from "@/lib/decks/rules";
import { diffDeckLists, formatDeckDiff } from "@/lib/decks/diff";
import type { CreateDeckInput, DeckVisibility, SaveDeckInput } from "@/lib/decks/schemas";
import { createDeckStats, recordDeckCopy } from "@/lib/community/data";
import type { DeckLine, DeckWriteError, DeckWriteResult, Tx } from "./types";

/** Deck writes: create, save (optimistic concurrency), delete, share settings and copies. */

/** 128 random bits, base64url: an unguessable share slug. */
function newShareSlug(): string {
  return randomBytes(16).toString("base64url");
}

/** The deck rules' view of the catalog for these card ids (ids the catalog lacks are simply absent). */
async function ruleCatalogFor(tx: Tx, cardIds: readonly string[]) {
  const rows = await tx.card.findMany({ where: { id: { in: [...new Set(cardIds)] } }, select: { id: true, title: true, number: true, set: { select: { code: true } } } });
  return ruleCatalog(rows.map((r) => ({ id: r.id, key: cardKey(r.set.code, r.number), title: r.title })));
}

/**
 * Validates a list against the catalog and the deck rules inside a transaction:
 * card ids the catalog lacks and any title over 5 copies are refused; too few
 * cards is fine (a draft).
 */
async function validateList(tx: Tx, cards: DeckLine[]): Promise<{ ok: true; check: DeckCheck } | { ok: false; code: "deck/unknown-card" | "deck/title-limit"; message: string }> {
  const check = checkDeck(cards, await ruleCatalogFor(tx, cards.map((c) => c.cardId)));
  const blocking = blockingProblems(check);
  const unknown = blocking.filter((p) => p.code === "deck/unknown-card");
  if (unknown.length) return { ok: false, code: "deck/unknown-card", message: `${unknown.length} ${unknown.length === 1 ? "card is" : "cards are"} not in the catalog.` };
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
export async function createDeck(actor: Actor, input: CreateDeckInput): Promise<DeckWriteResult> {
  const user = requireActor(actor);
  const r = await db.$transaction(async (tx) => {
    const v = await validateList(tx, input.cards);
    if (!v.ok) return v;
    const deck = await tx.deck.create({ data: { ownerId: user.id, name: input.name, description: input.description, shareSlug: newShareSlug(), version: 1 } });
    await writeCards(tx, deck.id, input.cards);
    await createDeckStats(tx, deck.id);
    await tx.deckVersion.create({ data: { deckId: deck.id, version: 1, name: input.name, description: input.description, cards: JSON.stringify(canonicalLines(input.cards)), authorId: user.id } });
    return { ok: true as const, id: deck.id, version: 1, check: v.check };
  });
  if (r.ok) await invalidate([userTag(user.id)]);
  return r;
}

async function conflict(tx: Tx, deckId: string, attempted: DeckLine[]): Promise<DeckWriteError> {
  const deck = await tx.deck.findUnique({ where: { id: deckId }, include: { cards: { select: { cardId: true, quantity: true } } } });
  if (!deck) return { ok: false, code: "deck/not-found", message: "This deck does not exist." };
  const cards = deck.cards.map((c) => ({ cardId: c.cardId, quantity: c.quantity }));
  const names = await ruleCatalogFor(tx, [...cards, ...attempted].map((c) => c.cardId));
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
 * A public or unlisted deck saved with a list that is not legal becomes
 * private (`unpublished` says what it was).
 */
export async function saveDeck(actor: Actor, input: SaveDeckInput): Promise<DeckWriteResult> {
  const user = requireActor(actor);
  const r = await db.$transaction(async (tx) => {
    const owned = await tx.deck.findFirst({ where: { id: input.deckId, ownerId: user.id }, select: { id: true, shareSlug: true, visibility: true, cards: { select: { cardId: true } } } });
    if (!owned) return { ok: false as const, code: "deck/not-found" as const, message: "This deck does not exist." };
    const v = await validateList(tx, input.cards);
    if (!v.ok) return v;
    const next = input.expectedVersion + 1;
    // Sharing needs a legal deck (as setDeckVisibility): a shared deck saved with an illegal list goes private.
    const unpublished = !v.check.legal && (owned.visibility === "public" || owned.visibility === "unlisted") ? owned.visibility : undefined;
    const claimed = await tx.deck.updateMany({
      where: { id: input.deckId, ownerId: user.id, version: input.expectedVersion },
      data: { version: next, name: input.name, description: input.description, ...(unpublished ? { visibility: "private" } : {}) },
    });
    if (claimed.count === 0) return conflict(tx, input.deckId, input.cards);
    await writeCards(tx, input.deckId, input.cards);
    await tx.deckVersion.create({
      data: { deckId: input.deckId, version: next, name: input.name, description: input.description, cards: JSON.stringify(canonicalLines(input.cards)), authorId: user.id },
    });
    const cache = { ownerId: user.id, slug: owned.shareSlug, public: owned.visibility === "public", cardIds: [...owned.cards.map((c) => c.cardId), ...input.cards.map((c) => c.cardId)] };
    return { ok: true as const, id: input.deckId, version: next, check: v.check, cache, ...(unpublished ? { unpublished } : {}) };
  });
  if (!r.ok) return r;
  await invalidateDeckChange(r.cache);
  return { ok: true, id: r.id, version: r.version, check: r.check, ...(r.unpublished ? { unpublished: r.unpublished as "public" | "unlisted" } : {}) };
}

/** Deletes the owner's deck with its versions; not-found for anyone else. */
export async function deleteDeck(actor: Actor, deckId: string): Promise<{ ok: true } | DeckWriteError> {
  const user = requireActor(actor);
  const deck = await db.deck.findFirst({ where: { id: deckId, ownerId: user.id }, select: { shareSlug: true, visibility: true, cards: { select: { cardId: true } } } });
  const res = await db.deck.deleteMany({ where: { id: deckId, ownerId: user.id } });
  if (!res.count || !deck) return { ok: false, code: "deck/not-found", message: "This deck does not exist." };
  await invalidateDeckChange({ ownerId: user.id, slug: deck.shareSlug, public: deck.visibility === "public", cardIds: deck.cards.map((c) => c.cardId) });
  return { ok: true };
}

/**
 * Sets who can see the deck. Public and unlisted (publishing) need a legal
 * deck; making it private is always allowed.
 */
export async function setDeckVisibility(actor: Actor, deckId: string, visibility: DeckVisibility): Promise<{ ok: true; visibility: DeckVisibility } | DeckWriteError> {
  const user = requireActor(actor);
  const r = await db.$transaction(async (tx) => {
    const deck = await tx.deck.findFirst({ where: { id: deckId, ownerId: user.id }, include: { cards: { select: { cardId: true, quantity: true } } } });
    if (!deck) return { ok: false as const, code: "deck/not-found" as const, message: "This deck does not exist." };
    if (visibility !== "private") {
      const check = checkDeck(deck.cards, await ruleCatalogFor(tx, deck.cards.map((c) => c.cardId)));
      if (!check.legal) return { ok: false as const, code: "deck/not-legal" as const, message: `Only a legal deck can be shared: ${check.summary}` };
    }
    await tx.deck.update({ where: { id: deckId }, data: { visibility } });
    const cache = { ownerId: user.id, slug: deck.shareSlug, public: deck.visibility === "public" || visibility === "public", cardIds: deck.cards.map((c) => c.cardId) };
    return { ok: true as const, visibility, cache };
  });
  if (!r.ok) return r;
  await invalidateDeckChange(r.cache);
  return { ok: true, visibility: r.visibility };
}

/**
 * Copies a deck the viewer may see (their own, or a shared one by slug) into a
 * new private deck of theirs. Private decks of others are not found.
 */
export async function copyDeck(actor: Actor, source: { deckId: string } | { slug: string }, name?: string): Promise<DeckWriteResult> {
  const user = requireActor(actor);
  const row = await db.deck.findFirst({
    where: "deckId" in source ? { id: source.deckId, ownerId: user.id } : { shareSlug: source.slug, OR: [{ ownerId: user.id }, { visibility: { in: ["public", "unlisted"] } }] },
    include: { cards: true },
  });
  if (!row) return { ok: false, code: "deck/not-found", message: "This deck does not exist." };
  const copy = await createDeck(user, { name: (name ?? `Copy of ${row.name}`).slice(0, 100), description: row.description, cards: row.cards.map((c) => ({ cardId: c.cardId, quantity: c.quantity })) });
  // A copy by someone else counts for the deck's "copied by" figure (once per person).
  if (copy.ok && row.ownerId !== user.id) await recordDeckCopy(user, row.id);
  return copy;
}
