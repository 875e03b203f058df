import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { cardInputSchema, setCodeSchema } from "@/lib/catalog/card-schema";
import { cardFields, traitRows } from "@/lib/catalog/data/catalog-admin";

const demoFileSchema = z.object({
  set: z.object({ code: setCodeSchema, name: z.string().min(1), unofficial: z.boolean(), note: z.string().default("") }),
  cards: z.array(cardInputSchema.omit({ set: true })).min(1),
});

export const DEMO_SET_FILE = path.join(process.cwd(), "data", "demo-set.json");

export type SeedReport = { set: string; created: number; updated: number; unchanged: number; skipped: boolean };

/** Reads and validates the shipped demo set file. Throws with the zod issues when it is malformed. */
export function readDemoSet(file = DEMO_SET_FILE) {
  const raw = readFileSync(file, "utf8");
  const parsed = demoFileSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) {
    throw new Error(`${file} is not a valid card set file:\n${z.prettifyError(parsed.error)}`);
  }
  return { data: parsed.data, hash: createHash("sha256").update(raw).digest("hex") };
}

/**
 * Loads the unofficial demo set idempotently: upsert by set + number, writing
 * only cards whose fields differ, so a second run changes nothing. With
 * `onlyIfChanged`, a set already seeded from the same file content is skipped
 * (so `npm start` does not undo admin edits unless the shipped data changed).
 */
export async function seedDemoCatalog(
  prisma: PrismaClient,
  opts: { file?: string; onlyIfChanged?: boolean } = {},
): Promise<SeedReport> {
  const { data, hash } = readDemoSet(opts.file);
  const existingSet = await prisma.cardSet.findUnique({ where: { code: data.set.code } });
  if (opts.onlyIfChanged && existingSet?.seedHash === hash) {
    return { set: data.set.code, created: 0, updated: 0, unchanged: data.cards.length, skipped: true };
  }

  return prisma.$transaction(async (tx) => {
    const set = await tx.cardSet.upsert({
      where: { code: data.set.code },
      create: { code: data.set.code, name: data.set.name, unofficial: data.set.unofficial, note: data.set.note, seedHash: hash },
      update: { name: data.set.name, unofficial: data.set.unofficial, note: data.set.note, seedHash: hash },
    });
    const existing = await tx.card.findMany({ where: { setId: set.id }, include: { traits: true } });
    const byNumber = new Map(existing.map((c) => [c.number, c]));
    const report: SeedReport = { set: set.code, created: 0, updated: 0, unchanged: 0, skipped: false };

    for (const card of data.cards) {
      const fields = cardFields(card);
      const traits = traitRows(card);
      const current = byNumber.get(card.number);
      if (!current) {
        await tx.card.create({ data: { ...fields, setId: set.id, traits: { create: traits } } });
        report.created++;
        continue;
      }
      const sameFields = (Object.keys(fields) as (keyof typeof fields)[]).every((k) => current[k] === fields[k]);
      const sameTraits =
        current.traits.length === traits.length &&
        traits.every((t) => current.traits.some((c) => c.traitKey === t.traitKey && c.trait === t.trait));
      if (sameFields && sameTraits) {
        report.unchanged++;
        continue;
      }
      await tx.card.update({
        where: { id: current.id },
        data: { ...fields, traits: sameTraits ? undefined : { deleteMany: {}, create: traits } },
      });
      report.updated++;
    }
    return report;
    // A few hundred small statements: over a network (PostgreSQL) on a busy
    // machine they can take longer than Prisma's 5 s default.
  }, { timeout: 60_000, maxWait: 10_000 });
}
