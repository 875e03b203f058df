import "server-only";
import { db } from "@/lib/server/db/db";
import { titleKey } from "@/lib/catalog/keys";
import type { CardDTO } from "@/lib/catalog/card-types";
import type { PublicDeckUse } from "@/lib/catalog/types";
import { cardInclude, toCardDTO } from "@/lib/catalog/data/cards";
import { requireActor, type Actor } from "@/lib/server/actor";

/** Public: one card by set code and number (the number may be zero-padded in the URL). */
export async function getCardBySetNumber(set: string, number: string): Promise<CardDTO | null> {
  if (!/^\d{1,6}$/.test(number) || !/^[A-Za-z0-9-]{1,20}$/.test(set)) return null;
  const row = await db.card.findFirst({ where: { set: { code: set.toUpperCase() }, number: Number(number) }, include: cardInclude });
  return row ? toCardDTO(row) : null;
}

/** Public: one card by id. */
export async function getCardById(id: string): Promise<CardDTO | null> {
  const row = await db.card.findUnique({ where: { id }, include: cardInclude });
  return row ? toCardDTO(row) : null;
}

/** How many other printings a card page shows (then a link to the search for all of them). */
export const PRINTINGS_SHOWN = 12;

/** Public: other printings of the same title (any set): the first PRINTINGS_SHOWN, and one more when there are more. */
export async function otherPrintings(card: Pick<CardDTO, "id" | "title">): Promise<CardDTO[]> {
  const rows = await db.card.findMany({
    where: { titleKey: titleKey(card.title), id: { not: card.id } },
    include: cardInclude,
    orderBy: [{ set: { code: "asc" } }, { number: "asc" }],
    take: PRINTINGS_SHOWN + 1,
  });
  return rows.map(toCardDTO);
}

export type DeckUse = { id: string; name: string; quantity: number; shareSlug: string; visibility: string };

/** Public: the public decks using a card (others' private and unlisted decks never appear). Reads no session: card pages are cached for everyone. */
export async function publicCardUsage(cardId: string): Promise<PublicDeckUse[]> {
  const rows = await db.deckCard.findMany({
    where: { cardId, deck: { visibility: "public" } },
    select: { quantity: true, deck: { select: { name: true, shareSlug: true, owner: { select: { displayName: true } } } } },
    orderBy: { deck: { updatedAt: "desc" } },
    take: 20,
  });
  return rows.map((r) => ({ name: r.deck.name, shareSlug: r.deck.shareSlug, owner: r.deck.owner.displayName, quantity: r.quantity }));
}

export type MyCardUsage = { owned: number; myDecks: DeckUse[] };

/** The signed-in user's copies of a card and their decks using it (private ones included, they are theirs). */
export async function myCardUsage(actor: Actor, cardId: string): Promise<MyCardUsage> {
  const user = requireActor(actor);
  const [entry, mine] = await Promise.all([
    db.collectionEntry.findUnique({ where: { userId_cardId: { userId: user.id, cardId } }, select: { quantity: true } }),
    db.deckCard.findMany({
      where: { cardId, deck: { ownerId: user.id } },
      select: { quantity: true, deck: { select: { id: true, name: true, shareSlug: true, visibility: true } } },
      orderBy: { deck: { updatedAt: "desc" } },
      take: 200,
    }),
  ]);
  return {
    owned: entry?.quantity ?? 0,
    myDecks: mine.map((r) => ({ id: r.deck.id, name: r.deck.name, shareSlug: r.deck.shareSlug, visibility: r.deck.visibility, quantity: r.quantity })),
  };
}

// Owned quantities change only through lib/collection/data (guarded atomic updates).
