import "server-only";
import { db } from "@/lib/server/db/db";
import { invalidate } from "@/lib/server/cache/invalidate";
import { userTag } from "@/lib/server/cache/tags";
import { requireActor, type Actor } from "@/lib/server/actor";
import { cardKey, titleKey } from "@/lib/catalog/keys";
import { MAX_BINDERS, NO_DETAILS, parseBinderName, type CopyDetails } from "@/lib/collection/copies";
import { DEFAULT_BINDER_NAME, type BinderDTO, type BinderPageView, type CopyLotDTO } from "@/lib/collection/types";
import { CollectionError, type Tx } from "./errors";
import { addToLot, detailsOf, plainCopies, takeFromLot } from "./lots";

/**
 * Binders: a user's named places for copies, and the default binder that
 * holds what no named binder holds. The collection is their sum; moving
 * copies changes where they are, never how many there are.
 */

const PAGE_SIZE = 50;

/** Every binder of the current user, the default one first, with the copies and distinct cards in each. */
export async function listBinders(actor: Actor): Promise<BinderDTO[]> {
  const user = requireActor(actor);
  const [binders, lots, entries] = await Promise.all([
    db.binder.findMany({ where: { userId: user.id }, select: { id: true, name: true }, orderBy: { name: "asc" } }),
    db.collectionLot.groupBy({ by: ["binderId", "cardId"], where: { userId: user.id }, _sum: { quantity: true } }),
    db.collectionEntry.findMany({ where: { userId: user.id, quantity: { gt: 0 } }, select: { cardId: true, quantity: true } }),
  ]);
  const named = new Map(binders.map((b) => [b.id, { id: b.id as string | null, name: b.name, copies: 0, cards: 0 }]));
  const inNamed = new Map<string, number>();
  for (const l of lots) {
    const b = l.binderId ? named.get(l.binderId) : undefined;
    if (!b) continue;
    b.copies += l._sum.quantity ?? 0;
    b.cards += 1;
    inNamed.set(l.cardId, (inNamed.get(l.cardId) ?? 0) + (l._sum.quantity ?? 0));
  }
  const unsorted: BinderDTO = { id: null, name: DEFAULT_BINDER_NAME, copies: 0, cards: 0 };
  for (const e of entries) {
    const here = e.quantity - (inNamed.get(e.cardId) ?? 0);
    if (here > 0) {
      unsorted.copies += here;
      unsorted.cards += 1;
    }
  }
  return [unsorted, ...named.values()];
}

async function ownBinder(tx: Tx, userId: string, binderId: string): Promise<{ id: string; name: string }> {
  const b = await tx.binder.findFirst({ where: { id: binderId, userId }, select: { id: true, name: true } });
  if (!b) throw new CollectionError("collection/unknown-binder", "That binder is not one of yours.");
  return b;
}

function checkedName(raw: string): string {
  const name = parseBinderName(raw);
  if (!name.ok) throw new CollectionError("collection/binder-name", name.message);
  if (!name.value) throw new CollectionError("collection/binder-name", "Give the binder a name.");
  if (titleKey(name.value) === titleKey(DEFAULT_BINDER_NAME)) throw new CollectionError("collection/binder-name", `"${DEFAULT_BINDER_NAME}" is the default binder's name; choose another.`);
  return name.value;
}

const isUnique = (e: unknown) => (e as { code?: string }).code === "P2002";

/** Makes a named binder for the current user. */
export async function createBinder(actor: Actor, rawName: string): Promise<BinderDTO> {
  const user = requireActor(actor);
  const name = checkedName(rawName);
  if ((await db.binder.count({ where: { userId: user.id } })) >= MAX_BINDERS) throw new CollectionError("collection/binder-name", `You can have at most ${MAX_BINDERS} binders.`);
  try {
    const b = await db.binder.create({ data: { userId: user.id, name }, select: { id: true, name: true } });
    await invalidate([userTag(user.id)]);
    return { ...b, copies: 0, cards: 0 };
  } catch (e) {
    if (isUnique(e)) throw new CollectionError("collection/binder-name", `You already have a binder named "${name}".`);
    throw e;
  }
}

/** Renames one of the current user's binders. */
export async function renameBinder(actor: Actor, binderId: string, rawName: string): Promise<{ id: string; name: string }> {
  const user = requireActor(actor);
  const name = checkedName(rawName);
  try {
    const b = await db.$transaction(async (tx) => {
      await ownBinder(tx, user.id, binderId);
      return tx.binder.update({ where: { id: binderId }, data: { name }, select: { id: true, name: true } });
    });
    await invalidate([userTag(user.id)]);
    return b;
  } catch (e) {
    if (isUnique(e)) throw new CollectionError("collection/binder-name", `You already have a binder named "${name}".`);
    throw e;
  }
}

/** Deletes a binder; its copies (with their details) go back to the default binder, so nothing is lost. */
export async function deleteBinder(actor: Actor, binderId: string): Promise<{ moved: number }> {
  const user = requireActor(actor);
  const moved = await db.$transaction(async (tx) => {
    await ownBinder(tx, user.id, binderId);
    const lots = await tx.collectionLot.findMany({ where: { userId: user.id, binderId } });
    for (const l of lots) {
      await takeFromLot(tx, l.id, l.quantity);
      await addToLot(tx, user.id, l.cardId, null, detailsOf(l), l.quantity);
    }
    await tx.binder.delete({ where: { id: binderId } });
    return lots.reduce((n, l) => n + l.quantity, 0);
  });
  await invalidate([userTag(user.id)]);
  return { moved };
}

/** What moves: copies of a card from one lot (or the default binder's plain copies), to a binder, keeping or changing their details. */
export type MoveCopies = { cardId: string; lotId: string | null; quantity: number; toBinderId: string | null; details?: CopyDetails };

/**
 * Moves copies of a card between binders, or gives some of them new details,
 * as one transaction: the source loses exactly what the target gains, so the
 * card's total never changes. Refuses (changing nothing) when the source does
 * not hold that many copies or the target is not the user's binder.
 */
export async function moveCopies(actor: Actor, move: MoveCopies): Promise<{ moved: number }> {
  const user = requireActor(actor);
  const { cardId, lotId, quantity, toBinderId } = move;
  if (!Number.isInteger(quantity) || quantity < 1) throw new CollectionError("collection/not-enough-copies", "Move at least one copy.");
  await db.$transaction(async (tx) => {
    if (toBinderId) await ownBinder(tx, user.id, toBinderId);
    let details: CopyDetails;
    if (lotId) {
      const lot = await tx.collectionLot.findFirst({ where: { id: lotId, userId: user.id, cardId } });
      if (!lot || lot.quantity < quantity) throw new CollectionError("collection/not-enough-copies", `Those copies number ${lot?.quantity ?? 0}; you cannot move ${quantity}.`);
      details = move.details ?? detailsOf(lot);
      await takeFromLot(tx, lot.id, quantity);
    } else {
      const plain = await plainCopies(tx, user.id, cardId);
      if (plain < quantity) throw new CollectionError("collection/not-enough-copies", `${plain} plain cop${plain === 1 ? "y is" : "ies are"} in ${DEFAULT_BINDER_NAME}; you cannot move ${quantity}.`);
      details = move.details ?? NO_DETAILS;
    }
    await addToLot(tx, user.id, cardId, toBinderId, details, quantity);
  });
  await invalidate([userTag(user.id)]);
  return { moved: quantity };
}

/** One binder's copies (a page, optionally filtered by a title fragment), and every binder to move them to. Null for a binder that is not the user's. */
export async function binderPage(actor: Actor, binderId: string | null, opts: { q?: string; page?: number } = {}): Promise<BinderPageView | null> {
  const user = requireActor(actor);
  const binders = await listBinders(user);
  const binder = binders.find((b) => b.id === binderId);
  if (!binder) return null;
  const q = (opts.q ?? "").trim().slice(0, 60);
  const cardFilter = q ? { titleKey: { contains: titleKey(q) } } : {};
  const cardSelect = { select: { title: true, number: true, set: { select: { code: true } } } } as const;
  const rows: CopyLotDTO[] = [];
  const lots = await db.collectionLot.findMany({ where: { userId: user.id, binderId, entry: { card: cardFilter } }, include: { entry: { select: { card: cardSelect } } } });
  for (const { entry: { card }, ...l } of lots) rows.push({ lotId: l.id, cardId: l.cardId, key: cardKey(card.set.code, card.number), title: card.title, quantity: l.quantity, details: detailsOf(l) });
  if (binderId === null) {
    const [entries, held] = await Promise.all([
      db.collectionEntry.findMany({ where: { userId: user.id, quantity: { gt: 0 }, card: cardFilter }, include: { card: cardSelect } }),
      db.collectionLot.groupBy({ by: ["cardId"], where: { userId: user.id }, _sum: { quantity: true } }),
    ]);
    const inLots = new Map(held.map((h) => [h.cardId, h._sum.quantity ?? 0]));
    for (const e of entries) {
      const plain = e.quantity - (inLots.get(e.cardId) ?? 0);
      if (plain > 0) rows.push({ lotId: null, cardId: e.cardId, key: cardKey(e.card.set.code, e.card.number), title: e.card.title, quantity: plain, details: NO_DETAILS });
    }
  }
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : Number(a.lotId !== null) - Number(b.lotId !== null)));
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(opts.page ?? 1)), pageCount);
  return { binder, binders, lots: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: rows.length, page, pageCount, q };
}
