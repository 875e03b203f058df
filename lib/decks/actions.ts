"use server";

import { z } from "zod";
import { fail, failFrom, zodFail, zodPartFail, type ActionFailure, type ActionResult } from "@/lib/server/action-result";
import { defineAction, defineFormAction } from "@/lib/server/action";
import { failure, type DomainFailure } from "@/lib/server/errors";
import {
  cardIdsForList,
  copyDeck,
  createDeck,
  deleteDeck,
  getCardsByIds,
  getDeckCatalog,
  getDeckForOwner,
  restoreDeckVersion,
  saveDeck,
  searchCardsForDeck,
  setDeckVisibility,
  type DeckLine,
  type DeckWriteError,
} from "@/lib/decks/data";
import { getStarterDeck } from "@/lib/decks/data/starter-decks";
import type { CardDTO } from "@/lib/catalog/card-types";
import { parseCardKey } from "@/lib/catalog/keys";
import { MAX_QUANTITY_PER_LINE } from "@/lib/decks/rules";
import { blockingProblems, buildCatalogIndex, checkDeck, ruleCatalog, tryDecodeDeckCode, type DeckCheck } from "@/lib/decks";
import { DECK_FORMATS, parseDeckImport } from "@/lib/decks/import-formats";
import { createDeckSchema, deckCardsSchema, deckIdSchema, importTextSchema, restoreVersionSchema, saveDeckSchema, visibilitySchema, type DeckVisibility } from "@/lib/decks/schemas";

/** On a conflict, a failed deck write carries the server's copy of the deck, so the editor can show the difference. */
type DeckConflict = { current: Extract<DeckWriteError, { code: "deck/conflict" }>["current"] };
export type DeckActionFailure = ActionFailure<DeckConflict>;
type DeckActionResult<T> = ActionResult<T, DeckConflict>;

/** A refused deck write through the one mapping (failFrom), with the server's list on a conflict. */
function writeFailure(r: DomainFailure): DeckActionFailure {
  const current = (r as Partial<DeckConflict>).current;
  return r.code === "deck/conflict" && current ? { ...failFrom(r), current } : failFrom(r);
}

/**
 * Every deck write: signed in, within the deck-write limit, refusals through
 * writeFailure; the page re-renders after it (the DAL invalidates the shared
 * deck's and the public list's tags itself).
 */
const deckWrite = { auth: "user", limit: "deck-write", onFailure: writeFailure, refresh: true } as const;

function unpublishedNote(was: DeckVisibility | undefined): string {
  return was ? ` The deck is not legal, so it is private now (it was ${was}): sharing needs a legal deck.` : "";
}

/** Saves the editor's whole list as a new version (optimistic concurrency on expectedVersion). */
export const saveDeckAction = defineAction({
  ...deckWrite,
  input: saveDeckSchema,
  invalid: (e) => zodFail(e, "The deck could not be saved: " + e.issues[0].message),
  run: async (input, actor): Promise<DeckActionResult<{ version: number; check: DeckCheck; unpublished?: DeckVisibility }> | DomainFailure> => {
    const r = await saveDeck(actor, input);
    if (!r.ok) return r;
    return { ok: true, data: { version: r.version, check: r.check, unpublished: r.unpublished }, message: `Saved as version ${r.version}.${unpublishedNote(r.unpublished)}` };
  },
});

/** Creates an empty deck and opens it in the editor. */
export const createDeckAction = defineFormAction({
  ...deckWrite,
  input: createDeckSchema,
  fields: (form) => ({ name: form.get("name") || "Untitled deck", description: "", cards: [] }),
  run: async (input, actor) => {
    const r = await createDeck(actor, input);
    return r.ok ? { ok: true, data: { id: r.id } } : r;
  },
  redirect: (data) => `/decks/${data.id}`,
});

/** Copies a starter deck into a new deck of the signed-in user. */
export const createFromStarterAction = defineFormAction({
  ...deckWrite,
  input: z.object({ slug: z.string().min(1).max(80) }),
  invalid: () => fail("Choose a starter deck."),
  run: async ({ slug }, actor) => {
    const starter = await getStarterDeck(slug);
    if (!starter) return fail("That starter deck does not exist.");
    const { cards, missing } = await cardIdsForList(starter.cards);
    if (missing.length) return fail(`The catalog lacks ${missing.join(", ")}; the starter deck cannot be copied.`);
    const r = await createDeck(actor, { name: starter.name, description: starter.description, cards });
    return r.ok ? { ok: true, data: { id: r.id } } : r;
  },
  redirect: (data) => `/decks/${data.id}`,
});

/** Copies a deck code's list into a new deck of the signed-in user. */
export const copyDeckCodeAction = defineFormAction({
  ...deckWrite,
  input: z.object({ code: z.string().min(1).max(4000) }),
  invalid: () => fail("The deck code is missing."),
  run: async ({ code }, actor) => {
    const decoded = tryDecodeDeckCode(code);
    if (!decoded.ok) return failure("deck/bad-code", decoded.message);
    const { cards, missing } = await cardIdsForList(decoded.entries);
    if (missing.length) return fail(`The catalog lacks ${missing.join(", ")}; this deck cannot be copied.`);
    const r = await createDeck(actor, { name: "Deck from a code", description: "", cards });
    return r.ok ? { ok: true, data: { id: r.id } } : r;
  },
  redirect: (data) => `/decks/${data.id}`,
});

/** Copies a shared deck (by slug) or one of the user's own decks (duplicate) into a new deck. */
export const copyDeckAction = defineFormAction({
  ...deckWrite,
  input: z.union([z.object({ slug: z.string().min(1).max(64) }), z.object({ deckId: deckIdSchema })]),
  fields: (form) => ({ slug: form.get("slug") ?? undefined, deckId: form.get("deckId") ?? undefined }),
  invalid: () => fail("Which deck should be copied?"),
  run: async (input, actor) => {
    const r = await copyDeck(actor, input);
    if (!r.ok) return r;
    return { ok: true, data: { id: r.id }, message: "Duplicated." };
  },
  redirect: (data, input) => ("deckId" in input ? undefined : `/decks/${data.id}`),
});

/** Deletes the user's deck (the UI asks for confirmation first). */
export const deleteDeckAction = defineFormAction({
  ...deckWrite,
  input: z.object({ deckId: deckIdSchema }),
  invalid: () => fail("Which deck should be deleted?"),
  run: async ({ deckId }, actor) => {
    const r = await deleteDeck(actor, deckId);
    return r.ok ? { ok: true, data: undefined, message: "Deck deleted." } : r;
  },
});

/** Private / unlisted / public. Sharing needs a legal deck. */
export const setVisibilityAction = defineAction({
  ...deckWrite,
  input: visibilitySchema,
  invalid: (e) => zodFail(e, "Choose private, unlisted or public."),
  run: async ({ deckId, visibility }, actor): Promise<DeckActionResult<{ visibility: DeckVisibility }> | DomainFailure> => {
    const r = await setDeckVisibility(actor, deckId, visibility);
    return r.ok ? { ok: true, data: { visibility: r.visibility }, message: `The deck is now ${r.visibility}.` } : r;
  },
});

/** Restores an old version as a new one. */
export const restoreVersionAction = defineAction({
  ...deckWrite,
  input: restoreVersionSchema,
  run: async ({ deckId, version, expectedVersion }, actor): Promise<DeckActionResult<{ version: number }> | DomainFailure> => {
    const r = await restoreDeckVersion(actor, deckId, version, expectedVersion);
    if (!r.ok) return r;
    return { ok: true, data: { version: r.version }, message: `Version ${version} restored as version ${r.version} (its cards, name and description).${unpublishedNote(r.unpublished)}` };
  },
});

export type ImportPreview = { cards: { card: CardDTO; quantity: number }[]; check: DeckCheck; format: string; name?: string; description?: string };

type ImportText = z.output<typeof importTextSchema>;

async function parseImport(input: ImportText): Promise<{ ok: true; preview: ImportPreview; lines: DeckLine[] } | DeckActionFailure> {
  const index = buildCatalogIndex(await getDeckCatalog());
  const r = parseDeckImport(input.text, index, input.format);
  const read = `Read as ${DECK_FORMATS[r.format]}.`;
  if (!r.ok) return failFrom(failure("deck/unreadable", `${read} ${r.message}`, r.errors.length ? { text: r.errors.map((e) => e.message) } : undefined));
  const lines = r.cards.map((c) => ({ cardId: c.card.id, quantity: c.quantity }));
  const cards = await getCardsByIds(lines.map((l) => l.cardId));
  const byId = new Map(cards.map((card) => [card.id, card]));
  const entries = lines.flatMap((l) => {
    const card = byId.get(l.cardId);
    return card ? [{ card, quantity: l.quantity }] : [];
  });
  // The card ids are checked against the catalog the cards were read from: one the catalog lacks is refused, never dropped.
  const check = checkDeck(lines, ruleCatalog(cards));
  // The preview refuses exactly what saving refuses (lib/decks blockingProblems, as every deck write).
  const blocking = blockingProblems(check);
  if (blocking.length) {
    const messages = blocking.map((p) => p.message);
    const code = blocking.some((p) => p.code === "deck/unknown-card") ? "deck/unknown-card" : "deck/title-limit";
    return failFrom(failure(code, `This list cannot be saved: ${messages.join(" ")}`, { text: messages }));
  }
  // The preview refuses exactly what saving would: the same list schema as every deck write
  // (lines of one printing add up, and the sum must fit one line's limit).
  const writable = deckCardsSchema.safeParse(lines);
  if (!writable.success) {
    const over = entries.filter((e) => e.quantity > MAX_QUANTITY_PER_LINE).map((e) => `${e.card.title} [${e.card.key}]: ${e.quantity} copies in all`);
    const messages = over.length ? over.map((o) => `${o}; one printing holds at most ${MAX_QUANTITY_PER_LINE}.`) : writable.error.issues.map((i) => i.message);
    return failFrom(failure("deck/not-legal", `This list cannot be saved: ${messages[0]}`, { text: messages }));
  }
  return {
    ok: true,
    preview: { cards: entries, check, format: DECK_FORMATS[r.format], ...(r.name !== undefined ? { name: r.name, description: r.description ?? "" } : {}) },
    lines,
  };
}

/** Parses an import (text or JSON) and returns the resolved list and its legality, changing nothing. */
export const previewImportAction = defineAction({
  input: importTextSchema,
  auth: "user",
  limit: "import",
  invalid: (e) => zodFail(e, e.issues[0].message),
  run: async (input): Promise<DeckActionResult<ImportPreview>> => {
    const r = await parseImport(input);
    return r.ok ? { ok: true, data: r.preview } : r;
  },
});

const applyImportSchema = z.object({
  text: importTextSchema,
  target: z.discriminatedUnion("mode", [
    z.object({ mode: z.literal("new"), name: z.string().trim().min(1).max(100).optional() }),
    z.object({ mode: z.literal("replace"), deckId: deckIdSchema, expectedVersion: z.number().int().min(1) }),
  ]),
});

/** A refusal of the import's target, else of its text (the first issue's message), with that part's own field names. */
function importFail(e: z.ZodError): DeckActionFailure {
  if (e.issues.some((i) => i.path[0] === "target")) return zodPartFail(e, "target", "Choose where to import.");
  return zodPartFail(e, "text", e.issues[0].message);
}

/** Imports as a new deck, or replaces the cards of the user's deck (a new version; the name stays). */
export const applyImportAction = defineAction({
  ...deckWrite,
  limit: "import",
  input: applyImportSchema,
  args: (text: unknown, target: unknown) => ({ text, target }),
  invalid: importFail,
  run: async ({ text, target }, actor): Promise<DeckActionResult<{ id: string; version: number }> | DomainFailure> => {
    const r = await parseImport(text);
    if (!r.ok) return r;
    if (target.mode === "new") {
      const created = await createDeck(actor, { name: target.name ?? r.preview.name ?? "Imported deck", description: r.preview.description ?? "", cards: r.lines });
      return created.ok ? { ok: true, data: { id: created.id, version: created.version }, message: "Imported as a new deck." } : created;
    }
    const deck = await getDeckForOwner(actor, target.deckId);
    if (!deck) return failure("deck/not-found", "This deck does not exist.");
    const saved = await saveDeck(actor, { deckId: deck.id, expectedVersion: target.expectedVersion, name: deck.name, description: deck.description, cards: r.lines });
    if (!saved.ok) return saved;
    return { ok: true, data: { id: saved.id, version: saved.version }, message: `Cards replaced; saved as version ${saved.version}.${unpublishedNote(saved.unpublished)}` };
  },
});

/** The editor's search panel: the catalog query language, optionally only owned cards. */
export const searchCardsForEditor = defineAction({
  input: z.object({ q: z.string().max(1000, "The query is at most 1,000 characters"), onlyOwned: z.boolean(), take: z.number().int().min(1).max(200) }),
  args: (q: unknown, onlyOwned: unknown = false, take: unknown = 60) => ({ q, onlyOwned, take }),
  invalid: (e) => fail(e.issues[0].message),
  auth: "user",
  run: async ({ q, onlyOwned, take }, actor): Promise<DeckActionResult<{ cards: CardDTO[]; owned: Record<string, number>; total: number }>> => {
    const r = await searchCardsForDeck(actor, q, { onlyOwned, take });
    return r.error ? fail(r.error) : { ok: true, data: { cards: r.cards, owned: r.owned, total: r.total } };
  },
});

const applySwapSchema = z.object({
  deckId: deckIdSchema,
  expectedVersion: z.number().int().min(1),
  out: z.string().regex(/^[A-Za-z0-9-]{1,24}$/, "Not a card key"),
  into: z.string().regex(/^[A-Za-z0-9-]{1,24}$/, "Not a card key"),
});

/**
 * Applies one deck-doctor swap to the owner's deck as a new version: one copy
 * of `out` leaves, one copy of `into` joins. The deck rules run on the result
 * like any save (a swap that would break them is refused).
 */
export const applySwapAction = defineAction({
  ...deckWrite,
  input: applySwapSchema,
  invalid: (e) => zodFail(e, "The swap could not be applied: " + e.issues[0].message),
  run: async ({ deckId, expectedVersion, out, into }, actor): Promise<DeckActionResult<{ version: number; check: DeckCheck }> | DomainFailure> => {
    const deck = await getDeckForOwner(actor, deckId);
    if (!deck || !deck.isOwner) return failure("deck/not-found", "This deck does not exist.");
    if (deck.version !== expectedVersion) return failure("deck/conflict", `The deck changed since the doctor ran (now version ${deck.version}). Run the doctor again.`);
    const lines = new Map(deck.entries.map((e) => [e.card.key, { cardId: e.card.id, quantity: e.quantity }]));
    const leaving = lines.get(out);
    if (!leaving) return fail(`The deck holds no ${out}.`);
    const printing = parseCardKey(into);
    const incoming = printing ? await cardIdsForList([{ ...printing, quantity: 1 }]) : null;
    if (!incoming || incoming.cards.length !== 1) return fail(`The catalog has no ${into}.`);
    leaving.quantity -= 1;
    if (leaving.quantity === 0) lines.delete(out);
    const joining = [...lines.values()].find((l) => l.cardId === incoming.cards[0].cardId);
    if (joining) joining.quantity += 1;
    else lines.set(into, { cardId: incoming.cards[0].cardId, quantity: 1 });
    const r = await saveDeck(actor, { deckId, expectedVersion, name: deck.name, description: deck.description, cards: [...lines.values()] });
    if (!r.ok) return r;
    return { ok: true, data: { version: r.version, check: r.check }, message: `Swapped one ${out} for ${into}: saved as version ${r.version}.` };
  },
});
