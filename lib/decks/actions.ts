"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { fail, failFrom, ok, zodFail, type ActionResult } from "@/lib/server/action-result";
import { requireUser } from "@/lib/server/session";
import { limit, type LimitKind } from "@/lib/server/rate-limit";
import { failure, type DomainErrorCode } from "@/lib/server/errors";
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
import { blockingProblems, buildCatalogIndex, checkDeck, ruleCatalog, parseDeckJson, parseDeckText, tryDecodeDeckCode, type DeckCheck } from "@/lib/decks";
import { createDeckSchema, deckCardsSchema, deckIdSchema, importTextSchema, restoreVersionSchema, saveDeckSchema, visibilitySchema, type DeckVisibility } from "@/lib/decks/schemas";

/** A failed deck write as an action result: the typed code, and for conflicts the server's list. */
export type DeckActionFailure = { ok: false; message: string; fieldErrors?: Record<string, string[]>; code?: DeckWriteError["code"] | DomainErrorCode; current?: Extract<DeckWriteError, { code: "deck/conflict" }>["current"] };
export type DeckActionResult<T> = { ok: true; data: T; message?: string } | DeckActionFailure;

/** Null when a user is signed in (and, for a write, within its rate limit); otherwise the failure to return. */
async function signedIn(kind?: LimitKind): Promise<DeckActionFailure | null> {
  try {
    const user = await requireUser();
    if (kind) await limit(kind, user.id);
    return null;
  } catch (e) {
    return failFrom(e);
  }
}

/** A refused deck write through the one mapping (failFrom), with the server's list on a conflict. */
function writeFailure(r: DeckWriteError): DeckActionFailure {
  return r.code === "deck/conflict" ? { ...failFrom(r), current: r.current } : failFrom(r);
}

function revalidateDeck(id: string, slug?: string) {
  revalidatePath("/decks");
  revalidatePath(`/decks/${id}`);
  revalidatePath("/decks/public");
  if (slug) revalidatePath(`/d/${slug}`);
}

function unpublishedNote(was: DeckVisibility | undefined): string {
  return was ? ` The deck is not legal, so it is private now (it was ${was}): sharing needs a legal deck.` : "";
}

/** Saves the editor's whole list as a new version (optimistic concurrency on expectedVersion). */
export async function saveDeckAction(input: unknown): Promise<DeckActionResult<{ version: number; check: DeckCheck; unpublished?: DeckVisibility }>> {
  const parsed = saveDeckSchema.safeParse(input);
  if (!parsed.success) return zodFail(parsed.error, "The deck could not be saved: " + parsed.error.issues[0].message);
  const auth = await signedIn("deck-write");
  if (auth) return auth;
  const r = await saveDeck(parsed.data);
  if (!r.ok) return writeFailure(r);
  revalidateDeck(r.id);
  return { ok: true, data: { version: r.version, check: r.check, unpublished: r.unpublished }, message: `Saved as version ${r.version}.${unpublishedNote(r.unpublished)}` };
}

/** Creates an empty deck and opens it in the editor. */
export async function createDeckAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = createDeckSchema.safeParse({ name: form.get("name") || "Untitled deck", description: "", cards: [] });
  if (!parsed.success) return zodFail(parsed.error);
  const auth = await signedIn("deck-write");
  if (auth) return auth;
  const r = await createDeck(parsed.data);
  if (!r.ok) return writeFailure(r);
  revalidatePath("/decks");
  redirect(`/decks/${r.id}`);
}

/** Copies a starter deck into a new deck of the signed-in user. */
export async function createFromStarterAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const slug = z.string().min(1).max(80).safeParse(form.get("slug"));
  if (!slug.success) return fail("Choose a starter deck.");
  const auth = await signedIn("deck-write");
  if (auth) return auth;
  const starter = await getStarterDeck(slug.data);
  if (!starter) return fail("That starter deck does not exist.");
  const { cards, missing } = await cardIdsForList(starter.cards);
  if (missing.length) return fail(`The catalog lacks ${missing.join(", ")}; the starter deck cannot be copied.`);
  const r = await createDeck({ name: starter.name, description: starter.description, cards });
  if (!r.ok) return writeFailure(r);
  revalidatePath("/decks");
  redirect(`/decks/${r.id}`);
}

/** Copies a deck code's list into a new deck of the signed-in user. */
export async function copyDeckCodeAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const code = z.string().min(1).max(4000).safeParse(form.get("code"));
  if (!code.success) return fail("The deck code is missing.");
  const auth = await signedIn("deck-write");
  if (auth) return auth;
  const decoded = tryDecodeDeckCode(code.data);
  if (!decoded.ok) return failFrom(failure("deck/bad-code", decoded.message));
  const { cards, missing } = await cardIdsForList(decoded.entries);
  if (missing.length) return fail(`The catalog lacks ${missing.join(", ")}; this deck cannot be copied.`);
  const r = await createDeck({ name: "Deck from a code", description: "", cards });
  if (!r.ok) return writeFailure(r);
  revalidatePath("/decks");
  redirect(`/decks/${r.id}`);
}

/** Copies a shared deck (by slug) or one of the user's own decks (duplicate) into a new deck. */
export async function copyDeckAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = z.union([z.object({ slug: z.string().min(1).max(64) }), z.object({ deckId: deckIdSchema })]).safeParse(Object.fromEntries([...form.entries()].filter(([k]) => k === "slug" || k === "deckId")));
  if (!parsed.success) return fail("Which deck should be copied?");
  const auth = await signedIn("deck-write");
  if (auth) return auth;
  const r = await copyDeck(parsed.data);
  if (!r.ok) return writeFailure(r);
  revalidatePath("/decks");
  if ("deckId" in parsed.data) return ok(undefined, "Duplicated.");
  redirect(`/decks/${r.id}`);
}

/** Deletes the user's deck (the UI asks for confirmation first). */
export async function deleteDeckAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const id = deckIdSchema.safeParse(form.get("deckId"));
  if (!id.success) return fail("Which deck should be deleted?");
  const auth = await signedIn("deck-write");
  if (auth) return auth;
  const r = await deleteDeck(id.data);
  if (!r.ok) return writeFailure(r);
  revalidatePath("/decks");
  revalidatePath("/decks/public");
  return ok(undefined, "Deck deleted.");
}

/** Private / unlisted / public. Sharing needs a legal deck. */
export async function setVisibilityAction(input: unknown): Promise<DeckActionResult<{ visibility: DeckVisibility }>> {
  const parsed = visibilitySchema.safeParse(input);
  if (!parsed.success) return zodFail(parsed.error, "Choose private, unlisted or public.");
  const auth = await signedIn("deck-write");
  if (auth) return auth;
  const r = await setDeckVisibility(parsed.data.deckId, parsed.data.visibility);
  if (!r.ok) return writeFailure(r);
  revalidateDeck(parsed.data.deckId);
  return { ok: true, data: { visibility: r.visibility }, message: `The deck is now ${r.visibility}.` };
}

/** Restores an old version as a new one. */
export async function restoreVersionAction(input: unknown): Promise<DeckActionResult<{ version: number }>> {
  const parsed = restoreVersionSchema.safeParse(input);
  if (!parsed.success) return zodFail(parsed.error);
  const auth = await signedIn("deck-write");
  if (auth) return auth;
  const r = await restoreDeckVersion(parsed.data.deckId, parsed.data.version, parsed.data.expectedVersion);
  if (!r.ok) return writeFailure(r);
  revalidateDeck(r.id);
  return { ok: true, data: { version: r.version }, message: `Version ${parsed.data.version} restored as version ${r.version} (its cards, name and description).${unpublishedNote(r.unpublished)}` };
}

export type ImportPreview = { cards: { card: CardDTO; quantity: number }[]; check: DeckCheck; name?: string; description?: string };

async function parseImport(input: unknown): Promise<{ ok: true; preview: ImportPreview; lines: DeckLine[] } | DeckActionFailure> {
  const parsed = importTextSchema.safeParse(input);
  if (!parsed.success) return zodFail(parsed.error, parsed.error.issues[0].message);
  const index = buildCatalogIndex(await getDeckCatalog());
  const r: { ok: true; cards: { card: { id: string }; quantity: number }[]; name?: string; description?: string } | { ok: false; message: string; errors: { message: string }[] } =
    parsed.data.format === "json" ? parseDeckJson(parsed.data.text, index) : parseDeckText(parsed.data.text, index);
  if (!r.ok) return failFrom(failure("deck/unreadable", r.message, r.errors.length ? { text: r.errors.map((e) => e.message) } : undefined));
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
    preview: { cards: entries, check, ...(r.name !== undefined ? { name: r.name, description: r.description ?? "" } : {}) },
    lines,
  };
}

/** Parses an import (text or JSON) and returns the resolved list and its legality, changing nothing. */
export async function previewImportAction(input: unknown): Promise<DeckActionResult<ImportPreview>> {
  const auth = await signedIn("import");
  if (auth) return auth;
  const r = await parseImport(input);
  if (!r.ok) return r;
  return { ok: true, data: r.preview };
}

const applyImportSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("new"), name: z.string().trim().min(1).max(100).optional() }),
  z.object({ mode: z.literal("replace"), deckId: deckIdSchema, expectedVersion: z.number().int().min(1) }),
]);

/** Imports as a new deck, or replaces the cards of the user's deck (a new version; the name stays). */
export async function applyImportAction(input: unknown, target: unknown): Promise<DeckActionResult<{ id: string; version: number }>> {
  const t = applyImportSchema.safeParse(target);
  if (!t.success) return zodFail(t.error, "Choose where to import.");
  const auth = await signedIn("import");
  if (auth) return auth;
  const r = await parseImport(input);
  if (!r.ok) return r;
  if (t.data.mode === "new") {
    const created = await createDeck({ name: t.data.name ?? r.preview.name ?? "Imported deck", description: r.preview.description ?? "", cards: r.lines });
    if (!created.ok) return writeFailure(created);
    revalidatePath("/decks");
    return { ok: true, data: { id: created.id, version: created.version }, message: "Imported as a new deck." };
  }
  const deck = await getDeckForOwner(t.data.deckId);
  if (!deck) return failFrom(failure("deck/not-found", "This deck does not exist."));
  const saved = await saveDeck({ deckId: deck.id, expectedVersion: t.data.expectedVersion, name: deck.name, description: deck.description, cards: r.lines });
  if (!saved.ok) return writeFailure(saved);
  revalidateDeck(saved.id);
  return { ok: true, data: { id: saved.id, version: saved.version }, message: `Cards replaced; saved as version ${saved.version}.${unpublishedNote(saved.unpublished)}` };
}

/** The editor's search panel: the catalog query language, optionally only owned cards; the user's copies of the results come with them. */
export async function searchCardsForEditor(q: unknown, onlyOwned: unknown = false, take: unknown = 60): Promise<DeckActionResult<{ cards: CardDTO[]; owned: Record<string, number>; total: number }>> {
  const parsed = z
    .object({ q: z.string().max(1000, "The query is at most 1,000 characters"), onlyOwned: z.boolean(), take: z.number().int().min(1).max(200) })
    .safeParse({ q, onlyOwned, take });
  if (!parsed.success) return fail(parsed.error.issues[0].message);
  const auth = await signedIn();
  if (auth) return auth;
  const r = await searchCardsForDeck(parsed.data.q, { onlyOwned: parsed.data.onlyOwned, take: parsed.data.take });
  if (r.error) return fail(r.error);
  return { ok: true, data: { cards: r.cards, owned: r.owned, total: r.total } };
}

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
export async function applySwapAction(input: unknown): Promise<DeckActionResult<{ version: number; check: DeckCheck }>> {
  const parsed = applySwapSchema.safeParse(input);
  if (!parsed.success) return zodFail(parsed.error, "The swap could not be applied: " + parsed.error.issues[0].message);
  const auth = await signedIn("deck-write");
  if (auth) return auth;
  const { deckId, expectedVersion, out, into } = parsed.data;
  const deck = await getDeckForOwner(deckId);
  if (!deck || !deck.isOwner) return failFrom(failure("deck/not-found", "This deck does not exist."));
  if (deck.version !== expectedVersion) return failFrom(failure("deck/conflict", `The deck changed since the doctor ran (now version ${deck.version}). Run the doctor again.`));
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
  const r = await saveDeck({ deckId, expectedVersion, name: deck.name, description: deck.description, cards: [...lines.values()] });
  if (!r.ok) return writeFailure(r);
  revalidateDeck(r.id, deck.shareSlug);
  return { ok: true, data: { version: r.version, check: r.check }, message: `Swapped one ${out} for ${into}: saved as version ${r.version}.` };
}
