import demo from "@/data/demo-set.json";
import { cardKey } from "@/lib/catalog/keys";
import type { Color } from "@/lib/catalog/colors";
import type { DeckCatalogCard } from "./types";

/** The shipped demo set as catalog cards (ids are the keys), for tests of the pure deck module. */
export const demoCatalog: DeckCatalogCard[] = demo.cards.map((c) => ({
  id: cardKey(demo.set.code, c.number),
  set: demo.set.code,
  number: c.number,
  key: cardKey(demo.set.code, c.number),
  title: c.title,
  colors: c.colors as Color[],
  rings: c.rings,
  traits: c.traits,
}));
