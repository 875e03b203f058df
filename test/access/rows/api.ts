/**
 * Access-matrix rows for the public read API: API keys, sets, and the /api/v1 routes
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import { expect } from "vitest";
import * as apiKeys from "@/lib/api/data/keys";
import * as apiSets from "@/lib/api/data/sets";
import * as apiBulk from "@/lib/api/data/bulk";
import * as playGames from "@/lib/play/data/games";
import { starterSeatDeck } from "@/lib/play/test-fixture";
import { PUBLIC, SIGNED_IN, OWNER_ONLY, db, fixture, sameForEveryone, type Row, type Rows } from "@/test/access/harness";

/** A finished game by invite between the owner and the admin, with its replay link; the link's code. */
async function privateReplay(): Promise<string> {
  const { code } = await playGames.createGame(fixture().users.owner, { listing: "invite", pace: "live", columnRule: "priority" }, starterSeatDeck());
  const { inviteToken } = await db().playGame.findUniqueOrThrow({ where: { code } });
  await playGames.joinGame(fixture().users.admin, { token: inviteToken }, starterSeatDeck("eggman-empire"));
  const game = await db().playGame.update({ where: { code }, data: { status: "finished", result: "0", endReason: "concede" } });
  return (await db().playReplay.create({ data: { gameId: game.id, code: `a${game.id.slice(-11)}` } })).code;
}

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
  "replays/[code]": () => import("@/app/api/v1/replays/[code]/route"),
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
  // the API has no session: a private (invite) game's replay is not found for anyone, even its players (they open it on the site)
  "v1/replays/[code]/route.ts#GET": {
    access: "checked",
    prepare: () => privateReplay(),
    call: async (_actor, _f, code) => v1("replays/[code]", { code })(),
    expect: NOBODY,
  },
  "v1/openapi.json/route.ts#GET": { access: "checked", call: v1("openapi.json"), expect: PUBLIC },
  "v1/bulk/route.ts#GET": { access: "checked", call: v1("bulk"), expect: PUBLIC },
  "v1/bulk/cards.json.gz/route.ts#GET": { access: "checked", call: v1("bulk/cards.json.gz"), expect: PUBLIC, verify: async (_who, r, f) => {
    const { gunzipSync } = await import("node:zlib");
    const text = gunzipSync(Buffer.from(await (r as Response).clone().arrayBuffer())).toString("utf8");
    expect(text).not.toContain(f.privateDeck.slug);
  } },
  "v1/bulk/cockatrice.xml/route.ts#GET": { access: "checked", call: v1("bulk/cockatrice.xml"), expect: PUBLIC, verify: async (_who, r, f) => expect(await (r as Response).clone().text()).not.toContain(f.privateDeck.slug) },
  ...Object.fromEntries(
    ["cards", "cards/[set]/[number]", "sets", "decks", "decks/[slug]", "decks/code/[code]", "openapi.json", "bulk", "bulk/cards.json.gz", "replays/[code]", "bulk/cockatrice.xml"].map((r) => [
      `v1/${r}/route.ts#OPTIONS`,
      { access: "pure", why: "the CORS preflight: fixed headers, no data" } satisfies Row,
    ]),
  ),
};
