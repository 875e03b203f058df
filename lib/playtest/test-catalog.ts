/**
 * Tests only: the shipped demo set (data/demo-set.json) as a board card
 * catalog, standing in for the database the pages read through the catalog's data access.
 */
import demo from "@/data/demo-set.json";
import type { Color } from "@/lib/engine";
import { boardCardFromCatalog, type BoardCardDef, type CardCatalog } from "./cards";

let cached: Map<string, BoardCardDef> | null = null;

/** The demo set's cards by key ("DEMO-007"), built like the database's cards. */
export function demoCatalog(): CardCatalog {
  if (cached === null)
    cached = new Map(
      demo.cards.map((c) => {
        const def = boardCardFromCatalog({ ...c, set: demo.set.code, colors: c.colors as Color[], effect: c.effect ?? null, unofficial: demo.set.unofficial === true });
        return [def.key, def];
      }),
    );
  return cached;
}
