import "server-only";
import { db } from "@/lib/server/db/db";
import { invalidate } from "@/lib/server/cache/invalidate";
import { userTag } from "@/lib/server/cache/tags";
import { requireActor, type Actor } from "@/lib/server/actor";
import { providerOf } from "@/lib/server/db/db-client";
import { Prisma } from "@/lib/generated/prisma/client";
import { cardKey, titleKey } from "@/lib/catalog/keys";
import { MAX_QUANTITY, type ImportMode, type TransferFormat } from "@/lib/collection/schemas";
import { parseCollectionFile, type RowError, type TransferRow } from "@/lib/collection/transfer";
import { analyzeStaged, applyInOneTransaction, dropImportJob, stageInChunks, startImportJob, STAGE_CHUNK, yieldToEventLoop } from "@/lib/server/db/bulk";
import type { OnImportProgress } from "@/lib/server/import/progress";
import { timeSlicer } from "@/lib/server/import/time-slice";
import type { ImportPreview, ImportPreviewLine } from "@/lib/collection/types";
import type { ImportSource } from "@/lib/collection/csv-sources";
import { closestPrintings, printingIndex, withClosest, type CatalogPrinting } from "@/lib/collection/closest";
import { MAX_BINDERS, NO_DETAILS, sameDetails, type CopyDetails } from "@/lib/collection/copies";
import { DEFAULT_BINDER_NAME } from "@/lib/collection/types";
import { addToLot, trimToTotals } from "./lots";
import { CollectionError, type Tx } from "./errors";

/**
 * The collection import's work, for a user the caller has already
 * authenticated: lib/collection/data/transfer.ts (which reads the session) and
 * the crash test's child process call it. Not exported from the collection
 * DAL's index.
 */

/** Copies of the file that go to a binder or carry details (the rest are plain copies in the default binder). */
type PlacedLot = { cardId: string; binder: string; details: CopyDetails; quantity: number };
type Resolved = { lines: ImportPreviewLine[]; errors: RowError[]; removed: { cardId: string; quantity: number }[]; existing: Set<string>; lots: PlacedLot[]; newBinders: string[] };

/** Rows read per page while resolving a file (each page one short read). */
const READ_PAGE = 500;
/** The apply transaction's limit: past it, everything is rolled back and the import says so. */
const APPLY_TIMEOUT_MS = 60_000;

type CardRow = { id: string; number: number; title: string; titleKey: string; set: { code: string } };

/** Unmatched lines given their closest printings (the rest keep the plain message): bounds the preview's work. */
const MAX_SUGGESTED = 500;

/**
 * Each row's set code: its own when the catalog has that set, else the set its
 * set name names (case-insensitive), else its own (then it matches no card).
 */
async function resolveSetCodes(rows: TransferRow[]): Promise<Map<TransferRow, string>> {
  const sets = await db.cardSet.findMany({ select: { code: true, name: true } });
  const codes = new Set(sets.map((s) => s.code));
  const byName = new Map(sets.map((s) => [titleKey(s.name), s.code]));
  return new Map(rows.map((r) => [r, codes.has(r.set) ? r.set : ((r.setName && byName.get(titleKey(r.setName))) ?? r.set)]));
}

/** The whole catalog's printings, read in pages, for the closest names of unmatched lines. */
async function readCatalog(): Promise<CatalogPrinting[]> {
  const out: CatalogPrinting[] = [];
  for (let cursor: string | undefined; ; ) {
    const page = await db.card.findMany({
      select: { id: true, number: true, title: true, titleKey: true, set: { select: { code: true } } },
      orderBy: { id: "asc" },
      take: READ_PAGE,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    if (!page.length) return out;
    out.push(...page.map((c) => ({ set: c.set.code, number: c.number, title: c.title, titleKey: c.titleKey })));
    cursor = page[page.length - 1].id;
    await yieldToEventLoop();
  }
}

/** The cards of the named sets and the user's entries, read in pages (never one long read). */
async function readForImport(userId: string, codes: string[], onProgress: OnImportProgress) {
  const sets: { id: string }[] = [];
  for (let i = 0; i < codes.length; i += 400) {
    sets.push(...(await db.cardSet.findMany({ where: { code: { in: codes.slice(i, i + 400) } }, select: { id: true } })));
  }
  const where = { setId: { in: sets.map((s) => s.id) } };
  const [cardTotal, entryTotal] = await Promise.all([db.card.count({ where }), db.collectionEntry.count({ where: { userId } })]);
  const total = cardTotal + entryTotal;
  onProgress({ phase: "compare", done: 0, total });
  const cards: CardRow[] = [];
  for (let cursor: string | undefined; ; ) {
    const page = await db.card.findMany({
      where,
      select: { id: true, number: true, title: true, titleKey: true, set: { select: { code: true } } },
      orderBy: { id: "asc" },
      take: READ_PAGE,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    if (!page.length) break;
    cards.push(...page);
    cursor = page[page.length - 1].id;
    onProgress({ phase: "compare", done: Math.min(cards.length, total), total });
    await yieldToEventLoop();
  }
  const entries: { cardId: string; quantity: number }[] = [];
  for (let cursor: string | undefined; ; ) {
    const page = await db.collectionEntry.findMany({
      where: { userId },
      select: { cardId: true, quantity: true },
      orderBy: { cardId: "asc" },
      take: READ_PAGE,
      ...(cursor ? { cursor: { userId_cardId: { userId, cardId: cursor } }, skip: 1 } : {}),
    });
    if (!page.length) break;
    entries.push(...page);
    cursor = page[page.length - 1].cardId;
    onProgress({ phase: "compare", done: Math.min(cards.length + entries.length, total), total });
    await yieldToEventLoop();
  }
  return { cards, entries };
}

/** The actor's side of an import: the file's rows against the catalog and their collection. */
export async function resolveImport(actor: Actor, rows: TransferRow[], mode: ImportMode, onProgress: OnImportProgress): Promise<Resolved> {
  const userId = requireActor(actor).id;
  const setOf = await resolveSetCodes(rows);
  const { cards, entries } = await readForImport(userId, [...new Set(setOf.values())].filter(Boolean), onProgress);
  const byKey = new Map(cards.map((c) => [`${c.set.code}#${c.number}`, c]));
  const current = new Map(entries.map((e) => [e.cardId, e.quantity]));
  const errors: RowError[] = [];
  const lines = new Map<string, ImportPreviewLine>();
  const lotsByCard = new Map<string, PlacedLot[]>();
  /** lines that matched no card, given their closest printings once all rows are read */
  const unmatched: { error: RowError; want: { set: string; number: number; title: string | null } }[] = [];
  const pause = timeSlicer();
  for (const [i, r] of rows.entries()) {
    if (i % STAGE_CHUNK === STAGE_CHUNK - 1) onProgress({ phase: "check", done: i + 1, total: rows.length });
    await pause();
    const set = setOf.get(r) ?? r.set;
    const card = byKey.get(`${set}#${r.number}`);
    if (!card) {
      const named = set ? cardKey(set, r.number) : `#${r.number} of "${r.setName ?? ""}"`;
      const error: RowError = { row: r.row, code: "import/unknown-card", message: `No card ${named}${r.title ? ` (${r.title})` : ""} in the catalog.` };
      errors.push(error);
      unmatched.push({ error, want: { set, number: r.number, title: r.title } });
      continue;
    }
    if (r.title !== null && titleKey(r.title) !== card.titleKey) {
      const error: RowError = { row: r.row, code: "import/title-mismatch", message: `${cardKey(set, r.number)} is "${card.title}" in the catalog, not "${r.title}".` };
      errors.push(error);
      unmatched.push({ error, want: { set, number: r.number, title: r.title } });
      continue;
    }
    if (r.binder || r.details) {
      const binder = r.binder && titleKey(r.binder) === titleKey(DEFAULT_BINDER_NAME) ? "" : (r.binder ?? "");
      const details = r.details ?? NO_DETAILS;
      const same = lotsByCard.get(card.id)?.find((l) => l.binder === binder && sameDetails(l.details, details));
      if (same) same.quantity += r.quantity;
      else if (r.quantity > 0) lotsByCard.set(card.id, [...(lotsByCard.get(card.id) ?? []), { cardId: card.id, binder, details, quantity: r.quantity }]);
    }
    const line = lines.get(card.id);
    if (line) {
      line.rows.push(r.row);
      line.quantity += r.quantity;
    } else {
      lines.set(card.id, { rows: [r.row], cardId: card.id, key: cardKey(set, r.number), title: card.title, quantity: r.quantity, current: current.get(card.id) ?? 0, next: 0 });
    }
  }
  if (unmatched.length) {
    const index = printingIndex(await readCatalog());
    for (const u of unmatched.slice(0, MAX_SUGGESTED)) {
      await pause();
      u.error.message = withClosest(u.error.message, closestPrintings(u.want, index));
    }
  }
  onProgress({ phase: "check", done: rows.length, total: rows.length });
  for (const line of lines.values()) {
    line.next = mode === "add" ? line.current + line.quantity : line.quantity;
    if (line.next > MAX_QUANTITY) {
      errors.push({ row: line.rows[0], code: "import/bad-quantity", message: `${line.key} would reach ${line.next} copies; at most ${MAX_QUANTITY}.` });
    }
  }
  const removed = mode === "replace" ? entries.filter((e) => e.quantity > 0 && !lines.has(e.cardId)) : [];
  const lots = [...lotsByCard.values()].flat();
  const named = [...new Set(lots.map((l) => l.binder).filter(Boolean))];
  const have = new Set((await db.binder.findMany({ where: { userId }, select: { name: true } })).map((b) => titleKey(b.name)));
  const newBinders = named.filter((n) => !have.has(titleKey(n)));
  if (newBinders.length + have.size > MAX_BINDERS) errors.push({ row: rows[0]?.row ?? 1, code: "import/bad-detail", message: `The file names ${newBinders.length} new binders; you can have at most ${MAX_BINDERS}.` });
  errors.sort((a, b) => a.row - b.row);
  return { lines: [...lines.values()].sort((a, b) => a.rows[0] - b.rows[0]), errors, removed, existing: new Set(current.keys()), lots, newBinders };
}

export function previewOf(mode: ImportMode, r: Resolved, source: ImportSource): ImportPreview {
  let added = 0;
  let removed = r.removed.reduce((s, e) => s + e.quantity, 0);
  let changed = r.removed.length;
  for (const l of r.lines) {
    if (l.next !== l.current) changed += 1;
    if (l.next > l.current) added += l.next - l.current;
    else removed += l.current - l.next;
  }
  const placed = r.lots.reduce((n, l) => n + l.quantity, 0);
  return { mode, source, lines: r.lines, errors: r.errors, summary: { changed, added, removed, removedEntries: r.removed.length, placed, newBinders: r.newBinders }, canApply: r.errors.length === 0 };
}

export function parseOrThrow(format: TransferFormat, text: string) {
  const parsed = parseCollectionFile(format, text);
  if (!parsed.ok) throw new CollectionError(parsed.code, parsed.message);
  return parsed;
}

const invalid = (n: number) => new CollectionError("collection/import-invalid", `The file has ${n} row error(s); nothing was imported. Run the check to see them.`);

/**
 * The import for a user the caller has authenticated (applyCollectionImport,
 * and the crash test's child process). Not exported from the collection DAL's
 * index: the app reaches it only through applyCollectionImport.
 *
 * The file is resolved with paged reads, its lines staged in
 * ImportCollectionStage a chunk at a time, then applied in ONE short write
 * transaction (lib/server/db/bulk.ts) of set-based statements: a check for cards
 * deleted meanwhile, for "replace" a delete of the entries the file does not
 * name, then one INSERT … SELECT … ON CONFLICT DO UPDATE per range of staged
 * lines (the same SQL on SQLite and PostgreSQL), and for "add" a check for
 * quantities over the limit. Any failure, a timeout or a kill rolls all of it
 * back.
 */
export async function applyCollectionImportToMine(actor: Actor, format: TransferFormat, text: string, mode: ImportMode, onProgress: OnImportProgress = () => {}): Promise<ImportPreview> {
  const userId = requireActor(actor).id;
  const parsed = parseOrThrow(format, text);
  if (parsed.errors.length) throw invalid(parsed.errors.length);
  const resolved = await resolveImport(actor, parsed.rows, mode, onProgress);
  if (resolved.errors.length) throw invalid(resolved.errors.length);
  const staged = resolved.lines.filter((l) => l.quantity > 0);
  const job = await startImportJob(actor, "collection", staged.length);
  const jobId = job.id;
  try {
    await stageInChunks(
      staged,
      async (chunk, offset) => {
        const values = Prisma.join(chunk.map((l, i) => Prisma.sql`(${jobId}, ${offset + i}, ${l.cardId}, ${l.quantity})`));
        await db.$executeRaw`INSERT INTO "ImportCollectionStage" ("jobId", "seq", "cardId", "quantity") VALUES ${values}`;
      },
      (done) => onProgress({ phase: "stage", done, total: staged.length }),
    );
    await analyzeStaged("collection");
    onProgress({ phase: "apply", done: 0, total: staged.length });
    await applyInOneTransaction(job, staged.length, {
      kind: "collection",
      timeoutMs: APPLY_TIMEOUT_MS,
      onRange: (done) => onProgress({ phase: "apply", done, total: staged.length }),
      prepare: (tx) => checkAndClear(tx, userId, jobId, mode),
      range: (tx, from, to) => applyRange(tx, userId, jobId, from, to, mode === "replace" ? "set" : "add"),
      finish: async (tx) => {
        if (mode === "add") await checkLimit(tx, userId, jobId);
        await applyLots(tx, userId, mode, resolved.lots);
      },
    });
  } finally {
    await dropImportJob(job);
  }
  await invalidate([userTag(userId)]);
  onProgress({ phase: "done", done: staged.length, total: staged.length });
  return previewOf(mode, resolved, parsed.source);
}

/**
 * Inside the apply transaction, before any write: a card of the file deleted
 * from the catalog meanwhile refuses the import; "replace" then deletes the
 * user's entries for cards the file does not name (set-based, in a few
 * statements of at most 5,000 rows).
 */
async function checkAndClear(tx: Tx, userId: string, jobId: string, mode: ImportMode): Promise<void> {
  const [{ n: gone }] = await tx.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM "ImportCollectionStage" s LEFT JOIN "Card" c ON c."id" = s."cardId" WHERE s."jobId" = ${jobId} AND c."id" IS NULL`;
  if (Number(gone)) throw new CollectionError("collection/import-invalid", "A card in the file was deleted from the catalog meanwhile; nothing was imported. Run the check again.");
  if (mode !== "replace") return;
  for (;;) {
    const n = await tx.$executeRaw`DELETE FROM "CollectionEntry" WHERE "userId" = ${userId} AND "cardId" IN (
      SELECT e."cardId" FROM "CollectionEntry" e WHERE e."userId" = ${userId}
        AND NOT EXISTS (SELECT 1 FROM "ImportCollectionStage" s WHERE s."jobId" = ${jobId} AND s."cardId" = e."cardId")
      ORDER BY e."cardId" LIMIT 5000)`;
    if (n === 0) return;
    await yieldToEventLoop();
  }
}

/**
 * Inside the apply transaction, after the totals: the file's binders and
 * per-copy details. "replace" first clears the user's lots (the file is the
 * whole collection); binders the file names are made; then every lot is added
 * (merging with an identical one), and all stays within the totals.
 */
async function applyLots(tx: Tx, userId: string, mode: ImportMode, lots: PlacedLot[]): Promise<void> {
  if (mode === "replace") await tx.collectionLot.deleteMany({ where: { userId } });
  if (lots.length) {
    const existing = await tx.binder.findMany({ where: { userId }, select: { id: true, name: true } });
    const ids = new Map(existing.map((b) => [titleKey(b.name), b.id]));
    for (const name of new Set(lots.map((l) => l.binder).filter(Boolean))) {
      if (ids.has(titleKey(name))) continue;
      const b = await tx.binder.create({ data: { userId, name }, select: { id: true } });
      ids.set(titleKey(name), b.id);
    }
    for (const [i, l] of lots.entries()) {
      await addToLot(tx, userId, l.cardId, l.binder ? ids.get(titleKey(l.binder))! : null, l.details, l.quantity);
      if (i % 200 === 199) await yieldToEventLoop();
    }
  }
  await trimToTotals(tx, userId);
}

/** "add", at the end of the apply transaction: no card may pass the limit (the collection may have changed since the check). */
async function checkLimit(tx: Tx, userId: string, jobId: string): Promise<void> {
  const [{ n: over }] = await tx.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM "CollectionEntry" e JOIN "ImportCollectionStage" s ON s."cardId" = e."cardId"
    WHERE s."jobId" = ${jobId} AND e."userId" = ${userId} AND e."quantity" > ${MAX_QUANTITY}`;
  if (Number(over)) throw new CollectionError("collection/import-invalid", `Some cards would go over ${MAX_QUANTITY} copies (your collection changed since the check); nothing was imported. Run the check again.`);
}

/**
 * One range of staged lines, one statement: adds the quantities ("add") or
 * sets them ("set"), creating missing rows. A row another request creates
 * meanwhile is added to, never a unique-key failure (which on PostgreSQL would
 * abort the transaction).
 */
async function applyRange(tx: Tx, userId: string, jobId: string, from: number, to: number, mode: "add" | "set"): Promise<void> {
  const inRange = Prisma.sql`s."jobId" = ${jobId} AND s."seq" >= ${from} AND s."seq" < ${to}`;
  // a parameter in a SELECT list has no type on PostgreSQL: say it is a timestamp there
  const now = providerOf(tx) === "postgresql" ? Prisma.sql`CAST(${new Date()} AS TIMESTAMP(3))` : Prisma.sql`${new Date()}`;
  const update = mode === "add" ? Prisma.sql`"quantity" = "CollectionEntry"."quantity" + excluded."quantity"` : Prisma.sql`"quantity" = excluded."quantity"`;
  await tx.$executeRaw`INSERT INTO "CollectionEntry" ("userId", "cardId", "quantity", "updatedAt")
    SELECT CAST(${userId} AS TEXT), s."cardId", s."quantity", ${now} FROM "ImportCollectionStage" s WHERE ${inRange} ORDER BY s."cardId"
    ON CONFLICT ("userId", "cardId") DO UPDATE SET ${update}, "updatedAt" = excluded."updatedAt"`;
}
