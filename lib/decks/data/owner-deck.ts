import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { plainDate, plainQuery } from "@/lib/server/db/plain-sql";
import { colorsFromMask } from "@/lib/catalog/colors";
import { cardKey } from "@/lib/catalog/keys";
import { shownImageUrl } from "@/lib/server/security-headers";
import type { CardDTO } from "@/lib/catalog/card-types";

/**
 * The deck editor's reads in plain SQL (lib/server/db/plain-sql.ts): the page
 * runs them on every view, and each Prisma request is compiled anew
 * (bench:http --mode editor). One query for the deck, one for its cards with
 * their set and the owner's copies (only the deck's cards, never the
 * collection), one for their traits. The caller has checked nothing: every
 * query is restricted to the owner's deck.
 */

type DeckHead = { id: string; ownerId: string; name: string; description: string; visibility: string; shareSlug: string; version: number; updatedAt: string; ownerName: string };
export type OwnerDeckRow = DeckHead & { cards: { card: CardDTO; quantity: number; owned: number }[] };

type CardRow = {
  id: string;
  quantity: unknown;
  owned: unknown;
  number: unknown;
  title: string;
  colorMask: unknown;
  rings: unknown;
  rarity: string;
  text: string;
  effect: string | null;
  imageUrl: string | null;
  setCode: string;
  setName: string;
  unofficial: unknown;
};

/** A boolean as either database returns it (SQLite: 0/1, possibly as a string). */
function bool(v: unknown): boolean {
  return v === true || v === 1 || v === "1" || v === 1n;
}

/** Whether `userId` owns the deck (one indexed lookup: the ownership check of the editor's other reads). */
export async function ownsDeck(userId: string, deckId: string): Promise<boolean> {
  const rows = await plainQuery(Prisma.sql`SELECT 1 AS "one" FROM "Deck" WHERE "id" = ${deckId} AND "ownerId" = ${userId}`);
  return rows.length > 0;
}

/** The owner's deck with its cards and the owner's copies of them, or null when it is not theirs. */
export async function ownerDeckRow(userId: string, deckId: string): Promise<OwnerDeckRow | null> {
  const [head] = await plainQuery<Omit<DeckHead, "version" | "updatedAt"> & { version: unknown; updatedAt: unknown }>(Prisma.sql`
    SELECT d."id", d."ownerId", d."name", d."description", d."visibility", d."shareSlug", d."version", d."updatedAt", u."displayName" AS "ownerName"
    FROM "Deck" d JOIN "User" u ON u."id" = d."ownerId" WHERE d."id" = ${deckId} AND d."ownerId" = ${userId}`);
  if (!head) return null;
  const [rows, traits] = await Promise.all([
    plainQuery<CardRow>(Prisma.sql`
      SELECT c."id", dc."quantity", COALESCE(ce."quantity", 0) AS "owned", c."number", c."title", c."colorMask", c."rings", c."rarity", c."text", c."effect", c."imageUrl",
             s."code" AS "setCode", s."name" AS "setName", s."unofficial"
      FROM "DeckCard" dc JOIN "Card" c ON c."id" = dc."cardId" JOIN "CardSet" s ON s."id" = c."setId"
      LEFT JOIN "CollectionEntry" ce ON ce."userId" = ${userId} AND ce."cardId" = dc."cardId"
      WHERE dc."deckId" = ${deckId}`),
    plainQuery<{ cardId: string; trait: string }>(Prisma.sql`
      SELECT t."cardId", t."trait" FROM "CardTrait" t JOIN "DeckCard" dc ON dc."cardId" = t."cardId" WHERE dc."deckId" = ${deckId} ORDER BY t."cardId", t."traitKey"`),
  ]);
  const traitsOf = new Map<string, string[]>();
  for (const t of traits) (traitsOf.get(t.cardId) ?? traitsOf.set(t.cardId, []).get(t.cardId)!).push(t.trait);
  const cards = rows.map((r) => {
    const number = Number(r.number);
    const card: CardDTO = {
      id: r.id,
      set: r.setCode,
      setName: r.setName,
      unofficial: bool(r.unofficial),
      number,
      key: cardKey(r.setCode, number),
      title: r.title,
      traits: traitsOf.get(r.id) ?? [],
      colors: colorsFromMask(Number(r.colorMask)),
      rings: Number(r.rings),
      rarity: r.rarity,
      text: r.text,
      effect: r.effect ? (JSON.parse(r.effect) as unknown) : null,
      imageUrl: shownImageUrl(r.imageUrl),
    };
    return { card, quantity: Number(r.quantity), owned: Number(r.owned) };
  });
  return { ...head, version: Number(head.version), updatedAt: plainDate(head.updatedAt).toISOString(), cards };
}
