import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { requireUser } from "@/lib/dal/session";
import { cardKey, titleKey } from "@/lib/cards/keys";
import { MAX_QUANTITY, type ImportMode, type TransferFormat } from "@/lib/validation/collection";
import { parseCollectionFile, type ExportRow, type RowError, type TransferRow } from "@/lib/collection/transfer";
import { CollectionError, type Tx } from "./errors";

/** Collection files: import (dry run, then applied atomically) and export. */

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
      await upsertQuantities(tx, user.id, resolved.lines.filter((l) => l.quantity > 0), mode === "replace" ? "set" : "add");
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
