import "server-only";
import { db } from "@/lib/server/db/db";
import { cardInclude, toCardDTO } from "@/lib/catalog/data";
import { parseCardKey } from "@/lib/catalog/keys";
import { boardCardFromCatalog, type BoardCardDef } from "@/lib/playtest/cards";

/** Most distinct cards one playtest (two decks, or a replay) may ask for. */
export const MAX_PLAYTEST_KEYS = 1000;

/**
 * The catalog cards behind card keys ("DEMO-007"), as the playtest board's
 * card definitions: every set (imported and admin-entered ones too), with the
 * card's current fields (admin edits reach the board), and its stored
 * structured effect validated by the engine (an invalid one plays vanilla and
 * is flagged). The catalog is public, so anyone may read it. Keys the catalog
 * does not hold (or malformed keys) are simply absent from the map.
 */
export async function getPlaytestCards(keys: readonly string[]): Promise<Map<string, BoardCardDef>> {
  const wanted = [...new Set(keys)].slice(0, MAX_PLAYTEST_KEYS);
  const parsed = wanted.map(parseCardKey).filter((k): k is { set: string; number: number } => k !== null);
  if (parsed.length === 0) return new Map();
  const rows = await db.card.findMany({
    where: { set: { code: { in: [...new Set(parsed.map((k) => k.set))] } }, number: { in: [...new Set(parsed.map((k) => k.number))] } },
    include: cardInclude,
  });
  const want = new Set(wanted);
  const out = new Map<string, BoardCardDef>();
  for (const r of rows) {
    const def = boardCardFromCatalog(toCardDTO(r));
    if (want.has(def.key)) out.set(def.key, def);
  }
  return out;
}
