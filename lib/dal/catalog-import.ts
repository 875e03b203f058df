import "server-only";
import { db } from "@/lib/db";
import { cardKey } from "@/lib/cards/keys";
import { diffSnapshots } from "@/lib/cards/snapshot-diff";
import { requireAdmin } from "@/lib/dal/session";
import { createCardTx, requireCatalogAdmin, sameSnapshot, snapshotOf, snapshotOfInput, updateCardTx } from "@/lib/dal/catalog-admin";
import type { CardSnapshot, ImportReport, ImportRowReport } from "@/lib/catalog/types";
import { parseCatalogFile, validateRows, type CatalogFormat, type CatalogRecord } from "@/lib/catalog/io";



function emptyCounts() {
  return { create: 0, update: 0, unchanged: 0, reject: 0 };
}

type Db = Pick<typeof db, "card">;

async function plan(client: Db, text: string, format: CatalogFormat): Promise<{ report: ImportReport; cards: Map<number, { id: string | null }>; valid: ReturnType<typeof validateRows> }> {
  const parsed = parseCatalogFile(text, format);
  if (!parsed.ok) {
    return { report: { ok: false, applied: false, fileError: parsed.error, rows: [], counts: emptyCounts() }, cards: new Map(), valid: [] };
  }
  const valid = validateRows(parsed.rows);
  const existing = await client.card.findMany({ include: { set: true, traits: true } });
  const byKey = new Map<string, { id: string; snap: CardSnapshot }>(existing.map((c) => [cardKey(c.set.code, c.number), { id: c.id, snap: snapshotOf(c) }]));
  const counts = emptyCounts();
  const rows: ImportRowReport[] = [];
  const cards = new Map<number, { id: string | null }>();
  for (const r of valid) {
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
      cards.set(r.line, { id: null });
    } else if (sameSnapshot(current.snap, next)) {
      counts.unchanged++;
      rows.push({ line: r.line, key: r.key, action: "unchanged", errors: [], changes: [] });
    } else {
      counts.update++;
      rows.push({ line: r.line, key: r.key, action: "update", errors: [], changes: diffSnapshots(current.snap, next) });
      cards.set(r.line, { id: current.id });
    }
  }
  return { report: { ok: counts.reject === 0, applied: false, fileError: null, rows, counts }, cards, valid };
}

/** Admin: what an import would do, row by row, writing nothing. */
export async function dryRunImport(text: string, format: CatalogFormat): Promise<ImportReport> {
  await requireAdmin();
  return (await plan(db, text, format)).report;
}

/**
 * Admin: applies an import atomically. Any rejected row (or a whole-file
 * problem) refuses the whole file and nothing is written; otherwise every
 * create and update is written, with audit rows, in one transaction.
 */
export async function applyImport(text: string, format: CatalogFormat): Promise<ImportReport> {
  const writer = await requireCatalogAdmin();
  return db.$transaction(
    async (tx) => {
      const { report, cards, valid } = await plan(tx, text, format);
      if (!report.ok) return report;
      for (const r of valid) {
        if (!r.ok) continue;
        const target = cards.get(r.line);
        if (!target) continue;
        const res = target.id ? await updateCardTx(tx, target.id, r.card, writer, "import") : await createCardTx(tx, r.card, writer, "import");
        if (!res.ok) throw new Error(`Import row ${r.line} failed: ${res.message}`);
      }
      return { ...report, applied: true };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}

/** Admin: the whole catalog in the exchange shape, set then number order. */
export async function exportCatalog(): Promise<CatalogRecord[]> {
  await requireAdmin();
  const rows = await db.card.findMany({ include: { set: true, traits: true }, orderBy: [{ set: { code: "asc" } }, { number: "asc" }] });
  return rows.map(snapshotOf);
}
