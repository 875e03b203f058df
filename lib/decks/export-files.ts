import { formatDeckCockatrice } from "./cockatrice-format";
import { formatDeckJson } from "./json-format";
import { formatDeckText } from "./text-format";

/** One printing of a deck as the export formats need it. */
export type ExportCard = { title: string; key: string; set: string; number: number; quantity: number };

/**
 * The deck's export files (plain text, JSON, a Cockatrice .cod), built when
 * someone downloads or copies one: the deck pages load this module on demand
 * (components/decks/deck-export.tsx), so neither the formats' code (the XML
 * builder, zod) nor the three texts travel with the page.
 */
export function deckExportFiles(deck: { name: string; description: string; cards: readonly ExportCard[] }): { text: string; json: string; cod: string } {
  return {
    text: formatDeckText(deck.cards, deck.name),
    json: formatDeckJson({ name: deck.name, description: deck.description, cards: deck.cards }),
    cod: formatDeckCockatrice({ name: deck.name, description: deck.description, cards: [...deck.cards] }),
  };
}
