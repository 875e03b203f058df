import "server-only";
import type { Actor } from "@/lib/server/actor";
import { z } from "zod";
import { getDeckForPlaytest } from "@/lib/decks/data";
import { listMyDecks } from "@/lib/decks/data";
import { getPlaytestCards } from "@/lib/playtest/data";
import { DomainError } from "@/lib/server/errors";
import { deckListKeys, resolveCardKeys, starterDeckKeys, starterDecks } from "@/lib/playtest/cards";
import type { DeckOptionDTO, SeatDeck } from "./types";

/** A deck choice of the game forms: "starter:<slug>" or "deck:<id>" (one of the player's own). */
export const deckChoiceSchema = z.string().regex(/^(starter|deck):[A-Za-z0-9_-]{1,64}$/, "Choose a deck.");

/**
 * The deck a player brings to a game, as the engine's card definitions from
 * the catalog: a starter, or one of the player's own decks if it is legal by
 * the one deck-rules module (lib/decks/rules.ts, through the decks DAL, which
 * also checks that the deck is theirs). A game fixes these definitions when
 * the player sits.
 */
export async function resolveSeatDeck(actor: Actor, choice: string): Promise<SeatDeck> {
  const [kind, id] = [choice.slice(0, choice.indexOf(":")), choice.slice(choice.indexOf(":") + 1)];
  let name: string;
  let keys: string[];
  if (kind === "starter") {
    const k = starterDeckKeys(id);
    if (!k) throw new DomainError("play/unknown-deck", "There is no such starter deck.");
    name = starterDecks().find((d) => d.slug === id)?.name ?? id;
    keys = k;
  } else {
    const r = await getDeckForPlaytest(actor, { deckId: id });
    if (!r.ok) throw new DomainError("play/unknown-deck", r.message);
    if (!r.check.legal) throw new DomainError("play/illegal-deck", `“${r.name}” is not a legal deck: ${r.check.summary} Fix it in the deck editor, or bring a starter.`);
    name = r.name;
    keys = deckListKeys(r.cards);
  }
  const resolved = resolveCardKeys(keys, await getPlaytestCards(keys));
  if (!resolved.ok) throw new DomainError("play/unknown-deck", resolved.error.reason);
  return { name, keys, cards: resolved.cards };
}

/** The decks the signed-in player may choose from: their own (legal or not, with why) and the starters. */
export async function deckOptions(actor: Actor): Promise<DeckOptionDTO[]> {
  const mine = (await listMyDecks(actor)).filter((d) => d.total > 0);
  return [
    ...mine.map((d) => ({ value: `deck:${d.id}`, name: d.name, detail: `Your deck · ${d.total} cards`, legal: d.legal, summary: d.legalSummary })),
    ...starterDecks().map((d) => ({ value: `starter:${d.slug}`, name: d.name, detail: `Starter · ${d.size} cards`, legal: true, summary: "" })),
  ];
}
