import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import type { ImportMode, TransferFormat } from "@/lib/collection/schemas";
import type { ExportRow } from "@/lib/collection/transfer";
import type { OnImportProgress } from "@/lib/server/import/progress";
import type { ImportPreview } from "@/lib/collection/types";
import { hasDetails } from "@/lib/collection/copies";
import { detailsOf } from "./lots";
import { applyCollectionImportToMine, parseOrThrow, previewOf, resolveImport } from "./import";

/** Collection files: import (dry run, then applied atomically without holding the server) and export. */

/** Dry run: what importing the file would do to the current user's collection. Changes nothing. */
export async function previewCollectionImport(actor: Actor, format: TransferFormat, text: string, mode: ImportMode, onProgress: OnImportProgress = () => {}): Promise<ImportPreview> {
  requireActor(actor);
  const parsed = parseOrThrow(format, text);
  const resolved = await resolveImport(actor, parsed.rows, mode, onProgress);
  onProgress({ phase: "done", done: parsed.rows.length, total: parsed.rows.length });
  return previewOf(mode, { ...resolved, errors: [...parsed.errors, ...resolved.errors].sort((a, b) => a.row - b.row) }, parsed.source);
}

/**
 * Applies an import atomically: any row error refuses the whole file and
 * nothing changes. "add" adds each quantity to what is owned; "replace" makes
 * the collection exactly the file (cards not in it drop to none).
 */
export async function applyCollectionImport(actor: Actor, format: TransferFormat, text: string, mode: ImportMode, onProgress: OnImportProgress = () => {}): Promise<ImportPreview> {
  requireActor(actor);
  return applyCollectionImportToMine(actor, format, text, mode, onProgress);
}

/**
 * Every card the current user owns (quantity above 0), for export: one row
 * for its plain copies in the default binder, and one per lot (a binder,
 * details), so an export imported in replace mode gives back the same
 * binders and details.
 */
export async function exportCollection(actor: Actor): Promise<ExportRow[]> {
  const user = requireActor(actor);
  const [entries, lots] = await Promise.all([
    db.collectionEntry.findMany({
      where: { userId: user.id, quantity: { gt: 0 } },
      select: { cardId: true, quantity: true, card: { select: { number: true, title: true, set: { select: { code: true } } } } },
    }),
    db.collectionLot.findMany({ where: { userId: user.id }, include: { binder: { select: { name: true } } }, orderBy: { createdAt: "asc" } }),
  ]);
  const lotsOf = new Map<string, typeof lots>();
  for (const l of lots) lotsOf.set(l.cardId, [...(lotsOf.get(l.cardId) ?? []), l]);
  return entries.flatMap((e) => {
    const base = { set: e.card.set.code, number: e.card.number, title: e.card.title };
    const own = lotsOf.get(e.cardId) ?? [];
    const plain = e.quantity - own.reduce((n, l) => n + l.quantity, 0);
    const rows: ExportRow[] = plain > 0 ? [{ ...base, quantity: plain }] : [];
    for (const l of own) rows.push({ ...base, quantity: l.quantity, ...(l.binder ? { binder: l.binder.name } : {}), ...(hasDetails(detailsOf(l)) ? { details: detailsOf(l) } : {}) });
    return rows;
  });
}
