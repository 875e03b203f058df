import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { cardInclude, toCardDTO } from "@/lib/dal/cards";
import { cardOrderBy, cardWhereFromQuery, normaliseSearchParams, type SortDir, type SortKey } from "@/lib/dal/card-search";
import type { QueryError } from "@/lib/search";
import { requireUser } from "@/lib/dal/session";
import { cardKey, titleKey } from "@/lib/cards/keys";
import { COLORS, colorsFromMask, type Color } from "@/lib/cards/colors";
import { RARITIES } from "@/lib/cards/rarity";
import type { CardDTO } from "@/lib/cards/types";
import { MAX_QUANTITY, PLAYSET, type ImportMode, type OwnershipFilter, type TransferFormat } from "@/lib/validation/collection";
import { parseCollectionFile, type ExportRow, type FileErrorCode, type RowError, type TransferRow } from "@/lib/collection/transfer";

/**
 * The signed-in user's collection. Every exported function reads the owner
 * from the session (requireUser) and never takes a user id from its caller,
 * so no forged field can reach another user's rows.
 */

export type CollectionErrorCode =
  | "collection/unknown-card"
  | "collection/below-zero"
  | "collection/too-many"
  | "collection/no-pack"
  | "collection/not-last-pack"
  | "collection/undo-below-zero"
  | "collection/import-invalid"
  | "collection/busy"
  | FileErrorCode;

/** A refusal the user can read; actions turn it into an ActionResult. Nothing was changed when it is thrown. */
export class CollectionError extends Error {
  constructor(
    public readonly code: CollectionErrorCode,
    message: string,
  ) {
    super(message);
  }
}

type Tx = Prisma.TransactionClient;

export type OwnedCardDTO = CardDTO & { quantity: number };

function ownershipWhere(userId: string, filter: OwnershipFilter): Prisma.CardWhereInput {
  switch (filter) {
    case "owned":
      return { collection: { some: { userId, quantity: { gt: 0 } } } };
    case "missing":
      return { collection: { none: { userId, quantity: { gt: 0 } } } };
    case "duplicates":
      return { collection: { some: { userId, quantity: { gt: PLAYSET } } } };
    default:
      return {};
  }
}

export type CollectionSummary = { distinctOwned: number; copies: number; catalog: number; tradeable: number };

export type CollectionPage =
  | {
      ok: true;
      cards: OwnedCardDTO[];
      /** cards matching the filter and query */
      total: number;
      page: number;
      pageSize: number;
      sort: SortKey;
      dir: SortDir;
      /** counts over the whole collection (not the filter): distinct cards owned, copies owned, catalog size, tradeable extras */
      summary: CollectionSummary;
    }
  | { ok: false; error: QueryError; summary: CollectionSummary };

const COLLECTION_PAGE_SIZE = 120;

async function collectionSummary(userId: string): Promise<CollectionSummary> {
  const [agg, catalog, distinctOwned, tradeable] = await Promise.all([
    db.collectionEntry.aggregate({ where: { userId }, _sum: { quantity: true } }),
    db.card.count(),
    db.collectionEntry.count({ where: { userId, quantity: { gt: 0 } } }),
    db.collectionEntry.aggregate({ where: { userId, quantity: { gt: PLAYSET } }, _sum: { quantity: true }, _count: true }),
  ]);
  return { distinctOwned, copies: agg._sum.quantity ?? 0, catalog, tradeable: (tradeable._sum.quantity ?? 0) - PLAYSET * tradeable._count };
}

/**
 * The current user's view of the catalog with owned quantities: the catalog's
 * search language (`q`, via lib/dal/card-search) ANDed with an ownership
 * filter (owned / missing / duplicates beyond a playset).
 */
export async function listCollection(
  opts: { filter?: OwnershipFilter; q?: string; sort?: string; dir?: string; page?: number | string } = {},
): Promise<CollectionPage> {
  const user = await requireUser();
  const filter = opts.filter ?? "all";
  const { q, sort, dir, page, pageSize } = normaliseSearchParams({ q: opts.q, sort: opts.sort, dir: opts.dir, page: opts.page, pageSize: COLLECTION_PAGE_SIZE });
  const built = cardWhereFromQuery(q);
  if (!built.ok) return { ok: false, error: built.error, summary: await collectionSummary(user.id) };
  const where: Prisma.CardWhereInput = { AND: [ownershipWhere(user.id, filter), built.where] };
  const [rows, total, summary] = await Promise.all([
    db.card.findMany({
      where,
      include: { ...cardInclude, collection: { where: { userId: user.id }, select: { quantity: true } } },
      orderBy: cardOrderBy(sort, dir),
      take: pageSize,
      skip: (page - 1) * pageSize,
    }),
    db.card.count({ where }),
    collectionSummary(user.id),
  ]);
  return {
    ok: true,
    cards: rows.map((r) => ({ ...toCardDTO(r), quantity: r.collection[0]?.quantity ?? 0 })),
    total,
    page,
    pageSize,
    sort,
    dir,
    summary,
  };
}

/** Quantities the current user owns of the given cards (0 for cards not owned). */
export async function ownedQuantities(cardIds: string[]): Promise<Record<string, number>> {
  const user = await requireUser();
  const rows = await db.collectionEntry.findMany({ where: { userId: user.id, cardId: { in: cardIds } }, select: { cardId: true, quantity: true } });
  const out: Record<string, number> = Object.fromEntries(cardIds.map((id) => [id, 0]));
  for (const r of rows) out[r.cardId] = r.quantity;
  return out;
}

async function cardLabel(tx: Tx, cardId: string): Promise<string> {
  const card = await tx.card.findUnique({ where: { id: cardId }, select: { title: true, number: true, set: { select: { code: true } } } });
  return card ? `${card.title} (${cardKey(card.set.code, card.number)})` : "this card";
}

/**
 * Adds `delta` copies (negative to remove) to one entry as one guarded UPDATE
 * (quantity = quantity + delta WHERE the result stays within 0..MAX), so
 * concurrent steps are never lost and the count never goes below zero.
 */
async function applyDelta(tx: Tx, userId: string, cardId: string, delta: number, attempt = 0): Promise<number> {
  const guard: Prisma.IntFilter = delta >= 0 ? { lte: MAX_QUANTITY - delta } : { gte: -delta };
  const updated = await tx.collectionEntry.updateMany({
    where: { userId, cardId, quantity: guard },
    data: { quantity: { increment: delta } },
  });
  if (updated.count === 0) {
    const existing = await tx.collectionEntry.findUnique({ where: { userId_cardId: { userId, cardId } }, select: { quantity: true } });
    if (existing) {
      if (delta < 0 && existing.quantity < -delta) {
        throw new CollectionError("collection/below-zero", `You own ${existing.quantity} of ${await cardLabel(tx, cardId)}; you cannot remove ${-delta}.`);
      }
      if (delta >= 0 && existing.quantity > MAX_QUANTITY - delta) throw new CollectionError("collection/too-many", `At most ${MAX_QUANTITY} copies of one card.`);
      // The row was created by another transaction that committed after our
      // update looked (PostgreSQL, read committed): apply the change to it now.
      if (attempt < 3) return applyDelta(tx, userId, cardId, delta, attempt + 1);
      throw new CollectionError("collection/busy", "Your collection is being changed elsewhere; try again.");
    }
    if (delta < 0) throw new CollectionError("collection/below-zero", `You own no copies of ${await cardLabel(tx, cardId)}.`);
    // No row yet: make sure one exists, then apply the guarded increment to it.
    // ON CONFLICT DO NOTHING (same SQL on SQLite and PostgreSQL) cannot fail when
    // another request creates the row first; a failed create would, and on
    // PostgreSQL it would also abort the whole transaction.
    await tx.$executeRaw`INSERT INTO "CollectionEntry" ("userId", "cardId", "quantity", "updatedAt")
      VALUES (${userId}, ${cardId}, 0, ${new Date()}) ON CONFLICT ("userId", "cardId") DO NOTHING`;
    return applyDelta(tx, userId, cardId, delta, attempt + 1);
  }
  const row = await tx.collectionEntry.findUniqueOrThrow({ where: { userId_cardId: { userId, cardId } }, select: { quantity: true } });
  return row.quantity;
}

/**
 * Adds quantities to the user's rows ("add"), or sets them ("set"), creating
 * missing rows: one INSERT … ON CONFLICT DO UPDATE per chunk, the same SQL on
 * SQLite and PostgreSQL. A row another request creates meanwhile is added to,
 * never a unique-key failure (which on PostgreSQL would abort the transaction).
 */
async function upsertQuantities(tx: Tx, userId: string, rows: { cardId: string; quantity: number }[], mode: "add" | "set"): Promise<void> {
  const now = new Date();
  const update = mode === "add" ? Prisma.sql`"quantity" = "CollectionEntry"."quantity" + excluded."quantity"` : Prisma.sql`"quantity" = excluded."quantity"`;
  // 4 parameters a row: chunks stay under SQLite's bound-parameter limit (999 on older builds)
  for (let i = 0; i < rows.length; i += 200) {
    const values = Prisma.join(rows.slice(i, i + 200).map((r) => Prisma.sql`(${userId}, ${r.cardId}, ${r.quantity}, ${now})`));
    await tx.$executeRaw`INSERT INTO "CollectionEntry" ("userId", "cardId", "quantity", "updatedAt") VALUES ${values}
      ON CONFLICT ("userId", "cardId") DO UPDATE SET ${update}, "updatedAt" = excluded."updatedAt"`;
  }
}

async function assertCardsExist(tx: Tx, cardIds: string[]): Promise<void> {
  const unique = [...new Set(cardIds)];
  const found = await tx.card.count({ where: { id: { in: unique } } });
  if (found !== unique.length) throw new CollectionError("collection/unknown-card", "That card is not in the catalog.");
}

/** + / −: changes the current user's copies of one card; returns the new quantity. */
export async function adjustOwned(cardId: string, delta: number): Promise<number> {
  const user = await requireUser();
  return db.$transaction(async (tx) => {
    await assertCardsExist(tx, [cardId]);
    return applyDelta(tx, user.id, cardId, delta);
  });
}

/** A typed quantity: sets the current user's copies of one card (0 removes the entry). */
export async function setOwned(cardId: string, quantity: number): Promise<number> {
  const user = await requireUser();
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY) {
    throw new CollectionError("collection/too-many", `Quantity must be a whole number from 0 to ${MAX_QUANTITY}.`);
  }
  return db.$transaction(async (tx) => {
    await assertCardsExist(tx, [cardId]);
    if (quantity === 0) {
      await tx.collectionEntry.deleteMany({ where: { userId: user.id, cardId } });
      return 0;
    }
    const row = await tx.collectionEntry.upsert({
      where: { userId_cardId: { userId: user.id, cardId } },
      create: { userId: user.id, cardId, quantity },
      update: { quantity },
      select: { quantity: true },
    });
    return row.quantity;
  });
}

/** A card offered by the booster-entry combobox. */
export type LookupCardDTO = {
  id: string;
  key: string;
  set: string;
  number: number;
  title: string;
  colors: Color[];
  rarity: string;
  owned: number;
};

const LOOKUP_LIMIT = 8;

/** The set code new numbers default to in booster entry: the set with the most cards (DEMO in the shipped catalog). */
export async function defaultSetCode(): Promise<string> {
  await requireUser();
  const sets = await db.cardSet.findMany({ select: { code: true, _count: { select: { cards: true } } } });
  sets.sort((a, b) => b._count.cards - a._count.cards || a.code.localeCompare(b.code));
  return sets[0]?.code ?? "DEMO";
}

/**
 * Finds cards for fast entry by number ("7", "007", "DEMO-7", "demo 007") or a
 * title fragment ("knu"); exact number matches first. Signed-in users only
 * (the answer carries their owned counts).
 */
export async function lookupCards(term: string): Promise<LookupCardDTO[]> {
  const user = await requireUser();
  const q = term.trim().slice(0, 60);
  if (!q) return [];
  const numbered = /^()#?(\d{1,5})$/.exec(q) ?? /^([a-z0-9][a-z0-9-]{0,11}?)[\s-]+#?(\d{1,5})$/i.exec(q);
  const conditions: Prisma.CardWhereInput[] = [{ titleKey: { contains: titleKey(q) } }];
  if (numbered) {
    const n = Number(numbered[2]);
    const setCode = numbered[1] ? numbered[1].toUpperCase() : undefined;
    conditions.push(setCode ? { number: n, set: { code: setCode } } : { number: n });
  }
  const rows = await db.card.findMany({
    where: { OR: conditions },
    include: { set: { select: { code: true } }, collection: { where: { userId: user.id }, select: { quantity: true } } },
    orderBy: [{ set: { code: "asc" } }, { number: "asc" }],
    take: 50,
  });
  const exactNumber = numbered ? Number(numbered[2]) : null;
  const ql = titleKey(q);
  const rank = (r: (typeof rows)[number]) => (r.number === exactNumber ? 0 : r.titleKey.startsWith(ql) ? 1 : 2);
  return rows
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, LOOKUP_LIMIT)
    .map((r) => ({
      id: r.id,
      key: cardKey(r.set.code, r.number),
      set: r.set.code,
      number: r.number,
      title: r.title,
      colors: colorsFromMask(r.colorMask),
      rarity: r.rarity,
      owned: r.collection[0]?.quantity ?? 0,
    }));
}

export type PackCardDTO = { cardId: string; key: string; title: string; quantity: number };
export type PackOpeningDTO = { id: string; createdAt: string; undoneAt: string | null; cardCount: number; cards: PackCardDTO[]; canUndo: boolean };

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

/**
 * Records a pack opening (the cards as entered, a card may repeat) and adds
 * its cards to the current user's collection, all in one transaction.
 */
export async function recordPackOpening(cardIds: string[]): Promise<PackOpeningDTO> {
  const user = await requireUser();
  const counts = new Map<string, number>();
  for (const id of cardIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  const pack = await db.$transaction(async (tx) => {
    await assertCardsExist(tx, [...counts.keys()]);
    const created = await tx.packOpening.create({
      data: { userId: user.id, cards: { create: [...counts].map(([cardId, quantity]) => ({ cardId, quantity })) } },
      include: packInclude,
    });
    for (const [cardId, quantity] of counts) await applyDelta(tx, user.id, cardId, quantity);
    return created;
  });
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
export async function undoLastPackOpening(expectedPackId?: string): Promise<PackOpeningDTO> {
  const user = await requireUser();
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
    return { ...last, undoneAt: new Date() };
  });
  return toPackDTO(pack, false);
}

/** The current user's pack openings, newest first; only the last one not undone can be undone. */
export async function listPackOpenings(opts: { take?: number } = {}): Promise<PackOpeningDTO[]> {
  const user = await requireUser();
  const packs = await db.packOpening.findMany({
    where: { userId: user.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: packInclude,
    take: Math.min(opts.take ?? 100, 500),
  });
  const undoable = packs.find((p) => p.undoneAt === null)?.id;
  return packs.map((p) => toPackDTO(p, p.id === undoable));
}

export type CompletionRow = {
  /** the group's value: a set code, a color or a rarity */
  key: string;
  label: string;
  owned: number;
  total: number;
  /** titles of the group with at least PLAYSET copies owned (copies of every printing of the title count) */
  playsets: number;
  titles: number;
};
export type CompletionDTO = { overall: CompletionRow; sets: CompletionRow[]; colors: CompletionRow[]; rarities: CompletionRow[] };

/**
 * Completion of the current user's collection per set, color and rarity:
 * distinct cards owned of the group's cards, and playsets (PLAYSET copies of
 * a title, any printings) of the group's titles. A multi-color card counts
 * toward each of its colors.
 */
export async function collectionCompletion(): Promise<CompletionDTO> {
  const user = await requireUser();
  const [cards, entries] = await Promise.all([
    db.card.findMany({ select: { id: true, titleKey: true, colorMask: true, rarity: true, set: { select: { code: true, name: true } } } }),
    db.collectionEntry.findMany({ where: { userId: user.id, quantity: { gt: 0 } }, select: { cardId: true, quantity: true } }),
  ]);
  const owned = new Map(entries.map((e) => [e.cardId, e.quantity]));
  const copiesByTitle = new Map<string, number>();
  for (const c of cards) copiesByTitle.set(c.titleKey, (copiesByTitle.get(c.titleKey) ?? 0) + (owned.get(c.id) ?? 0));

  type Acc = { label: string; owned: number; total: number; titles: Set<string> };
  const tally = (groups: Map<string, Acc>, key: string, label: string, card: (typeof cards)[number]) => {
    const g = groups.get(key) ?? { label, owned: 0, total: 0, titles: new Set<string>() };
    g.total += 1;
    if ((owned.get(card.id) ?? 0) > 0) g.owned += 1;
    g.titles.add(card.titleKey);
    groups.set(key, g);
  };
  const sets = new Map<string, Acc>();
  const colors = new Map<string, Acc>();
  const rarities = new Map<string, Acc>();
  const overall = new Map<string, Acc>();
  for (const c of cards) {
    tally(overall, "all", "All cards", c);
    tally(sets, c.set.code, `${c.set.code} · ${c.set.name}`, c);
    for (const color of colorsFromMask(c.colorMask)) tally(colors, color, color, c);
    tally(rarities, c.rarity, c.rarity, c);
  }
  const toRow = (key: string, g: Acc): CompletionRow => ({
    key,
    label: g.label,
    owned: g.owned,
    total: g.total,
    titles: g.titles.size,
    playsets: [...g.titles].filter((t) => (copiesByTitle.get(t) ?? 0) >= PLAYSET).length,
  });
  const ordered = (groups: Map<string, Acc>, order?: readonly string[]) =>
    [...groups]
      .sort(([a], [b]) => (order ? (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b) : a.localeCompare(b)))
      .map(([k, g]) => toRow(k, g));
  const all = overall.get("all");
  return {
    overall: all ? toRow("all", all) : { key: "all", label: "All cards", owned: 0, total: 0, titles: 0, playsets: 0 },
    sets: ordered(sets),
    colors: ordered(colors, COLORS),
    rarities: ordered(rarities, RARITIES),
  };
}

/** One card of an import preview: the file rows naming it (merged), and the quantity before and after. */
export type ImportPreviewLine = { rows: number[]; cardId: string; key: string; title: string; quantity: number; current: number; next: number };

export type ImportPreview = {
  mode: ImportMode;
  lines: ImportPreviewLine[];
  errors: RowError[];
  /** cards whose quantity changes, and copies added/removed, when applied */
  summary: { changed: number; added: number; removed: number; removedEntries: number };
  canApply: boolean;
};

type Resolved = { lines: ImportPreviewLine[]; errors: RowError[]; removed: { cardId: string; quantity: number }[]; existing: Set<string> };

async function resolveImport(tx: Tx, userId: string, rows: TransferRow[], mode: ImportMode): Promise<Resolved> {
  const codes = [...new Set(rows.map((r) => r.set))];
  const sets = [];
  for (let i = 0; i < codes.length; i += 400) {
    sets.push(...(await tx.cardSet.findMany({ where: { code: { in: codes.slice(i, i + 400) } }, select: { id: true } })));
  }
  const [cards, entries] = await Promise.all([
    tx.card.findMany({
      where: { setId: { in: sets.map((s) => s.id) } },
      select: { id: true, number: true, title: true, titleKey: true, set: { select: { code: true } } },
    }),
    tx.collectionEntry.findMany({ where: { userId }, select: { cardId: true, quantity: true } }),
  ]);
  const byKey = new Map(cards.map((c) => [`${c.set.code}#${c.number}`, c]));
  const current = new Map(entries.map((e) => [e.cardId, e.quantity]));
  const errors: RowError[] = [];
  const lines = new Map<string, ImportPreviewLine>();
  for (const r of rows) {
    const card = byKey.get(`${r.set}#${r.number}`);
    if (!card) {
      errors.push({ row: r.row, code: "import/unknown-card", message: `No card ${cardKey(r.set, r.number)} in the catalog.` });
      continue;
    }
    if (r.title !== null && titleKey(r.title) !== card.titleKey) {
      errors.push({
        row: r.row,
        code: "import/title-mismatch",
        message: `${cardKey(r.set, r.number)} is "${card.title}" in the catalog, not "${r.title}".`,
      });
      continue;
    }
    const line = lines.get(card.id);
    if (line) {
      line.rows.push(r.row);
      line.quantity += r.quantity;
    } else {
      lines.set(card.id, { rows: [r.row], cardId: card.id, key: cardKey(r.set, r.number), title: card.title, quantity: r.quantity, current: current.get(card.id) ?? 0, next: 0 });
    }
  }
  for (const line of lines.values()) {
    line.next = mode === "add" ? line.current + line.quantity : line.quantity;
    if (line.next > MAX_QUANTITY) {
      errors.push({ row: line.rows[0], code: "import/bad-quantity", message: `${line.key} would reach ${line.next} copies; at most ${MAX_QUANTITY}.` });
    }
  }
  const removed = mode === "replace" ? entries.filter((e) => e.quantity > 0 && !lines.has(e.cardId)) : [];
  errors.sort((a, b) => a.row - b.row);
  return { lines: [...lines.values()].sort((a, b) => a.rows[0] - b.rows[0]), errors, removed, existing: new Set(current.keys()) };
}

function previewOf(mode: ImportMode, r: Resolved): ImportPreview {
  let added = 0;
  let removed = r.removed.reduce((s, e) => s + e.quantity, 0);
  let changed = r.removed.length;
  for (const l of r.lines) {
    if (l.next !== l.current) changed += 1;
    if (l.next > l.current) added += l.next - l.current;
    else removed += l.current - l.next;
  }
  return { mode, lines: r.lines, errors: r.errors, summary: { changed, added, removed, removedEntries: r.removed.length }, canApply: r.errors.length === 0 };
}

function parseOrThrow(format: TransferFormat, text: string) {
  const parsed = parseCollectionFile(format, text);
  if (!parsed.ok) throw new CollectionError(parsed.code, parsed.message);
  return parsed;
}

/** Dry run: what importing the file would do to the current user's collection. Changes nothing. */
export async function previewCollectionImport(format: TransferFormat, text: string, mode: ImportMode): Promise<ImportPreview> {
  const user = await requireUser();
  const parsed = parseOrThrow(format, text);
  const resolved = await resolveImport(db, user.id, parsed.rows, mode);
  return previewOf(mode, { ...resolved, errors: [...parsed.errors, ...resolved.errors].sort((a, b) => a.row - b.row) });
}

/**
 * Applies an import atomically: any row error refuses the whole file and
 * nothing changes. "add" adds each quantity to what is owned; "replace" makes
 * the collection exactly the file (cards not in it drop to none).
 */
export async function applyCollectionImport(format: TransferFormat, text: string, mode: ImportMode): Promise<ImportPreview> {
  const user = await requireUser();
  const parsed = parseOrThrow(format, text);
  if (parsed.errors.length) throw new CollectionError("collection/import-invalid", `The file has ${parsed.errors.length} row error(s); nothing was imported. Run the check to see them.`);
  return db.$transaction(
    async (tx) => {
      const resolved = await resolveImport(tx, user.id, parsed.rows, mode);
      if (resolved.errors.length) {
        throw new CollectionError("collection/import-invalid", `The file has ${resolved.errors.length} row error(s); nothing was imported. Run the check to see them.`);
      }
      if (mode === "replace") await tx.collectionEntry.deleteMany({ where: { userId: user.id } });
      const lines = resolved.lines.filter((l) => l.quantity > 0);
      await upsertQuantities(tx, user.id, lines, mode === "replace" ? "set" : "add");
      return previewOf(mode, resolved);
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

/** Every card the current user owns (quantity above 0), for export. */
export async function exportCollection(): Promise<ExportRow[]> {
  const user = await requireUser();
  const entries = await db.collectionEntry.findMany({
    where: { userId: user.id, quantity: { gt: 0 } },
    select: { quantity: true, card: { select: { number: true, title: true, set: { select: { code: true } } } } },
  });
  return entries.map((e) => ({ set: e.card.set.code, number: e.card.number, title: e.card.title, quantity: e.quantity }));
}
