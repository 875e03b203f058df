import { XMLBuilder } from "fast-xml-parser";
import type { CardDTO } from "@/lib/catalog/card-types";
import type { Color } from "@/lib/catalog/colors";
import { cockatriceCardName, xmlText } from "@/lib/decks";

/**
 * The catalog as a Cockatrice card database (carddatabase version 4; its shape
 * is data/schemas/cockatrice-cards-v4.xsd). How the Sonic X fields map onto
 * Cockatrice's, which were made for Magic:
 *
 * - name: the title and key, "Tails (DEMO-052)" (cockatriceCardName: the game
 *   gives one title to different cards, Cockatrice needs names to be unique);
 * - text: the card's text;
 * - prop/manacost and prop/cmc: the ring value, the cost Cockatrice sorts and
 *   filters by;
 * - prop/colors and prop/coloridentity: U blue, R red, Y yellow, A gray
 *   (Cockatrice shows W U B R G as Magic's colours; blue and red keep theirs,
 *   yellow and gray get letters of their own so no card reads as white or green);
 * - prop/type: the traits joined with " / "; prop/maintype: the first trait
 *   (the deck editor groups by it); "Card" for a card with none;
 * - prop/layout "normal", prop/side "front";
 * - set: the set code, with the rarity, the number, the card's id as uuid and
 *   its image (an absolute URL) when the catalog has one;
 * - sets: each set's code, name, and type "Custom" for an unofficial set.
 */

export const COCKATRICE_COLOR_LETTERS: Record<Color, string> = { blue: "U", red: "R", yellow: "Y", gray: "A" };

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", format: true, indentBy: "  ", suppressEmptyNode: false });

function cardElement(origin: string, c: CardDTO) {
  const colors = c.colors.map((k) => COCKATRICE_COLOR_LETTERS[k]).join("");
  const image = c.imageUrl === null ? null : c.imageUrl.startsWith("/") ? origin + c.imageUrl : c.imageUrl;
  return {
    name: xmlText(cockatriceCardName(c)),
    text: xmlText(c.text),
    prop: {
      layout: "normal",
      side: "front",
      type: xmlText(c.traits.join(" / ") || "Card"),
      maintype: xmlText(c.traits[0] ?? "Card"),
      manacost: String(c.rings),
      cmc: String(c.rings),
      colors,
      coloridentity: colors,
    },
    set: { "#text": c.set, "@_rarity": c.rarity, "@_num": String(c.number), "@_uuid": c.id, ...(image ? { "@_picurl": image } : {}) },
  };
}

/** The whole database as XML text; the same cards give the same bytes. */
export function cockatriceCardDatabase(origin: string, cards: CardDTO[], updatedAt: Date): string {
  const sets = new Map<string, { name: string; unofficial: boolean }>();
  for (const c of cards) if (!sets.has(c.set)) sets.set(c.set, { name: c.setName, unofficial: c.unofficial });
  const doc = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    cockatrice_carddatabase: {
      "@_version": "4",
      info: { author: "Ringbinder", createdAt: updatedAt.toISOString(), sourceUrl: `${origin}/api/v1/bulk/cockatrice.xml`, sourceVersion: "1" },
      sets: { set: [...sets].map(([code, s]) => ({ name: code, longname: xmlText(s.name), settype: s.unofficial ? "Custom" : "Expansion" })) },
      cards: { card: cards.map((c) => cardElement(origin, c)) },
    },
  };
  return builder.build(doc) as string;
}
