import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/server/db/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/server/errors";
import { cardKey } from "@/lib/catalog/keys";
import { diffSnapshots } from "@/lib/catalog/snapshot-diff";
import { requireAdminActor, type Actor } from "@/lib/server/actor";
import { cardFields, sameSnapshot, snapshotOf, snapshotOfInput, traitRows } from "@/lib/catalog/data/catalog-admin";
import { invalidateCatalog } from "@/lib/catalog/data/cache-invalidation";
import { analyzeStaged, applyInOneTransaction, dropImportJob, stageInChunks, startImportJob, STAGE_CHUNK, yieldToEventLoop, type ImportJob } from "@/lib/server/db/bulk";
import type { CardSnapshot, ImportReport, ImportRowReport } from "@/lib/catalog/types";
import { parseCatalogFile, validateRowsInChunks, type CatalogFormat, type CatalogRecord } from "@/lib/catalog/io";
import type { OnImportProgress } from "@/lib/server/import/progress";
import { timeSlicer } from "@/lib/server/import/time-slice";
import type { CatalogCard } from "@/lib/catalog/schemas";

/**
 * Catalog imports that never hold the server (docs/catalog-import.md): the
 * file is checked in chunks, the cards it names are read in pages, the rows to
 * write are staged in ImportCardStage / ImportTraitStage (lib/server/db/bulk.ts),
 * and one transaction applies them to the catalog with set-based statements
 * (off the event loop: lib/server/db/bulk.ts applyInOneTransaction). The SQL is written once for SQLite and PostgreSQL (quoted
 * identifiers, UPDATE … FROM, INSERT … SELECT).
 */

/** The apply transaction's limit: past it, everything is rolled back and the import says so. */
const APPLY_TIMEOUT_MS = 60_000;
/** Cards read per page when comparing the file with the catalog. */
const READ_PAGE = 250;

/** An import refused at the last step because the catalog changed underneath it: nothing was written. */
export class CatalogImportError extends DomainError {
  constructor(message: string) {
    super("import/conflict", message);
    this.name = "CatalogImportError";
  }
}

function emptyCounts() {
  return { create: 0, update: 0, unchanged: 0, reject: 0 };
}

type Target = { line: number; card: CatalogCard; id: string | null; before: CardSnapshot | null };
type Plan = { report: ImportReport; targets: Target[] };

/** The catalog's cards in the sets the file names, read in pages (never the whole table in one statement). */
async function existingCards(setCodes: string[], onProgress: OnImportProgress): Promise<Map<string, { id: string; snap: CardSnapshot }>> {
  const where = { set: { code: { in: setCodes } } };
  const total = await db.card.count({ where });
  const out = new Map<string, { id: string; snap: CardSnapshot }>();
  let cursor: string | undefined;
  onProgress({ phase: "compare", done: 0, total });
  for (;;) {
    const page = await db.card.findMany({ where, include: { set: true, traits: true }, orderBy: { id: "asc" }, take: READ_PAGE, ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}) });
    if (!page.length) break;
    for (const c of page) out.set(cardKey(c.set.code, c.number), { id: c.id, snap: snapshotOf(c) });
    cursor = page[page.length - 1].id;
    onProgress({ phase: "compare", done: Math.min(out.size, total), total });
    await yieldToEventLoop();
  }
  return out;
}

async function plan(text: string, format: CatalogFormat, onProgress: OnImportProgress): Promise<Plan> {
  const parsed = await parseCatalogFile(text, format);
  if (!parsed.ok) return { report: { ok: false, applied: false, fileError: parsed.error, rows: [], counts: emptyCounts() }, targets: [] };
  const total = parsed.rows.length;
  onProgress({ phase: "check", done: 0, total });
  const valid = await validateRowsInChunks(parsed.rows, (done) => onProgress({ phase: "check", done, total }), STAGE_CHUNK);
  const setCodes = [...new Set(valid.flatMap((r) => (r.ok ? [r.card.set] : [])))];
  const byKey = await existingCards(setCodes, onProgress);
  const counts = emptyCounts();
  const rows: ImportRowReport[] = [];
  const targets: Target[] = [];
  const pause = timeSlicer();
  for (const r of valid) {
    await pause();
    if (!r.ok) {
      counts.reject++;
      rows.push({ line: r.line, key: r.key, action: "reject", errors: r.errors, changes: [] });
      continue;
    }
    const current = byKey.get(r.key!);
    const next = snapshotOfInput(r.card);
    if (!current) {
      counts.create++;
      rows.push({ line: r.line, key: r.key, action: "create", errors: [], changes: diffSnapshots(null, next) });
      targets.push({ line: r.line, card: r.card, id: null, before: null });
    } else if (sameSnapshot(current.snap, next)) {
      counts.unchanged++;
      rows.push({ line: r.line, key: r.key, action: "unchanged", errors: [], changes: [] });
    } else {
      counts.update++;
      rows.push({ line: r.line, key: r.key, action: "update", errors: [], changes: diffSnapshots(current.snap, next) });
      targets.push({ line: r.line, card: r.card, id: current.id, before: current.snap });
    }
  }
  return { report: { ok: counts.reject === 0, applied: false, fileError: null, rows, counts }, targets };
}

/** Admin: what an import would do, row by row, writing nothing. */
export async function dryRunImport(actor: Actor, text: string, format: CatalogFormat, onProgress: OnImportProgress = () => {}): Promise<ImportReport> {
  requireAdminActor(actor);
  const { report } = await plan(text, format, onProgress);
  onProgress({ phase: "done", done: report.rows.length, total: report.rows.length });
  return report;
}

let idCounter = 0;
/**
 * A new id for a card or an audit row: lower-case letters and digits, 25
 * characters like Prisma's cuids, but in creation order (time, then a
 * counter, then randomness), so the apply appends to the primary-key indexes
 * instead of writing all over them.
 */
function newId(): string {
  idCounter = (idCounter + 1) % 36 ** 4;
  const random = randomBytes(10).toString("base64url").toLowerCase().replace(/[-_]/g, "0").slice(0, 11);
  return `c${Date.now().toString(36).padStart(9, "0")}${idCounter.toString(36).padStart(4, "0")}${random}`;
}

/**
 * Admin: applies an import atomically. Any rejected row (or a whole-file
 * problem) refuses the whole file and nothing is written; otherwise every
 * create and update is written, with audit rows, in one transaction that
 * commits once. Throws CatalogImportError when the catalog changed underneath,
 * ImportTimeoutError past the apply timeout (nothing written either way).
 * A started import runs to its end even if nobody waits for its answer any
 * more (the route's client disconnected, lib/server/import/stream-response.ts).
 * `applyTimeoutMs` is for tests.
 */
export async function applyImport(actor: Actor, text: string, format: CatalogFormat, onProgress: OnImportProgress = () => {}, applyTimeoutMs = APPLY_TIMEOUT_MS): Promise<ImportReport> {
  requireAdminActor(actor);
  const { report, targets } = await plan(text, format, onProgress);
  if (!report.ok) return report;
  if (targets.length) {
    const job = await startImportJob(actor, "catalog", targets.length);
    try {
      await stage(job.id, targets, onProgress);
      await analyzeStaged("catalog");
      onProgress({ phase: "apply", done: 0, total: targets.length });
      await applyStaged(job, actor.id, targets, onProgress, applyTimeoutMs);
      // committed: every cached page showing catalog data is refreshed (on every instance; docs/caching.md)
      await invalidateCatalog();
      // what is left is housekeeping
      onProgress({ phase: "done", done: targets.length, total: targets.length });
    } finally {
      await dropImportJob(job);
    }
  } else onProgress({ phase: "done", done: 0, total: 0 });
  return { ...report, applied: true };
}

/**
 * Writes the rows to apply into the staging tables, a chunk per write (the
 * catalog is untouched). Plain multi-row INSERTs: building Prisma's createMany
 * for hundreds of wide rows costs seconds of event-loop time under load.
 */
async function stage(jobId: string, targets: Target[], onProgress: OnImportProgress): Promise<void> {
  const stagedAt = new Date();
  const sql = Prisma.sql;
  const pause = timeSlicer();
  await stageInChunks(
    targets,
    async (chunk, offset) => {
      const cards: Prisma.Sql[] = [];
      const traits: Prisma.Sql[] = [];
      for (const [i, t] of chunk.entries()) {
        const seq = offset + i;
        const cardId = t.id ?? newId();
        const f = cardFields(t.card);
        cards.push(sql`(${jobId}, ${seq}, ${t.line}, ${t.id ? "update" : "create"}, ${cardId}, ${t.card.set}, ${f.number}, ${f.title}, ${f.titleKey}, ${f.colorMask}, ${f.colorCount}, ${f.rings}, ${f.rarity}, ${f.text}, ${f.effect}, ${f.imageUrl},
          ${cardKey(t.card.set, t.card.number)}, ${newId()}, ${t.before ? JSON.stringify(t.before) : null}, ${JSON.stringify(snapshotOfInput(t.card))}, ${stagedAt})`);
        for (const tr of traitRows(t.card)) traits.push(sql`(${jobId}, ${seq}, ${cardId}, ${tr.trait}, ${tr.traitKey})`);
        await pause();
      }
      await db.$executeRaw(sql`INSERT INTO "ImportCardStage" ("jobId", "seq", "line", "action", "cardId", "setCode", "number", "title", "titleKey", "colorMask", "colorCount", "rings", "rarity", "text", "effect", "imageUrl", "cardKey", "auditId", "auditBefore", "auditAfter", "stagedAt")
        VALUES ${Prisma.join(cards)}`);
      await pause();
      if (traits.length) await db.$executeRaw(sql`INSERT INTO "ImportTraitStage" ("jobId", "seq", "cardId", "trait", "traitKey") VALUES ${Prisma.join(traits)}`);
    },
    (done) => onProgress({ phase: "stage", done, total: targets.length }),
  );
}

/**
 * Moves the staged rows into the catalog in ONE transaction
 * (lib/server/db/bulk.ts applyInOneTransaction), with set-based statements only:
 * it checks that the catalog has not changed underneath (a card created
 * since the compare at one of the file's numbers, a card the file updates
 * deleted since), creates the sets the file names, copies the new cards,
 * their traits and the audit rows of every row in ranges of staged rows in
 * primary-key order, then updates the existing cards in place (with their
 * traits). The import is visible at its commit, all at once, or (rolled back,
 * killed) not at all: no reader needs to know it is under way.
 */
async function applyStaged(job: ImportJob, userId: string, targets: Target[], onProgress: OnImportProgress, timeoutMs: number): Promise<void> {
  const jobId = job.id;
  const sql = Prisma.sql;
  const setCodes = [...new Set(targets.map((t) => t.card.set))];
  const total = targets.length;
  const creates = targets.filter((t) => t.id === null).length;
  const traitsChange = targets.some((t) => t.before !== null && traitSet(t.before.traits) !== traitSet(t.card.traits));
  const ofJob = sql`s."jobId" = ${jobId}`;
  try {
    await applyInOneTransaction(job, total, {
      kind: "catalog",
      timeoutMs,
      onRange: (done) => onProgress({ phase: "apply", done, total }),
      prepare: async (tx) => {
        // the catalog may have changed since the file was compared with it (a card created at one of the file's
        // numbers, a card it updates deleted): checked inside the transaction, so nothing can change in between on
        // SQLite (the write lock is held); on PostgreSQL a card committed later still fails the unique index below
        const [{ n: clashes }] = await tx.$queryRaw<{ n: number | bigint }[]>(sql`
          SELECT count(*) AS n FROM "ImportCardStage" s
          JOIN "CardSet" cs ON cs."code" = s."setCode"
          JOIN "Card" c ON c."setId" = cs."id" AND c."number" = s."number"
          WHERE ${ofJob} AND s."action" = 'create'`);
        if (Number(clashes) || (await vanished(tx))) throw new CatalogImportError(CHANGED);
        // the sets the file names (a handful of rows)
        const existing = new Set((await tx.cardSet.findMany({ where: { code: { in: setCodes } }, select: { code: true } })).map((s) => s.code));
        for (const code of setCodes.filter((c) => !existing.has(c))) await tx.cardSet.create({ data: { code, name: code, unofficial: true, note: "Created by a catalog import." } });
      },
      range: async (tx, from, to) => {
        const inRange = sql`${ofJob} AND s."seq" >= ${from} AND s."seq" < ${to} AND s."action" = 'create'`;
        await tx.$executeRaw(sql`
          INSERT INTO "Card" ("id", "setId", "number", "title", "titleKey", "colorMask", "colorCount", "rings", "rarity", "text", "effect", "imageUrl", "createdAt", "updatedAt")
          SELECT s."cardId", cs."id", s."number", s."title", s."titleKey", s."colorMask", s."colorCount", s."rings", s."rarity", s."text", s."effect", s."imageUrl", s."stagedAt", s."stagedAt"
          FROM "ImportCardStage" s JOIN "CardSet" cs ON cs."code" = s."setCode"
          WHERE ${inRange} ORDER BY s."cardId"`);
        // the staged card is found by the join alone (a range on s too made PostgreSQL scan s's range for every trait row)
        await tx.$executeRaw(sql`
          INSERT INTO "CardTrait" ("cardId", "trait", "traitKey")
          SELECT t."cardId", t."trait", t."traitKey" FROM "ImportTraitStage" t JOIN "ImportCardStage" s ON s."jobId" = t."jobId" AND s."seq" = t."seq"
          WHERE t."jobId" = ${jobId} AND t."seq" >= ${from} AND t."seq" < ${to} AND s."action" = 'create' ORDER BY t."cardId", t."traitKey"`);
        // the audit rows of the range, new and updated cards alike (a card the file updates that was deleted meanwhile
        // gets none: the finish finds it gone and refuses the import)
        await tx.$executeRaw(sql`
          INSERT INTO "CardAudit" ("id", "cardId", "cardKey", "userId", "action", "before", "after", "note", "createdAt")
          SELECT s."auditId", s."cardId", s."cardKey", CAST(${userId} AS TEXT), 'import', s."auditBefore", s."auditAfter", '', s."stagedAt"
          FROM "ImportCardStage" s JOIN "Card" c ON c."id" = s."cardId" WHERE ${ofJob} AND s."seq" >= ${from} AND s."seq" < ${to} ORDER BY s."auditId"`);
      },
      finish: async (tx) => {
        if (total === creates) return;
        const updates = sql`${ofJob} AND s."action" = 'update'`;
        // in place, and only what changed: a card whose indexed columns (set, number, title key, colors, rings, rarity)
        // are the same, as for an erratum, has its other columns set and no index touched; its trait rows change only
        // where its traits changed
        const sameKeys = sql`"Card"."setId" = cs."id" AND "Card"."number" = s."number" AND "Card"."titleKey" = s."titleKey" AND "Card"."colorMask" = s."colorMask" AND "Card"."rings" = s."rings" AND "Card"."rarity" = s."rarity"`;
        const edited = await tx.$executeRaw(sql`
          UPDATE "Card" SET
            "title" = s."title", "colorCount" = s."colorCount", "text" = s."text", "effect" = s."effect", "imageUrl" = s."imageUrl", "updatedAt" = s."stagedAt"
          FROM "ImportCardStage" AS s JOIN "CardSet" AS cs ON cs."code" = s."setCode"
          WHERE ${updates} AND "Card"."id" = s."cardId" AND ${sameKeys}`);
        const rekeyed = edited === total - creates ? 0 : await tx.$executeRaw(sql`
          UPDATE "Card" SET
            "setId" = cs."id", "number" = s."number", "title" = s."title", "titleKey" = s."titleKey",
            "colorMask" = s."colorMask", "colorCount" = s."colorCount", "rings" = s."rings", "rarity" = s."rarity",
            "text" = s."text", "effect" = s."effect", "imageUrl" = s."imageUrl", "updatedAt" = s."stagedAt"
          FROM "ImportCardStage" AS s JOIN "CardSet" AS cs ON cs."code" = s."setCode"
          WHERE ${updates} AND "Card"."id" = s."cardId" AND NOT (${sameKeys})`);
        // every card the file updates must still be there (PostgreSQL: a delete committed since the check)
        if (edited + rekeyed !== total - creates) throw new CatalogImportError(DELETED);
        if (!traitsChange) return;
        // the trait rows the file no longer names (or names with another spelling), then the ones missing; not even
        // looked for when no card's traits differed from the file's at the compare (an erratum)
        await tx.$executeRaw(sql`
          DELETE FROM "CardTrait" WHERE ("cardId", "traitKey") IN (
            SELECT ct."cardId", ct."traitKey" FROM "ImportCardStage" s
            JOIN "CardTrait" ct ON ct."cardId" = s."cardId"
            LEFT JOIN "ImportTraitStage" t ON t."jobId" = s."jobId" AND t."seq" = s."seq" AND t."traitKey" = ct."traitKey" AND t."trait" = ct."trait"
            WHERE ${updates} AND t."seq" IS NULL)`);
        await tx.$executeRaw(sql`
          INSERT INTO "CardTrait" ("cardId", "trait", "traitKey")
          SELECT t."cardId", t."trait", t."traitKey" FROM "ImportTraitStage" t JOIN "ImportCardStage" s ON s."jobId" = t."jobId" AND s."seq" = t."seq"
          LEFT JOIN "CardTrait" ct ON ct."cardId" = t."cardId" AND ct."traitKey" = t."traitKey"
          WHERE t."jobId" = ${jobId} AND s."action" = 'update' AND ct."cardId" IS NULL ORDER BY t."cardId", t."traitKey"`);
      },
    });
  } catch (e) {
    if (isConstraintViolation(e)) throw new CatalogImportError(CHANGED);
    throw e;
  }

  /** How many staged updates name a card that is gone (deleted since the file was compared with the catalog). */
  async function vanished(tx: Prisma.TransactionClient): Promise<number> {
    const [{ n }] = await tx.$queryRaw<{ n: number | bigint }[]>(sql`
      SELECT count(*) AS n FROM "ImportCardStage" s
      LEFT JOIN "Card" c ON c."id" = s."cardId"
      WHERE ${ofJob} AND s."action" = 'update' AND c."id" IS NULL`);
    return Number(n);
  }
}

/** A card's traits as the database keeps them (one row per trait, in any order), for comparing two lists. */
function traitSet(traits: readonly string[]): string {
  return [...traits].sort().join("\u0000");
}

const CHANGED = "The catalog changed while the file was being checked (a card was added or deleted meanwhile). Nothing was written: run the import again.";
const DELETED = "A card the file updates was deleted meanwhile. Nothing was written: run the import again.";

/**
 * A write refused by a unique index (a card created at one of the file's set and numbers meanwhile) or a foreign key
 * (PostgreSQL: a card the file updates deleted by a transaction that committed while an audit row was written for it).
 */
function isConstraintViolation(e: unknown): boolean {
  const err = e as { code?: string; meta?: { driverAdapterError?: { cause?: { kind?: string } } } } | null;
  const kind = err?.meta?.driverAdapterError?.cause?.kind;
  return err?.code === "P2002" || err?.code === "P2003" || kind === "UniqueConstraintViolation" || kind === "ForeignKeyConstraintViolation";
}

/** Admin: the whole catalog in the exchange shape, set then number order. */
export async function exportCatalog(actor: Actor): Promise<CatalogRecord[]> {
  requireAdminActor(actor);
  const rows = await db.card.findMany({ include: { set: true, traits: true }, orderBy: [{ set: { code: "asc" } }, { number: "asc" }] });
  return rows.map(snapshotOf);
}
