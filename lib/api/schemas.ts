import { z } from "zod";
import { COLORS } from "@/lib/catalog/colors";

/**
 * The public read API's shapes (/api/v1), one zod schema per object. The
 * OpenAPI document (./openapi.ts) is generated from these, and the contract
 * test validates every answer against that document, so a field added here
 * is documented and checked in one step. Every object carries `object` (its
 * kind) and a stable `id` (the database id, which never changes).
 */

export const CARD_FIELDS = ["set", "setName", "unofficial", "number", "title", "traits", "colors", "rings", "rarity", "text", "effect", "imageUrl", "uri"] as const;
export type CardField = (typeof CARD_FIELDS)[number];

const cardBase = {
  object: z.literal("card"),
  id: z.string().meta({ description: "Stable id of this printing." }),
  key: z.string().meta({ description: "Set code and number, e.g. DEMO-007.", example: "DEMO-007" }),
};
const cardRest = {
  set: z.string().meta({ description: "Set code.", example: "DEMO" }),
  setName: z.string(),
  unofficial: z.boolean().meta({ description: "True for sets that are not official printings (the demo set)." }),
  number: z.int().min(0),
  title: z.string(),
  traits: z.array(z.string()),
  colors: z.array(z.enum(COLORS)),
  rings: z.int(),
  rarity: z.string(),
  text: z.string(),
  effect: z.unknown().meta({ description: "The structured effect the rules engine plays, or null when the text is not automated." }),
  imageUrl: z.string().nullable(),
  uri: z.string().meta({ description: "This card in the API." }),
};

export const CardSchema = z.object({ ...cardBase, ...cardRest }).meta({ title: "Card" });
/** A card in a search answer: with `fields`, only the fields asked for (object, id and key always). */
export const CardPartSchema = z.object({ ...cardBase, ...z.object(cardRest).partial().shape }).meta({ title: "CardPart" });
export type ApiCard = z.infer<typeof CardSchema>;

export const WarningsSchema = z.array(z.string()).meta({ description: "Terms of the query that were ignored or match nothing the catalog knows (as Scryfall's `warnings`)." });

export const CardListSchema = z
  .object({
    object: z.literal("list"),
    total: z.int().min(0),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` (with the same q, sort and dir) for the next page; null on the last page." }),
    nextPage: z.string().nullable(),
    warnings: WarningsSchema,
    data: z.array(CardPartSchema),
  })
  .meta({ title: "CardList" });

export const SetSchema = z
  .object({ object: z.literal("set"), id: z.string(), code: z.string(), name: z.string(), unofficial: z.boolean(), cardCount: z.int().min(0), searchUri: z.string() })
  .meta({ title: "Set" });
export const SetListSchema = z.object({ object: z.literal("list"), total: z.int().min(0), data: z.array(SetSchema) }).meta({ title: "SetList" });

const author = z.object({ id: z.string(), name: z.string() });

export const DeckSummarySchema = z
  .object({
    object: z.literal("deck"),
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    author,
    total: z.int().min(0),
    legal: z.boolean(),
    legalSummary: z.string(),
    colors: z.array(z.enum(COLORS)),
    updatedAt: z.iso.datetime(),
    counts: z.object({ likes: z.int(), views: z.int(), copies: z.int(), comments: z.int() }),
    uri: z.string(),
    webUri: z.string(),
  })
  .meta({ title: "DeckSummary" });
export const DeckListSchema = z.object({ object: z.literal("list"), total: z.int().min(0), data: z.array(DeckSummarySchema) }).meta({ title: "DeckList" });

const deckEntry = z.object({ quantity: z.int().min(1), card: CardSchema });
const deckCheck = { total: z.int().min(0), legal: z.boolean(), legalSummary: z.string() };

export const DeckSchema = z
  .object({
    object: z.literal("deck"),
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    visibility: z.enum(["public", "unlisted"]),
    version: z.int().min(1),
    author,
    updatedAt: z.iso.datetime(),
    ...deckCheck,
    cards: z.array(deckEntry),
    uri: z.string(),
    webUri: z.string(),
  })
  .meta({ title: "Deck" });

export const DeckCodeSchema = z
  .object({
    object: z.literal("deck-list"),
    id: z.string().meta({ description: "The deck code itself: the list is its content." }),
    ...deckCheck,
    cards: z.array(deckEntry),
    missing: z.array(z.string()).meta({ description: "Printings the code names that the catalog does not have (SET-NUMBER)." }),
    webUri: z.string(),
  })
  .meta({ title: "DeckCode" });

export const BulkDataSchema = z
  .object({
    object: z.literal("bulk-data"),
    type: z.literal("cards"),
    updatedAt: z.iso.datetime().meta({ description: "When the catalog last changed: the file is rebuilt after every change." }),
    cardCount: z.int().min(0),
    size: z.int().min(0).meta({ description: "Bytes of the gzip file." }),
    sha256: z.string().regex(/^[0-9a-f]{64}$/).meta({ description: "SHA-256 (hex) of the gzip file as downloaded." }),
    contentType: z.literal("application/json").meta({ description: "What the file holds once decompressed: {object, type, updatedAt, data: Card[]}." }),
    contentEncoding: z.literal("gzip"),
    downloadUri: z.string(),
    cockatriceUri: z.string().meta({ description: "The same catalog as a Cockatrice card database (XML, carddatabase version 4), rebuilt with it." }),
  })
  .meta({ title: "BulkData" });
export type BulkData = z.infer<typeof BulkDataSchema>;

const replayDeckCard = z.object({ key: z.string().meta({ description: "The card's key, SET-NNN." }), title: z.string(), quantity: z.int().min(1) });

export const ReplaySchema = z
  .object({
    object: z.literal("replay"),
    id: z.string().meta({ description: "The replay's code, as in /r/<code>." }),
    pace: z.enum(["live", "correspondence"]),
    columnRule: z.enum(["priority", "no-mirror"]),
    winner: z.union([z.int().min(0).max(1), z.literal("draw"), z.null()]).meta({ description: "The winning seat (0 or 1), \"draw\", or null." }),
    endReason: z.union([z.enum(["emeralds", "turns", "concede", "timeout"]), z.null()]),
    createdAt: z.iso.datetime(),
    finishedAt: z.union([z.iso.datetime(), z.null()]),
    players: z.array(z.object({ seat: z.int().min(0).max(1), name: z.string(), deck: z.object({ name: z.string(), cards: z.array(replayDeckCard) }) })),
    steps: z
      .array(
        z.object({
          seq: z.int().min(0).meta({ description: "The action's number in the game's log (0: the deal)." }),
          turn: z.int().min(1),
          seat: z.union([z.int().min(0).max(1), z.null()]).meta({ description: "The seat that acted (null for the deal)." }),
          action: z.union([z.enum(["place", "flip", "pass", "choose", "correct", "concede", "claim"]), z.null()]),
          emeralds: z.array(z.int().min(0)).length(2),
          log: z.array(z.string()).meta({ description: "What happened, as a spectator could read it." }),
        }),
      )
      .meta({ description: "Every step of the game in the public view (no hidden card)." }),
    uri: z.string(),
    webUri: z.string(),
  })
  .meta({ title: "Replay" });

export const ErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) }).meta({ title: "Error" });

/** GET /api/v1/cards: the query string. */
export const cardSearchInput = z.object({
  q: z.string().max(1000).default("").meta({ description: "A query in the card query language of /cards (see /cards/syntax)." }),
  sort: z.enum(["number", "title", "rings", "color"]).default("number"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  cursor: z.string().max(200).optional().meta({ description: "The `nextCursor` of the previous page." }),
  fields: z.string().max(300).optional().meta({ description: `Comma-separated card fields to return (object, id and key always): ${CARD_FIELDS.join(", ")}.` }),
});

export const cardInput = z.object({ set: z.string().regex(/^[A-Za-z0-9-]{1,20}$/), number: z.string().regex(/^\d{1,6}$/) });
export const deckSearchInput = z.object({
  name: z.string().max(100).default(""),
  card: z.string().max(100).default("").meta({ description: "A card title in the deck." }),
  sort: z.enum(["new", "popular", "liked"]).default("new"),
});
export const deckSlugInput = z.object({ slug: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
export const deckCodeInput = z.object({ code: z.string().min(1).max(4000) });
export const replayCodeInput = z.object({ code: z.string().min(1).max(40) });
