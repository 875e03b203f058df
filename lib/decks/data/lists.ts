import "server-only";
import { db } from "@/lib/server/db/db";
import { publicDeckNameContains, titleKeyContains } from "@/lib/server/db/literal-match";
import type { Prisma } from "@/lib/generated/prisma/client";
import { requireActor, type Actor } from "@/lib/server/actor";
import { colorsFromMask } from "@/lib/catalog/colors";
import { cardKey, titleKey } from "@/lib/catalog/keys";
import { checkEntries } from "@/lib/decks/rules";
import { isVisibility } from "@/lib/decks/schemas";
import type { DeckSummaryDTO } from "@/lib/decks/types";
import type { DeckSort } from "@/lib/community/types";

/** Deck lists: the signed-in user's decks and the public ones. */

function summarise(row: {
  id: string;
  name: string;
  visibility: string;
  shareSlug: string;
  updatedAt: Date;
  ownerId: string;
  owner: { displayName: string };
  stats: { likes: number; views: number; copies: number; comments: number } | null;
  cards: { quantity: number; card: { id: string; title: string; colorMask: number; set: { code: string }; number: number } }[];
}): DeckSummaryDTO {
  let mask = 0;
  for (const c of row.cards) mask |= c.card.colorMask;
  const check = checkEntries(row.cards.map((c) => ({ card: { id: c.card.id, key: cardKey(c.card.set.code, c.card.number), title: c.card.title }, quantity: c.quantity })));
  return {
    id: row.id,
    name: row.name,
    visibility: isVisibility(row.visibility) ? row.visibility : "private",
    shareSlug: row.shareSlug,
    total: check.total,
    legal: check.legal,
    legalSummary: check.summary,
    colors: colorsFromMask(mask),
    updatedAt: row.updatedAt.toISOString(),
    ownerId: row.ownerId,
    ownerName: row.owner.displayName,
    counts: row.stats ? { likes: row.stats.likes, views: row.stats.views, copies: row.stats.copies, comments: row.stats.comments } : { likes: 0, views: 0, copies: 0, comments: 0 },
  };
}

const summaryInclude = {
  owner: { select: { displayName: true } },
  stats: true,
  cards: { select: { quantity: true, card: { select: { id: true, title: true, colorMask: true, number: true, set: { select: { code: true } } } } } },
} satisfies Prisma.DeckInclude;

/** An author's public name, or null when no such account exists. Their email and anything private stay out. */
export async function getAuthor(id: string): Promise<{ id: string; displayName: string; since: string } | null> {
  const u = await db.user.findUnique({ where: { id: id.slice(0, 64) }, select: { id: true, displayName: true, createdAt: true } });
  return u ? { id: u.id, displayName: u.displayName, since: u.createdAt.toISOString() } : null;
}

/** Most decks listMyDecks returns (the newest ones). */
const MY_DECKS_MAX = 500;

/**
 * The signed-in user's decks, most recently edited first. Two flat reads (the
 * decks with their counters, then the card lines of those decks) instead of a
 * nested include: /decks and the lab run this on every request, and Prisma
 * compiles and joins a nested include anew each time.
 */
export async function listMyDecks(actor: Actor): Promise<DeckSummaryDTO[]> {
  const user = requireActor(actor);
  const [decks, lines] = await Promise.all([
    db.$queryRaw<
      {
        id: string;
        name: string;
        visibility: string;
        shareSlug: string;
        updatedAt: Date | string;
        likes: number | bigint | null;
        views: number | bigint | null;
        copies: number | bigint | null;
        comments: number | bigint | null;
      }[]
    >`SELECT d."id", d."name", d."visibility", d."shareSlug", d."updatedAt", st."likes", st."views", st."copies", st."comments"
      FROM "Deck" d LEFT JOIN "DeckStats" st ON st."deckId" = d."id"
      WHERE d."ownerId" = ${user.id}
      ORDER BY d."updatedAt" DESC, d."id" ASC
      LIMIT ${MY_DECKS_MAX}`,
    db.$queryRaw<{ deckId: string; quantity: number | bigint; cardId: string; title: string; colorMask: number | bigint; number: number | bigint; setCode: string }[]>`
      SELECT dc."deckId", dc."quantity", c."id" AS "cardId", c."title", c."colorMask", c."number", s."code" AS "setCode"
      FROM "Deck" d JOIN "DeckCard" dc ON dc."deckId" = d."id" JOIN "Card" c ON c."id" = dc."cardId" JOIN "CardSet" s ON s."id" = c."setId"
      WHERE d."ownerId" = ${user.id}
      ORDER BY dc."deckId", dc."cardId"`,
  ]);
  const cardsOf = new Map<string, Parameters<typeof summarise>[0]["cards"]>();
  for (const l of lines) {
    const line = { quantity: Number(l.quantity), card: { id: l.cardId, title: l.title, colorMask: Number(l.colorMask), number: Number(l.number), set: { code: l.setCode } } };
    const list = cardsOf.get(l.deckId);
    if (list) list.push(line);
    else cardsOf.set(l.deckId, [line]);
  }
  return decks.map((d) =>
    summarise({
      id: d.id,
      name: d.name,
      visibility: d.visibility,
      shareSlug: d.shareSlug,
      updatedAt: new Date(d.updatedAt),
      ownerId: user.id,
      owner: { displayName: user.displayName },
      stats: d.likes === null ? null : { likes: Number(d.likes), views: Number(d.views), copies: Number(d.copies), comments: Number(d.comments) },
      cards: cardsOf.get(d.id) ?? [],
    }),
  );
}

/** The order of each sort of /decks/public; ties go to the most recently updated deck. */
const SORT_ORDER = {
  new: [{ updatedAt: "desc" }, { id: "asc" }],
  popular: [{ stats: { views: "desc" } }, { updatedAt: "desc" }, { id: "asc" }],
  liked: [{ stats: { likes: "desc" } }, { updatedAt: "desc" }, { id: "asc" }],
} satisfies Record<DeckSort, Prisma.DeckOrderByWithRelationInput[]>;

/**
 * Public decks only (never unlisted or private), searchable by deck name and by
 * a card title in the deck (both matched literally: `%` and `_` are plain
 * characters), or one author's; newest, most viewed or most liked first.
 */
export async function listPublicDecks(opts: { name?: string; card?: string; ownerId?: string; sort?: DeckSort; take?: number } = {}): Promise<DeckSummaryDTO[]> {
  const name = opts.name?.trim().slice(0, 100);
  const card = opts.card ? titleKey(opts.card).slice(0, 100) : undefined;
  const rows = await db.deck.findMany({
    where: {
      visibility: "public",
      ...(opts.ownerId ? { ownerId: opts.ownerId.slice(0, 64) } : {}),
      ...(name ? await publicDeckNameContains(name) : {}),
      ...(card ? { cards: { some: { card: await titleKeyContains(card) } } } : {}),
    },
    include: summaryInclude,
    orderBy: SORT_ORDER[opts.sort ?? "new"],
    take: Math.min(opts.take ?? 60, 200),
  });
  return rows.map(summarise);
}
