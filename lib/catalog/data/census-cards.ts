import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { cardFields, traitRows } from "@/lib/catalog/data/catalog-admin";
import { cardPlaceSelect, toCardPlace, type CardPlace } from "@/lib/catalog/data/cache-invalidation";
import type { CatalogCard } from "@/lib/catalog/schemas";

type Tx = Prisma.TransactionClient;

/**
 * Writes a printing the community census verified into the catalog, inside the
 * census's transaction: its set is created as an official set (never the demo
 * set, which the census refuses), and the card is created, or the existing
 * printing at that set and number takes the verified fields. The census's own
 * audit log records the promotion and who verified each field; the catalog's
 * audit log names admins only. Returns the card and its place before (for
 * invalidation).
 */
export async function writeCensusCardTx(tx: Tx, card: CatalogCard): Promise<{ id: string; before: CardPlace | null }> {
  const set = await tx.cardSet.upsert({
    where: { code: card.set },
    create: { code: card.set, name: card.set, unofficial: false, note: "Rebuilt by the community census from photos of real cards." },
    update: {},
  });
  const existing = await tx.card.findUnique({ where: { setId_number: { setId: set.id, number: card.number } }, select: { id: true, ...cardPlaceSelect } });
  if (existing) {
    await tx.cardTrait.deleteMany({ where: { cardId: existing.id } });
    await tx.card.update({ where: { id: existing.id }, data: { ...cardFields(card), traits: { create: traitRows(card) } } });
    return { id: existing.id, before: toCardPlace(existing) };
  }
  const created = await tx.card.create({ data: { ...cardFields(card), setId: set.id, traits: { create: traitRows(card) } }, select: { id: true } });
  return { id: created.id, before: null };
}

/**
 * Writes a verified census correction into the card it corrects, inside the
 * census's transaction. A correction keeps the card's set and number (the
 * census refuses one that changes them), so the set keeps its flags: a demo
 * card corrected this way stays in the unofficial demo set. The card keeps its
 * image (a demo card its drawn face): the correction's photo is the evidence
 * on the census and card pages. Null when the card no longer exists or no
 * longer sits at that set and number.
 */
export async function writeCensusCorrectionTx(tx: Tx, cardId: string, card: CatalogCard): Promise<{ id: string; before: CardPlace | null } | null> {
  const existing = await tx.card.findUnique({ where: { id: cardId }, select: { id: true, imageUrl: true, ...cardPlaceSelect } });
  if (!existing) return null;
  const before = toCardPlace(existing);
  if (!before || before.set !== card.set || before.number !== card.number) return null;
  await tx.cardTrait.deleteMany({ where: { cardId } });
  await tx.card.update({ where: { id: cardId }, data: { ...cardFields(card), imageUrl: existing.imageUrl, traits: { create: traitRows(card) } } });
  return { id: cardId, before };
}
