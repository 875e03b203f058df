import { deckStats, type DeckDTO } from "@/lib/decks";
import type { DeckEmbedView } from "./types";

/** The deck widget's view of a published deck, with absolute links (the widget lives on other sites). */
export function deckEmbedView(origin: string, d: DeckDTO): DeckEmbedView {
  const stats = deckStats(d.entries.map((e) => ({ cardId: e.card.id, key: e.card.key, title: e.card.title, quantity: e.quantity, colors: e.card.colors, rings: e.card.rings, traits: e.card.traits })));
  return {
    slug: d.shareSlug,
    name: d.name,
    ownerName: d.ownerName,
    total: d.check.total,
    legal: d.check.legal,
    href: `${origin}/d/${d.shareSlug}`,
    entries: d.entries.map((e) => ({ quantity: e.quantity, title: e.card.title, key: e.card.key, rings: e.card.rings, colors: e.card.colors, href: `${origin}/cards/${e.card.set}/${e.card.number}` })),
    curve: stats.ringCurve,
  };
}
