import "server-only";
import { requireActor, type Actor } from "@/lib/server/actor";
import { tryDecodeDeckCode } from "@/lib/decks/deck-code";
import type { DeckCheck } from "@/lib/decks/rules";
import type { DeckEntryDTO, DeckListEntry } from "@/lib/decks/types";
import { getDeckForOwner, getSharedDeck, resolveDeckList } from "./read";

export type PlaytestDeckResult =
  | { ok: true; name: string; cards: (DeckListEntry & { title: string })[]; check: DeckCheck }
  | { ok: false; code: "deck/not-found" | "deck/empty" | "deck/bad-code"; message: string };

/**
 * The deck behind a playtest link: `?deck=<id>` (the owner's deck), `?slug=<slug>`
 * (a deck the viewer may see) or `?code=<deck code>`; private decks of others
 * are not found. A deck that is not legal plays in practice mode (its `check`
 * says why); only an empty deck cannot be played.
 */
export async function getDeckForPlaytest(actor: Actor | null, source: { deckId: string } | { slug: string } | { code: string }): Promise<PlaytestDeckResult> {
  let name: string;
  let entries: DeckEntryDTO[];
  let check: DeckCheck;
  if ("code" in source) {
    const decoded = tryDecodeDeckCode(source.code);
    if (!decoded.ok) return { ok: false, code: "deck/bad-code", message: decoded.message };
    const r = await resolveDeckList(actor, decoded.entries);
    if (r.missing.length) return { ok: false, code: "deck/not-found", message: `The catalog has no ${r.missing.join(", ")}.` };
    name = "Deck from a code";
    ({ entries, check } = r);
  } else {
    const deck = "deckId" in source ? await getDeckForOwner(requireActor(actor), source.deckId) : await getSharedDeck(actor, source.slug);
    if (!deck) return { ok: false, code: "deck/not-found", message: "This deck does not exist." };
    ({ name, entries, check } = deck);
  }
  if (check.total === 0) return { ok: false, code: "deck/empty", message: "This deck has no cards yet: add some first." };
  return { ok: true, name, cards: entries.map((e) => ({ set: e.card.set, number: e.card.number, quantity: e.quantity, title: e.card.title })), check };
}
