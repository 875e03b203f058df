import "server-only";
import { db } from "@/lib/db";
import { publicDeckNameContains, titleKeyContains } from "@/lib/dal/literal-match";
import type { Prisma } from "@/lib/generated/prisma/client";
import { requireUser } from "@/lib/dal/session";
import { colorsFromMask } from "@/lib/cards/colors";
import { cardKey, titleKey } from "@/lib/cards/keys";
import { checkEntries } from "@/lib/deck/rules";
import { isVisibility } from "@/lib/validation/deck";
import type { DeckSummaryDTO } from "@/lib/deck/types";
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

/** The signed-in user's decks, most recently edited first. */
export async function listMyDecks(): Promise<DeckSummaryDTO[]> {
  const user = await requireUser();
  const rows = await db.deck.findMany({ where: { ownerId: user.id }, include: summaryInclude, orderBy: { updatedAt: "desc" }, take: 500 });
  return rows.map(summarise);
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
