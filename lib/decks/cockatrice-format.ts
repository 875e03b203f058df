import { XMLBuilder } from "fast-xml-parser";

/**
 * A deck as a Cockatrice .cod file (version 1, what Cockatrice's deck editor
 * saves): the name, the description as comments, one <card> a line in the
 * "main" zone (the Sonic X TCG has no sideboard). Each card is named as in
 * the Cockatrice card database (/api/v1/bulk/cockatrice.xml: cockatriceCardName)
 * and by printing too (setShortName and collectorNumber, as Cockatrice 2.10
 * and later write). The shape is
 * data/schemas/cockatrice-deck.xsd; the import (./import-formats) reads it back.
 */

/**
 * A card's name in Cockatrice: its title and key, "Tails (DEMO-052)". Cockatrice
 * needs card names to be unique, and the Sonic X TCG gives one title to
 * different cards (two "Tails" with other colours and rings); the key keeps
 * every name unique and stable when a later set reuses a title.
 */
export function cockatriceCardName(card: { title: string; key: string }): string {
  return `${card.title} (${card.key})`;
}

/** The title and key of a Cockatrice name made by cockatriceCardName; null for a bare title. */
export function parseCockatriceCardName(name: string): { title: string; set: string; number: string } | null {
  const m = /^(.*\S)\s+\(([A-Za-z0-9]+)-(\d{1,6})\)$/.exec(name.trim());
  return m ? { title: m[1], set: m[2], number: String(Number(m[3])) } : null;
}

export type CodEntry = { title: string; key: string; set: string; number: number; quantity: number };

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", format: true, indentBy: "  ", suppressEmptyNode: false, suppressBooleanAttributes: false });

/** Text XML 1.0 may hold: control characters other than tab and line breaks are dropped. */
export function xmlText(s: string): string {
  return s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "");
}

export function formatDeckCockatrice(deck: { name: string; description: string; cards: CodEntry[] }): string {
  const doc = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    cockatrice_deck: {
      "@_version": "1",
      deckname: xmlText(deck.name),
      comments: xmlText(deck.description),
      zone: {
        "@_name": "main",
        card: deck.cards.map((c) => ({ "@_number": String(c.quantity), "@_name": xmlText(cockatriceCardName(c)), "@_setShortName": c.set, "@_collectorNumber": String(c.number) })),
      },
    },
  };
  return builder.build(doc) as string;
}
