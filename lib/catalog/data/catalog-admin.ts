import "server-only";
import { parsePageNumber } from "@/lib/util/page-number";
import { cardPlaceSelect, invalidateCardChange, toCardPlace } from "@/lib/catalog/data/cache-invalidation";
import { db } from "@/lib/server/db/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { colorMask, colorsFromMask } from "@/lib/catalog/colors";
import { cardKey, titleKey } from "@/lib/catalog/keys";
import { requireAdminActor, type Actor } from "@/lib/server/actor";
import { AuthError } from "@/lib/server/errors";
import type { CatalogCard } from "@/lib/catalog/schemas";
import type { CardSnapshot } from "@/lib/catalog/types";
import { cardImagePath, type CardImageType } from "@/lib/catalog/card-image";

type Tx = Prisma.TransactionClient;

const snapshotInclude = { set: true, traits: true } satisfies Prisma.CardInclude;
type SnapshotRow = Prisma.CardGetPayload<{ include: typeof snapshotInclude }>;

export function snapshotOf(row: SnapshotRow): CardSnapshot {
  return {
    set: row.set.code,
    number: row.number,
    title: row.title,
    traits: row.traits.map((t) => t.trait),
    colors: colorsFromMask(row.colorMask),
    rings: row.rings,
    rarity: row.rarity,
    text: row.text,
    effect: row.effect ? (JSON.parse(row.effect) as unknown) : null,
    imageUrl: row.imageUrl,
  };
}

export function snapshotOfInput(card: CatalogCard): CardSnapshot {
  return {
    set: card.set,
    number: card.number,
    title: card.title,
    traits: [...card.traits],
    colors: [...card.colors],
    rings: card.rings,
    rarity: card.rarity,
    text: card.text,
    effect: card.effect ?? null,
    imageUrl: card.imageUrl ?? null,
  };
}

/** Field-by-field equality of two snapshots (traits compared in order, colors as a set). */
export function sameSnapshot(a: CardSnapshot, b: CardSnapshot): boolean {
  return (
    a.set === b.set &&
    a.number === b.number &&
    a.title === b.title &&
    a.traits.join("\u0000") === b.traits.join("\u0000") &&
    colorMask(a.colors as never) === colorMask(b.colors as never) &&
    a.rings === b.rings &&
    a.rarity === b.rarity &&
    a.text === b.text &&
    JSON.stringify(a.effect) === JSON.stringify(b.effect) &&
    (a.imageUrl ?? null) === (b.imageUrl ?? null)
  );
}

/**
 * Proof that the admin check passed: minted only by `requireCatalogAdmin`
 * (which checks the actor is an admin), and checked by `createCardTx`/`updateCardTx`.
 * A caller cannot make one up: an object not minted here is refused.
 */
export type CatalogAdmin = { readonly userId: string };
const minted = new WeakSet<CatalogAdmin>();

/** The signed-in admin (or a command-line tool's system admin) as a catalog writer; AuthError otherwise. */
export async function requireCatalogAdmin(actor: Actor): Promise<CatalogAdmin> {
  const admin = requireAdminActor(actor);
  const writer: CatalogAdmin = Object.freeze({ userId: admin.id });
  minted.add(writer);
  return writer;
}

function assertWriter(writer: CatalogAdmin): void {
  if (!minted.has(writer)) throw new AuthError("auth/forbidden", "Only admins can change the catalog.");
}

/** The Card columns of a validated card (the seed and the importer write cards through this too). */
export function cardFields(card: Omit<CatalogCard, "set">) {
  return {
    number: card.number,
    title: card.title,
    titleKey: titleKey(card.title),
    colorMask: colorMask(card.colors),
    colorCount: card.colors.length,
    rings: card.rings,
    rarity: card.rarity,
    text: card.text,
    effect: card.effect == null ? null : JSON.stringify(card.effect),
    imageUrl: card.imageUrl ?? null,
  };
}

/** The CardTrait rows of a validated card. */
export function traitRows(card: Pick<CatalogCard, "traits">) {
  return card.traits.map((t) => ({ trait: t, traitKey: t.toLowerCase() }));
}

async function ensureSet(tx: Tx, code: string): Promise<string> {
  const set = await tx.cardSet.upsert({
    where: { code },
    create: { code, name: code, unofficial: true, note: "Created from catalog editing." },
    update: {},
  });
  return set.id;
}

export type CatalogWriteError =
  | { ok: false; code: "catalog/duplicate"; message: string; fieldErrors: Record<string, string[]> }
  | { ok: false; code: "catalog/not-found"; message: string }
  | { ok: false; code: "catalog/in-use"; message: string };

type AuditAction = "create" | "update" | "delete" | "import";

/** Creates a card inside a transaction and writes its audit row. `writer` comes from `requireCatalogAdmin`. */
export async function createCardTx(tx: Tx, card: CatalogCard, writer: CatalogAdmin, action: AuditAction = "create", note = "") {
  assertWriter(writer);
  const setId = await ensureSet(tx, card.set);
  const clash = await tx.card.findUnique({ where: { setId_number: { setId, number: card.number } }, select: { id: true } });
  if (clash) return duplicate(card);
  const created = await tx.card.create({ data: { ...cardFields(card), setId, traits: { create: traitRows(card) } } });
  await tx.cardAudit.create({
    data: { cardId: created.id, cardKey: cardKey(card.set, card.number), userId: writer.userId, action, before: null, after: JSON.stringify(snapshotOfInput(card)), note },
  });
  return { ok: true as const, id: created.id };
}

function duplicate(card: CatalogCard): CatalogWriteError {
  const key = cardKey(card.set, card.number);
  return { ok: false, code: "catalog/duplicate", message: `${key} already exists.`, fieldErrors: { number: [`${key} already exists: pick another number.`] } };
}

/** Updates a card inside a transaction (a no-op when nothing changed) and writes its audit row. `writer` comes from `requireCatalogAdmin`. */
export async function updateCardTx(tx: Tx, id: string, card: CatalogCard, writer: CatalogAdmin, action: AuditAction = "update", note = "") {
  assertWriter(writer);
  const row = await tx.card.findUnique({ where: { id }, include: snapshotInclude });
  if (!row) return { ok: false as const, code: "catalog/not-found" as const, message: "That card no longer exists." };
  const before = snapshotOf(row);
  const after = snapshotOfInput(card);
  if (sameSnapshot(before, after)) return { ok: true as const, id, changed: false };
  const setId = await ensureSet(tx, card.set);
  if (setId !== row.setId || card.number !== row.number) {
    const clash = await tx.card.findUnique({ where: { setId_number: { setId, number: card.number } }, select: { id: true } });
    if (clash && clash.id !== id) return duplicate(card);
  }
  await tx.cardTrait.deleteMany({ where: { cardId: id } });
  await tx.card.update({ where: { id }, data: { ...cardFields(card), setId, traits: { create: traitRows(card) } } });
  await tx.cardAudit.create({
    data: { cardId: id, cardKey: cardKey(card.set, card.number), userId: writer.userId, action, before: JSON.stringify(before), after: JSON.stringify(after), note },
  });
  return { ok: true as const, id, changed: true };
}

/** An uploaded image, already checked by lib/catalog/card-image-check's checkCardImage. */
export type CheckedCardImage = { sha256: string; type: CardImageType; bytes: Uint8Array };

/** Stores an uploaded image (once per content) and gives the card the URL it is served from. */
async function withImageTx(tx: Tx, card: CatalogCard, image: CheckedCardImage | undefined): Promise<CatalogCard> {
  if (!image) return card;
  await tx.cardImage.upsert({
    where: { id: image.sha256 },
    create: { id: image.sha256, contentType: image.type, byteSize: image.bytes.length, data: Buffer.from(image.bytes) },
    update: {},
  });
  return { ...card, imageUrl: cardImagePath(image.sha256, image.type) };
}

const IMAGE_PREFIX = "/card-images/";

/**
 * Deletes the uploaded images no card uses any more, once a card stopped
 * using `previous` (an edit replaced or removed its image, or the card was
 * deleted): an image is kept only while a card shows it. (The audit log's
 * snapshots keep the old URL; it then answers 404.)
 */
async function dropUnusedImagesTx(tx: Tx, previous: string | null | undefined): Promise<void> {
  if (!previous?.startsWith(IMAGE_PREFIX)) return;
  const used = await tx.card.findMany({ where: { imageUrl: { startsWith: IMAGE_PREFIX } }, select: { imageUrl: true } });
  const keep = new Set(used.map((c) => c.imageUrl!.slice(IMAGE_PREFIX.length, IMAGE_PREFIX.length + 64)));
  const stored = await tx.cardImage.findMany({ select: { id: true } });
  const unused = stored.map((i) => i.id).filter((id) => !keep.has(id));
  if (unused.length) await tx.cardImage.deleteMany({ where: { id: { in: unused } } });
}

/** Admin: creates a card (audited), with an uploaded image when one is given. */
export async function createCard(actor: Actor, card: CatalogCard, image?: CheckedCardImage) {
  const writer = await requireCatalogAdmin(actor);
  const r = await db.$transaction(async (tx) => createCardTx(tx, await withImageTx(tx, card, image), writer));
  if (r.ok) await invalidateCardChange(r.id, [{ set: card.set, number: card.number, title: card.title }]);
  return r;
}

/** Admin: edits a card (audited), with an uploaded image when one is given. */
export async function updateCard(actor: Actor, id: string, card: CatalogCard, image?: CheckedCardImage) {
  const writer = await requireCatalogAdmin(actor);
  const before = toCardPlace(await db.card.findUnique({ where: { id }, select: cardPlaceSelect }));
  const r = await db.$transaction(async (tx) => {
    const previous = (await tx.card.findUnique({ where: { id }, select: { imageUrl: true } }))?.imageUrl;
    const updated = await updateCardTx(tx, id, await withImageTx(tx, card, image), writer);
    if (updated.ok && updated.changed) await dropUnusedImagesTx(tx, previous);
    return updated;
  });
  if (r.ok && "changed" in r && r.changed) await invalidateCardChange(id, [before, { set: card.set, number: card.number, title: card.title }]);
  return r;
}

/** Admin: how many decks, collections and pack openings reference a card (for the edit page). */
export async function cardReferences(actor: Actor, id: string): Promise<{ decks: number; collections: number; packs: number }> {
  requireAdminActor(actor);
  return countReferences(id, db);
}

async function countReferences(id: string, tx: Tx | typeof db) {
  const [decks, collections, packs] = await Promise.all([
    tx.deckCard.count({ where: { cardId: id } }),
    tx.collectionEntry.count({ where: { cardId: id, quantity: { gt: 0 } } }),
    tx.packOpeningCard.count({ where: { cardId: id } }),
  ]);
  return { decks, collections, packs };
}

/**
 * Admin: deletes a card that nothing uses (audited). A card in any deck,
 * collection or pack opening is refused with a message saying where.
 */
export async function deleteCard(actor: Actor, id: string): Promise<{ ok: true; key: string } | CatalogWriteError> {
  requireAdminActor(actor);
  const r = await db.$transaction(async (tx) => {
    const row = await tx.card.findUnique({ where: { id }, include: snapshotInclude });
    if (!row) return { ok: false as const, code: "catalog/not-found" as const, message: "That card no longer exists." };
    const refs = await countReferences(id, tx);
    if (refs.decks || refs.collections || refs.packs) {
      const where = [
        refs.decks && `${refs.decks} deck${refs.decks === 1 ? "" : "s"}`,
        refs.collections && `${refs.collections} collection${refs.collections === 1 ? "" : "s"}`,
        refs.packs && `${refs.packs} pack opening${refs.packs === 1 ? "" : "s"}`,
      ]
        .filter(Boolean)
        .join(", ");
      return { ok: false as const, code: "catalog/in-use" as const, message: `${cardKey(row.set.code, row.number)} cannot be deleted: it is used in ${where}. Edit it instead, or remove it from those first.` };
    }
    const key = cardKey(row.set.code, row.number);
    // zero-quantity collection rows do not count as use; clear them so the delete can go through
    await tx.collectionEntry.deleteMany({ where: { cardId: id } });
    await tx.cardSuggestion.updateMany({ where: { cardId: id }, data: { cardId: null } });
    await tx.cardAudit.create({ data: { cardId: null, cardKey: key, userId: actor.id, action: "delete", before: JSON.stringify(snapshotOf(row)), after: null } });
    await tx.card.delete({ where: { id } });
    await dropUnusedImagesTx(tx, row.imageUrl);
    return { ok: true as const, key, place: toCardPlace(row) };
  });
  if (!r.ok) return r;
  await invalidateCardChange(null, [r.place]);
  return { ok: true, key: r.key };
}

/** Admin: a card's editable fields, for the edit form. */
export async function getCardForEdit(actor: Actor, id: string): Promise<(CardSnapshot & { id: string; key: string }) | null> {
  requireAdminActor(actor);
  const row = await db.card.findUnique({ where: { id }, include: snapshotInclude });
  if (!row) return null;
  return { id: row.id, key: cardKey(row.set.code, row.number), ...snapshotOf(row) };
}

export type AuditEntry = {
  id: string;
  cardId: string | null;
  cardKey: string;
  action: string;
  user: string;
  before: CardSnapshot | null;
  after: CardSnapshot | null;
  note: string;
  createdAt: string;
};

/** Admin: the catalog audit log, newest first. */
export async function listAudits(actor: Actor, opts: { page?: number; pageSize?: number; cardKey?: string } = {}): Promise<{ entries: AuditEntry[]; total: number; page: number; pageSize: number }> {
  requireAdminActor(actor);
  const pageSize = Math.min(200, Math.max(1, Math.floor(opts.pageSize ?? 50) || 50));
  const page = parsePageNumber(opts.page);
  const where = opts.cardKey ? { cardKey: opts.cardKey } : {};
  const [rows, total] = await Promise.all([
    db.cardAudit.findMany({ where, include: { user: { select: { displayName: true, email: true } } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: pageSize, skip: (page - 1) * pageSize }),
    db.cardAudit.count({ where }),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      cardId: r.cardId,
      cardKey: r.cardKey,
      action: r.action,
      user: `${r.user.displayName} <${r.user.email}>`,
      before: r.before ? (JSON.parse(r.before) as CardSnapshot) : null,
      after: r.after ? (JSON.parse(r.after) as CardSnapshot) : null,
      note: r.note,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}

/** Admin: counts for the admin landing page. */
export async function adminOverview(actor: Actor): Promise<{ cards: number; audits: number }> {
  requireAdminActor(actor);
  const [cards, audits] = await Promise.all([db.card.count(), db.cardAudit.count()]);
  return { cards, audits };
}
