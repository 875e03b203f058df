/**
 * Access-matrix rows for the public read API: API keys, sets, and the /api/v1 routes
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import { expect } from "vitest";
import * as apiKeys from "@/lib/api/data/keys";
import * as apiSets from "@/lib/api/data/sets";
import * as apiBulk from "@/lib/api/data/bulk";
import { PUBLIC, SIGNED_IN, OWNER_ONLY, sameForEveryone, type Row, type Rows } from "@/test/access/harness";

/** Every exported function of this feature's data access (key: file under lib/, then #name). */
export const data: Rows = {
  "api/data/sets.ts#listSets": { access: "checked", call: () => apiSets.listSets(), expect: PUBLIC, verify: sameForEveryone("listSets") },
  "api/data/bulk.ts#catalogFingerprint": { access: "checked", call: () => apiBulk.catalogFingerprint(), expect: PUBLIC, verify: sameForEveryone("catalogFingerprint") },
  "api/data/bulk.ts#allCatalogCards": { access: "checked", call: () => apiBulk.allCatalogCards(), expect: PUBLIC, verify: sameForEveryone("allCatalogCards") },
  "api/data/keys.ts#listMyApiKeys": { access: "checked", call: (actor) => apiKeys.listMyApiKeys(actor), expect: SIGNED_IN },
  "api/data/keys.ts#createApiKey": { access: "checked", call: (actor) => apiKeys.createApiKey(actor, "matrix"), expect: SIGNED_IN },
  "api/data/keys.ts#revokeApiKey": {
    access: "checked",
    prepare: async (f) => {
      const made = await apiKeys.createApiKey(f.users.owner, "owner's key");
      if (!("key" in made)) throw new Error("no key");
      return made.key.id;
    },
    call: (actor, _f, id) => apiKeys.revokeApiKey(actor, id),
    expect: OWNER_ONLY,
  },
  "api/data/keys.ts#apiKeyForSecret": { access: "auth", why: "the public API's key check: the secret a request presents is the authorization (there is no session on an API call)", importers: ["lib/api/route.ts"] },
};

type V1Route = { GET: (r: Request, c: { params: Promise<Record<string, string>> } | undefined) => Promise<Response> };
const V1: Record<string, () => Promise<V1Route>> = {
  cards: () => import("@/app/api/v1/cards/route"),
  "cards/[set]/[number]": () => import("@/app/api/v1/cards/[set]/[number]/route"),
  sets: () => import("@/app/api/v1/sets/route"),
  decks: () => import("@/app/api/v1/decks/route"),
  "decks/[slug]": () => import("@/app/api/v1/decks/[slug]/route"),
  "decks/code/[code]": () => import("@/app/api/v1/decks/code/[code]/route"),
  "openapi.json": () => import("@/app/api/v1/openapi.json/route"),
  bulk: () => import("@/app/api/v1/bulk/route"),
  "bulk/cards.json.gz": () => import("@/app/api/v1/bulk/cards.json.gz/route"),
  "bulk/cockatrice.xml": () => import("@/app/api/v1/bulk/cockatrice.xml/route"),
};
const v1 = (path: string, p?: Record<string, string>) => async () => {
  const mod = await V1[path]();
  return mod.GET(new Request("http://app.test/api/v1/x"), p ? { params: Promise.resolve(p) } : undefined);
};
const NOBODY = { guest: "denied", other: "denied", owner: "denied", admin: "denied" } as const;

/** Every route handler of this feature under app/api (key: route file under app/api, then #method). */
export const routes: Rows = {
  "v1/cards/route.ts#GET": { access: "checked", call: v1("cards"), expect: PUBLIC },
  "v1/cards/[set]/[number]/route.ts#GET": { access: "checked", call: v1("cards/[set]/[number]", { set: "DEMO", number: "1" }), expect: PUBLIC },
  "v1/sets/route.ts#GET": { access: "checked", call: v1("sets"), expect: PUBLIC },
  "v1/decks/route.ts#GET": { access: "checked", call: v1("decks"), expect: PUBLIC, verify: async (_who, r, f) => expect(await (r as Response).clone().text()).not.toContain(f.privateDeck.slug) },
  "v1/decks/[slug]/route.ts#GET": { access: "checked", call: async (_actor, f) => v1("decks/[slug]", { slug: f.privateDeck.slug })(), expect: NOBODY },
  "v1/decks/code/[code]/route.ts#GET": { access: "checked", call: v1("decks/code/[code]", { code: "%%%" }), expect: NOBODY },
  "v1/openapi.json/route.ts#GET": { access: "checked", call: v1("openapi.json"), expect: PUBLIC },
  "v1/bulk/route.ts#GET": { access: "checked", call: v1("bulk"), expect: PUBLIC },
  "v1/bulk/cards.json.gz/route.ts#GET": { access: "checked", call: v1("bulk/cards.json.gz"), expect: PUBLIC, verify: async (_who, r, f) => {
    const { gunzipSync } = await import("node:zlib");
    const text = gunzipSync(Buffer.from(await (r as Response).clone().arrayBuffer())).toString("utf8");
    expect(text).not.toContain(f.privateDeck.slug);
  } },
  "v1/bulk/cockatrice.xml/route.ts#GET": { access: "checked", call: v1("bulk/cockatrice.xml"), expect: PUBLIC, verify: async (_who, r, f) => expect(await (r as Response).clone().text()).not.toContain(f.privateDeck.slug) },
  ...Object.fromEntries(
    ["cards", "cards/[set]/[number]", "sets", "decks", "decks/[slug]", "decks/code/[code]", "openapi.json", "bulk", "bulk/cards.json.gz", "bulk/cockatrice.xml"].map((r) => [
      `v1/${r}/route.ts#OPTIONS`,
      { access: "pure", why: "the CORS preflight: fixed headers, no data" } satisfies Row,
    ]),
  ),
};
