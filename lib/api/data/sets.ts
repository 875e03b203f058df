import "server-only";
import { db } from "@/lib/server/db/db";

export type SetRow = { id: string; code: string; name: string; unofficial: boolean; cardCount: number };

/** Public: every set of the catalog with how many cards it has, by code. */
export async function listSets(): Promise<SetRow[]> {
  const rows = await db.cardSet.findMany({ select: { id: true, code: true, name: true, unofficial: true, _count: { select: { cards: true } } }, orderBy: { code: "asc" } });
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, unofficial: r.unofficial, cardCount: r._count.cards }));
}
