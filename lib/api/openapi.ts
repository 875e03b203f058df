import { z } from "zod";
import { ruleFor } from "@/lib/server/rate-limit";
import { API_BASE } from "@/lib/api/present";
import {
  BulkDataSchema,
  CardListSchema,
  CardPartSchema,
  CardSchema,
  cardSearchInput,
  DeckCodeSchema,
  DeckListSchema,
  DeckSchema,
  deckSearchInput,
  DeckSummarySchema,
  ErrorSchema,
  ReplaySchema,
  SetListSchema,
  SetSchema,
} from "@/lib/api/schemas";

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the
 * answers are built to (z.toJSONSchema, JSON Schema 2020-12, which OpenAPI
 * 3.1 uses as is). Served at /api/v1/openapi.json, rendered on /developers,
 * and the contract test validates every endpoint's answers against it.
 */

const COMPONENTS = { BulkData: BulkDataSchema, Card: CardSchema, CardPart: CardPartSchema, CardList: CardListSchema, Set: SetSchema, SetList: SetListSchema, DeckSummary: DeckSummarySchema, DeckList: DeckListSchema, Deck: DeckSchema, DeckCode: DeckCodeSchema, Replay: ReplaySchema, Error: ErrorSchema };
export type ComponentName = keyof typeof COMPONENTS;

function componentSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, target: "draft-2020-12", io: "output", unrepresentable: "any" });
  const out: Record<string, unknown> = {};
  for (const [id, s] of Object.entries(schemas)) {
    const { $schema: _s, $id: _i, ...rest } = s as Record<string, unknown>;
    out[id] = rest;
  }
  return out;
}

/** Query parameters of an input schema, each with its JSON Schema (path parameters are named apart). */
function queryParameters(schema: z.ZodObject): unknown[] {
  const json = z.toJSONSchema(schema, { io: "input", target: "draft-2020-12" }) as { properties: Record<string, { description?: string }> };
  return Object.entries(json.properties).map(([name, s]) => {
    const { description, ...rest } = s;
    return { name, in: "query", required: false, ...(description ? { description } : {}), schema: rest };
  });
}

const pathParam = (name: string, description: string, example: string) => ({ name, in: "path", required: true, description, schema: { type: "string" }, example });

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });

const RATE_HEADERS = {
  "RateLimit-Limit": { description: "Requests allowed in the current window.", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window resets.", schema: { type: "integer" } },
};

function ok(name: ComponentName, description: string) {
  return {
    "200": { description, headers: { ...RATE_HEADERS, ETag: { description: "Strong validator of the body; send it back as If-None-Match.", schema: { type: "string" } } }, content: { "application/json": { schema: ref(name) } } },
    "304": { description: "Not modified: the If-None-Match named the current ETag.", headers: RATE_HEADERS },
  };
}
const errors = (...codes: ("400" | "401" | "404")[]) => ({
  ...Object.fromEntries(codes.map((c) => [c, { description: { "400": "The request is not valid (a query the parser refuses, a bad cursor or field).", "401": "The API key sent is unknown or revoked.", "404": "Not found." }[c], content: { "application/json": { schema: ref("Error") } } }])),
  "429": { description: "Rate limited: wait Retry-After seconds.", headers: { ...RATE_HEADERS, "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } }, content: { "application/json": { schema: ref("Error") } } },
});

/** The published limits (the rules in force, environment overrides included). */
export function publishedLimits() {
  const address = ruleFor("api-address");
  const key = ruleFor("api-key");
  return { address: { requests: address.points, seconds: address.duration }, key: { requests: key.points, seconds: key.duration } };
}

/** The published limits in words, as the account page and /developers say them. */
export function limitsInWords(): { withKey: string; without: string } {
  const { address, key } = publishedLimits();
  const per = (s: number) => (s === 60 ? "a minute" : `${s} seconds`);
  return { without: `${address.requests} requests ${per(address.seconds)} per address`, withKey: `${key.requests} requests ${per(key.seconds)} per key` };
}

export function openApiDocument(origin: string) {
  const limits = publishedLimits();
  return {
    openapi: "3.1.0",
    info: {
      title: "Ringbinder public API",
      version: "1.0.0",
      description: `Read-only JSON API of the Ringbinder catalog, shared decks and game replays. No key is needed: each address may make ${limits.address.requests} requests per ${limits.address.seconds} seconds; an API key (made on your account page) raises that to ${limits.key.requests} per ${limits.key.seconds} seconds. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; over the limit the answer is 429 with Retry-After. JSON answers have an ETag: send If-None-Match to get 304. CORS is open for GET. Errors are {"error":{"code","message"}}.`,
    },
    servers: [{ url: `${origin}${API_BASE}` }],
    components: {
      schemas: componentSchemas(),
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key (rbk_…) as `Authorization: Bearer …` (or the X-Api-Key header). Optional: it raises the rate limit." } },
    },
    security: [{}, { apiKey: [] }],
    paths: {
      "/cards": {
        get: {
          operationId: "searchCards",
          summary: "Search cards with the query language of /cards",
          parameters: queryParameters(cardSearchInput),
          responses: { ...ok("CardList", "One page of matching cards (60 a page), with warnings for terms that match nothing known."), ...errors("400", "401") },
        },
      },
      "/cards/{set}/{number}": {
        get: { operationId: "getCard", summary: "One card by set code and number", parameters: [pathParam("set", "Set code.", "DEMO"), pathParam("number", "Collector number.", "7")], responses: { ...ok("Card", "The card."), ...errors("401", "404") } },
      },
      "/sets": { get: { operationId: "listSets", summary: "Every set", responses: { ...ok("SetList", "The sets, by code."), ...errors("401") } } },
      "/decks": {
        get: { operationId: "listPublicDecks", summary: "Public decks (at most 60)", parameters: queryParameters(deckSearchInput), responses: { ...ok("DeckList", "Public decks."), ...errors("400", "401") } },
      },
      "/decks/{slug}": {
        get: { operationId: "getDeck", summary: "A shared (public or unlisted) deck by its link slug", parameters: [pathParam("slug", "The deck's share slug, as in /d/<slug>.", "abc123")], responses: { ...ok("Deck", "The deck."), ...errors("401", "404") } },
      },
      "/bulk": {
        get: { operationId: "describeBulkData", summary: "The bulk download of the whole catalog: when it last changed, its size and SHA-256, and its link", responses: { ...ok("BulkData", "The bulk file, described."), ...errors("401") } },
      },
      "/bulk/cards.json.gz": {
        get: {
          operationId: "downloadBulkCards",
          summary: "Every card of the catalog as one gzip-compressed JSON file (rebuilt whenever the catalog changes)",
          responses: {
            "200": {
              description: "The file: gzip of {object: \"bulk\", type: \"cards\", updatedAt, data: Card[]}. Its ETag is its SHA-256; Repr-Digest carries the same digest.",
              headers: { ...RATE_HEADERS, ETag: { description: "The SHA-256 (hex) of the file, quoted.", schema: { type: "string" } } },
              content: { "application/gzip": { schema: { type: "string", contentMediaType: "application/gzip" } } },
            },
            "304": { description: "Not modified: the If-None-Match named the current file.", headers: RATE_HEADERS },
            ...errors("401"),
          },
        },
      },
      "/replays/{code}": {
        get: {
          operationId: "getReplay",
          summary: "A finished online game's replay, step by step in the public view",
          description: "Replays of games that were open in the lobby only (a private game's replay is for its players, on the site). A game that is not over has no replay.",
          parameters: [pathParam("code", "The replay's code, as in /r/<code>.", "")],
          responses: { ...ok("Replay", "The replay."), ...errors("401", "404") },
        },
      },
      "/bulk/cockatrice.xml": {
        get: {
          operationId: "downloadCockatriceDatabase",
          summary: "The catalog as a Cockatrice card database (carddatabase version 4 XML), rebuilt whenever the catalog changes",
          responses: {
            "200": {
              description: "The XML file: one <card> a card, named \"Title (SET-NNN)\"; rings as manacost and cmc, colours U R Y A, traits as type (docs/api.md). Its ETag is its SHA-256; Repr-Digest carries the same digest.",
              headers: { ...RATE_HEADERS, ETag: { description: "The SHA-256 (hex) of the file, quoted.", schema: { type: "string" } } },
              content: { "application/xml": { schema: { type: "string", contentMediaType: "application/xml" } } },
            },
            "304": { description: "Not modified: the If-None-Match named the current file.", headers: RATE_HEADERS },
            ...errors("401"),
          },
        },
      },
      "/decks/code/{code}": {
        get: { operationId: "getDeckCode", summary: "The list a deck code holds", parameters: [pathParam("code", "A deck code, as in /d/code/<code>.", "")], responses: { ...ok("DeckCode", "The resolved list."), ...errors("400", "401") } },
      },
    },
  };
}
