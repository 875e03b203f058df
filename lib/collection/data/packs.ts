import "server-only";
import { db } from "@/lib/server/db/db";
import { invalidate } from "@/lib/server/cache/invalidate";
import { userTag } from "@/lib/server/cache/tags";
import type { Prisma } from "@/lib/generated/prisma/client";
import { requireActor, type Actor } from "@/lib/server/actor";
import { cardKey } from "@/lib/catalog/keys";
import type { PackOpeningDTO } from "@/lib/collection/types";
import { trimToTotals } from "./lots";
import { CollectionError, type Tx } from "./errors";
import { applyDelta, assertCardsExist } from "./quantities";

/** Booster pack openings: recorded, listed and undone (the last one only). */

const packInclude = {
  cards: { include: { card: { select: { title: true, number: true, set: { select: { code: true } } } } } },
} satisfies Prisma.PackOpeningInclude;

function toPackDTO(p: Prisma.PackOpeningGetPayload<{ include: typeof packInclude }>, canUndo: boolean): PackOpeningDTO {
  const cards = p.cards
    .map((c) => ({ cardId: c.cardId, key: cardKey(c.card.set.code, c.card.number), title: c.card.title, quantity: c.quantity }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    id: p.id,
    createdAt: p.createdAt.toISOString(),
    undoneAt: p.undoneAt?.toISOString() ?? null,
    cardCount: cards.reduce((s, c) => s + c.quantity, 0),
    cards,
    canUndo,
  };
}

/** The unique index on (userId, clientId): a second save of one client id lost the race to the first. */
function isClientIdClash(err: unknown): boolean {
  return err instanceof Error && "code" in err && (err as { code?: string }).code === "P2002";
}

async function packByClientId(userId: string, clientId: string) {
  return db.packOpening.findUnique({ where: { userId_clientId: { userId, clientId } }, include: packInclude });
}

/**
 * Records a pack opening (the cards as entered, a card may repeat) and adds
 * its cards to the current user's collection, all in one transaction.
 *
 * `clientId` is the id the browser gave the pack: a pack queued offline may be
 * sent again (a lost answer, two tabs syncing), and a second save of the same
 * id changes nothing and answers the pack already recorded (`replayed`).
 * `forUser` is the account the pack was entered under: a queued pack is never
 * saved into another account (a shared device where someone else signed in).
 */
export async function recordPackOpening(actor: Actor, cardIds: string[], opts: { clientId?: string; forUser?: string } = {}): Promise<PackOpeningDTO> {
  const user = requireActor(actor);
  if (opts.forUser && opts.forUser !== user.id) {
    throw new CollectionError("collection/other-account", "This pack was entered under another account on this device. Sign in as that account to save it.");
  }
  const { clientId } = opts;
  if (clientId) {
    const existing = await packByClientId(user.id, clientId);
    if (existing) return { ...toPackDTO(existing, false), replayed: true };
  }
  const counts = new Map<string, number>();
  for (const id of cardIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  let pack;
  try {
    pack = await db.$transaction(async (tx) => {
      await assertCardsExist(tx, [...counts.keys()]);
      const created = await tx.packOpening.create({
        data: { userId: user.id, clientId, cards: { create: [...counts].map(([cardId, quantity]) => ({ cardId, quantity })) } },
        include: packInclude,
      });
      for (const [cardId, quantity] of counts) await applyDelta(tx, user.id, cardId, quantity);
      return created;
    });
  } catch (err) {
    const existing = clientId && isClientIdClash(err) ? await packByClientId(user.id, clientId) : null;
    if (existing) return { ...toPackDTO(existing, false), replayed: true };
    throw err;
  }
  await invalidate([userTag(user.id)]);
  return toPackDTO(pack, true);
}

/** The current user's latest pack opening that is not undone, or null. */
async function lastOpenPack(tx: Tx, userId: string) {
  return tx.packOpening.findFirst({
    where: { userId, undoneAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: packInclude,
  });
}

/**
 * Undoes the current user's last pack: subtracts exactly what it added and
 * marks it undone, in one transaction. Refuses (changing nothing) when a
 * count would go below zero because copies were removed since. With
 * `expectedPackId`, refuses unless that pack is the user's last one.
 */
export async function undoLastPackOpening(actor: Actor, expectedPackId?: string): Promise<PackOpeningDTO> {
  const user = requireActor(actor);
  const pack = await db.$transaction(async (tx) => {
    const last = await lastOpenPack(tx, user.id);
    if (!last) throw new CollectionError("collection/no-pack", "There is no pack opening to undo.");
    if (expectedPackId && last.id !== expectedPackId) {
      throw new CollectionError("collection/not-last-pack", "Only your most recent pack opening can be undone.");
    }
    const claimed = await tx.packOpening.updateMany({ where: { id: last.id, userId: user.id, undoneAt: null }, data: { undoneAt: new Date() } });
    if (claimed.count !== 1) throw new CollectionError("collection/no-pack", "That pack opening was already undone.");
    const short: string[] = [];
    for (const c of last.cards) {
      const removed = await tx.collectionEntry.updateMany({
        where: { userId: user.id, cardId: c.cardId, quantity: { gte: c.quantity } },
        data: { quantity: { decrement: c.quantity } },
      });
      if (removed.count !== 1) short.push(`${c.card.title} (${cardKey(c.card.set.code, c.card.number)})`);
    }
    if (short.length) {
      throw new CollectionError(
        "collection/undo-below-zero",
        `Cannot undo: you now own fewer copies than this pack added of ${short.join(", ")}. Nothing was changed.`,
      );
    }
    await trimToTotals(tx, user.id, last.cards.map((c) => c.cardId));
    return { ...last, undoneAt: new Date() };
  });
  await invalidate([userTag(user.id)]);
  return toPackDTO(pack, false);
}

/** The current user's pack openings, newest first; only the last one not undone can be undone. */
export async function listPackOpenings(actor: Actor, opts: { take?: number } = {}): Promise<PackOpeningDTO[]> {
  const user = requireActor(actor);
  const packs = await db.packOpening.findMany({
    where: { userId: user.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: packInclude,
    take: Math.min(opts.take ?? 100, 500),
  });
  const undoable = packs.find((p) => p.undoneAt === null)?.id;
  return packs.map((p) => toPackDTO(p, p.id === undoable));
}
