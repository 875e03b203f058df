import type { CardDTO } from "@/lib/catalog/card-types";
import type { DeckDTO, DeckEntryDTO, DeckSummaryDTO } from "@/lib/decks/types";
import type { DeckCheck } from "@/lib/decks/rules";
import type { z } from "zod";
import { CARD_FIELDS, type ApiCard, type CardField, type DeckCodeSchema, type DeckSchema, type DeckSummarySchema } from "@/lib/api/schemas";

/** The API's paths, relative to the site (answers carry absolute URLs built from the request's origin). */
export const API_BASE = "/api/v1";

export function cardUri(origin: string, set: string, number: number): string {
  return `${origin}${API_BASE}/cards/${encodeURIComponent(set)}/${number}`;
}

export function toApiCard(origin: string, c: CardDTO): ApiCard {
  return {
    object: "card",
    id: c.id,
    key: c.key,
    set: c.set,
    setName: c.setName,
    unofficial: c.unofficial,
    number: c.number,
    title: c.title,
    traits: c.traits,
    colors: c.colors,
    rings: c.rings,
    rarity: c.rarity,
    text: c.text,
    effect: c.effect,
    imageUrl: c.imageUrl === null ? null : c.imageUrl.startsWith("/") ? origin + c.imageUrl : c.imageUrl,
    uri: cardUri(origin, c.set, c.number),
  };
}

/** The card fields asked for (`fields=title,rings`): null for all; an unknown name is refused with the list of known ones. */
export function parseFields(raw: string | undefined): { ok: true; fields: CardField[] | null } | { ok: false; message: string } {
  if (raw === undefined || raw.trim() === "") return { ok: true, fields: null };
  const names = raw.split(",").map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(CARD_FIELDS as readonly string[]).includes(n) && n !== "id" && n !== "key" && n !== "object");
  if (unknown.length) return { ok: false, message: `Unknown field${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `“${u}”`).join(", ")}. Known fields: ${CARD_FIELDS.join(", ")}.` };
  return { ok: true, fields: names.filter((n): n is CardField => (CARD_FIELDS as readonly string[]).includes(n)) };
}

/** A card with only the fields asked for (object, id and key always). */
export function pickFields(card: ApiCard, fields: CardField[] | null): Partial<ApiCard> & Pick<ApiCard, "object" | "id" | "key"> {
  if (!fields) return card;
  const out: Partial<ApiCard> & Pick<ApiCard, "object" | "id" | "key"> = { object: "card", id: card.id, key: card.key };
  for (const f of fields) (out as Record<string, unknown>)[f] = card[f];
  return out;
}

const entries = (origin: string, list: DeckEntryDTO[]) => list.map((e) => ({ quantity: e.quantity, card: toApiCard(origin, e.card) }));
const check = (c: DeckCheck) => ({ total: c.total, legal: c.legal, legalSummary: c.summary });

export function toApiDeckSummary(origin: string, d: DeckSummaryDTO): z.infer<typeof DeckSummarySchema> {
  return {
    object: "deck",
    id: d.id,
    slug: d.shareSlug,
    name: d.name,
    author: { id: d.ownerId, name: d.ownerName },
    total: d.total,
    legal: d.legal,
    legalSummary: d.legalSummary,
    colors: d.colors,
    updatedAt: d.updatedAt,
    counts: d.counts,
    uri: `${origin}${API_BASE}/decks/${d.shareSlug}`,
    webUri: `${origin}/d/${d.shareSlug}`,
  };
}

export function toApiDeck(origin: string, d: DeckDTO): z.infer<typeof DeckSchema> {
  return {
    object: "deck",
    id: d.id,
    slug: d.shareSlug,
    name: d.name,
    description: d.description,
    visibility: d.visibility === "public" ? "public" : "unlisted",
    version: d.version,
    author: { id: d.ownerId, name: d.ownerName },
    updatedAt: d.updatedAt,
    ...check(d.check),
    cards: entries(origin, d.entries),
    uri: `${origin}${API_BASE}/decks/${d.shareSlug}`,
    webUri: `${origin}/d/${d.shareSlug}`,
  };
}

export function toApiDeckCode(origin: string, code: string, resolved: { entries: DeckEntryDTO[]; missing: string[]; check: DeckCheck }): z.infer<typeof DeckCodeSchema> {
  return { object: "deck-list", id: code, ...check(resolved.check), cards: entries(origin, resolved.entries), missing: resolved.missing, webUri: `${origin}/d/code/${encodeURIComponent(code)}` };
}
