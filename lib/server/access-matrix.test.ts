/**
 * The access-control matrix: every exported function of lib/dal and every
 * route handler under app/api has a row saying who may use it (a guest,
 * another signed-in user, the owner of the data, an admin) and what each of
 * them gets. The rows are checked by calling the code as each of the four;
 * the table is checked against the code, so a new exported DAL function or
 * route handler without a row fails this file.
 *
 * Outcomes: "ok" (answered), "unauthenticated" (AuthError / 401 / redirect to
 * sign-in), "forbidden" (AuthError / 403), "denied" (nothing of someone
 * else's: null, a not-found or refusal result, 404). After every call made by
 * a guest or the other user, the owner's data must be unchanged.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import { DomainError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/actor";
import { GUEST } from "@/test/actors";
import { dataFiles, walk } from "@/test/walk";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", () => ({ refresh: () => undefined, revalidatePath: () => undefined, revalidateTag: () => undefined, unstable_cache: <T,>(fn: T) => fn }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw new Error(`NEXT_REDIRECT:${to}`);
  },
  forbidden: () => {
    throw new Error("NEXT_HTTP_ERROR_FALLBACK;403");
  },
  notFound: () => {
    throw new Error("NEXT_HTTP_ERROR_FALLBACK;404");
  },
}));

const t = createTestDatabase("access-matrix");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const root = path.resolve(__dirname, "../..");
const { NextRequest } = await import("next/server");
const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const account = await import("@/lib/accounts/data/account");
const requestActor = await import("@/lib/server/request-actor");
const cardPage = await import("@/lib/catalog/data/card-page");
const cards = await import("@/lib/catalog/data/cards");
const catalogAdmin = await import("@/lib/catalog/data/catalog-admin");
const catalogImport = await import("@/lib/catalog/data/catalog-import");
const lab = await import("@/lib/lab/data");
const bulk = await import("@/lib/server/db/bulk");
const publicPages = await import("@/lib/catalog/data/public-pages");
const community = await import("@/lib/community/data");
const cardImages = await import("@/lib/catalog/data/card-images");
const collectionImport = await import("@/lib/collection/data/import");
const literalMatch = await import("@/lib/server/db/literal-match");
const playtestCards = await import("@/lib/playtest/data");
const starterDecks = await import("@/lib/decks/data/starter-decks");
const suggestions = await import("@/lib/catalog/data/suggestions");
const searchRun = await import("@/lib/catalog/data/card-search/run");
const searchCatalog = await import("@/lib/catalog/data/card-search/catalog");
const searchOwned = await import("@/lib/catalog/data/card-search/owned");
const browse = await import("@/lib/collection/data/browse");
const quantities = await import("@/lib/collection/data/quantities");
const lookup = await import("@/lib/collection/data/lookup");
const packs = await import("@/lib/collection/data/packs");
const completion = await import("@/lib/collection/data/completion");
const transfer = await import("@/lib/collection/data/transfer");
const deckCatalog = await import("@/lib/decks/data/catalog");
const deckLists = await import("@/lib/decks/data/lists");
const deckPlaytest = await import("@/lib/decks/data/playtest");
const deckRead = await import("@/lib/decks/data/read");
const deckVersions = await import("@/lib/decks/data/versions");
const deckWrite = await import("@/lib/decks/data/write");
const { CATALOG_COLUMNS } = await import("@/lib/catalog/io");
const playGames = await import("@/lib/play/data/games");
const playNotifications = await import("@/lib/play/data/notifications");
const { starterSeatDeck } = await import("@/lib/play/test-fixture");

type Who = "guest" | "other" | "owner" | "admin";
const WHO: Who[] = ["guest", "other", "admin", "owner"];
type Outcome = "ok" | "unauthenticated" | "forbidden" | "denied";

/** The fixture: three accounts and the owner's data (a private and a public deck, a collection, a pack, a lab run, a suggestion). */
type Fixture = {
  users: Record<Exclude<Who, "guest">, SessionUser>;
  card: (n: number) => string;
  privateDeck: { id: string; slug: string };
  publicDeck: { id: string; slug: string };
  pendingSuggestion: () => Promise<string>;
  spareCard: () => Promise<string>;
  ownerDeck: () => Promise<string>;
  ownerPack: () => Promise<string>;
  ownerComment: () => Promise<string>;
  deckVersion: (id: string) => Promise<number>;
  /** The caller's own collection as stored: card id -> quantity (> 0). */
  ownedBy: (who: Who) => Promise<Record<string, number>>;
};

type Checked = {
  access: "checked";
  /** Runs before each caller (as nobody), e.g. to make a fresh target; its value is passed to `call`. */
  prepare?: (f: Fixture) => Promise<string>;
  call: (actor: Actor, f: Fixture, prepared: string) => Promise<unknown>;
  expect: Record<Who, Outcome>;
  /** Extra checks of what a caller got: nothing of the owner's for anyone else. */
  verify?: (who: Who, result: unknown, f: Fixture) => unknown;
};
type Row =
  | Checked
  /** No data access, or data passed in by the caller: nothing to authorize. */
  | { access: "pure"; why: string }
  /** A step of another DAL function that already checked the session (or takes a transaction client, which only lib/dal can open); `importers`, when given, are the only files that may use it. */
  | { access: "internal"; why: string; importers?: string[] }
  /** Authentication itself, before there is a session, or the session gate; only the listed files may import its module. */
  | { access: "auth" | "system"; why: string; importers: string[] };

const PUBLIC: Record<Who, Outcome> = { guest: "ok", other: "ok", owner: "ok", admin: "ok" };
const SIGNED_IN: Record<Who, Outcome> = { guest: "unauthenticated", other: "ok", owner: "ok", admin: "ok" };
const OWNER_ONLY: Record<Who, Outcome> = { guest: "unauthenticated", other: "denied", owner: "ok", admin: "denied" };
const OWNER_ONLY_PUBLIC_READ: Record<Who, Outcome> = { guest: "denied", other: "denied", owner: "ok", admin: "denied" };
const ADMIN: Record<Who, Outcome> = { guest: "unauthenticated", other: "forbidden", owner: "forbidden", admin: "ok" };

const ownerDeckIds = (r: unknown) => JSON.stringify(r);

/** What the first caller (the guest) got, by row: cached public data must be the same whoever asks. */
const firstAnswer = new Map<string, string>();
const sameForEveryone =
  (row: string, more?: (r: unknown, f: Fixture) => unknown) =>
  (who: Who, r: unknown, f: Fixture) => {
    const got = JSON.stringify(r);
    if (who === WHO[0]) firstAnswer.set(row, got);
    else expect(got, `${row} answered ${who} differently`).toBe(firstAnswer.get(row));
    return more?.(r, f);
  };
const noOwnerPrivateDeck = (who: Who, r: unknown, f: Fixture) => {
  if (who !== "owner") expect(ownerDeckIds(r)).not.toContain(f.privateDeck.id);
};

function validCard(number: number) {
  return { set: "MATRIX", number, title: `Matrix Card ${number}`, traits: ["Robot"], colors: ["red" as const], rings: 2, rarity: "common" as const, text: "", effect: null, imageUrl: null };
}
let cardNumber = 1;
const nextCard = () => validCard(cardNumber++);
const legal = (f: Fixture) => [5, 6, 8, 11, 13, 15].map((n) => ({ cardId: f.card(n), quantity: 5 }));


// ---- public read API (issue 27: lib/api, app/api/v1): its own block, to move into its row file ----
const apiKeys = await import("@/lib/api/data/keys");
const apiSets = await import("@/lib/api/data/sets");
const API_DAL: Record<string, Row> = {
  "catalog/data/card-search/catalog.ts#searchVocabulary": { access: "checked", call: async () => (await searchCatalog.searchVocabulary()).traits.size, expect: PUBLIC },
  "api/data/sets.ts#listSets": { access: "checked", call: () => apiSets.listSets(), expect: PUBLIC, verify: sameForEveryone("listSets") },
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
const v1 = (path: string, p?: Record<string, string>) => async () => {
  const mod = (await import(`@/app/api/v1/${path}/route`)) as { GET: (r: Request, c?: unknown) => Promise<Response> };
  return mod.GET(new Request("http://app.test/api/v1/x"), p ? { params: Promise.resolve(p) } : undefined);
};
const API_ROUTES: Record<string, Row> = {
  "v1/cards/route.ts#GET": { access: "checked", call: v1("cards"), expect: PUBLIC },
  "v1/cards/[set]/[number]/route.ts#GET": { access: "checked", call: v1("cards/[set]/[number]", { set: "DEMO", number: "1" }), expect: PUBLIC },
  "v1/sets/route.ts#GET": { access: "checked", call: v1("sets"), expect: PUBLIC },
  "v1/decks/route.ts#GET": { access: "checked", call: v1("decks"), expect: PUBLIC, verify: async (_who, r, f) => expect(await (r as Response).clone().text()).not.toContain(f.privateDeck.slug) },
  "v1/decks/[slug]/route.ts#GET": { access: "checked", call: async (actor, f) => v1("decks/[slug]", { slug: f.privateDeck.slug })(), expect: { guest: "denied", other: "denied", owner: "denied", admin: "denied" } },
  "v1/decks/code/[code]/route.ts#GET": { access: "checked", call: v1("decks/code/[code]", { code: "%%%" }), expect: { guest: "denied", other: "denied", owner: "denied", admin: "denied" } },
  "v1/openapi.json/route.ts#GET": { access: "checked", call: v1("openapi.json"), expect: PUBLIC },
  ...Object.fromEntries(["cards", "cards/[set]/[number]", "sets", "decks", "decks/[slug]", "decks/code/[code]", "openapi.json"].map((r) => [`v1/${r}/route.ts#OPTIONS`, { access: "pure", why: "the CORS preflight: fixed headers, no data" } satisfies Row])),
};

/** Every exported function of lib/dal, by file (relative to lib/dal) and name. */
const DAL: Record<string, Row> = {
  ...API_DAL,
  "accounts/data/account.ts#getMyAccount": { access: "checked", call: (actor) => account.getMyAccount(actor), expect: SIGNED_IN, verify: (who, r, f) => who !== "guest" && expect((r as { email: string }).email).toBe(f.users[who].email) },
  "accounts/data/account.ts#endAllMySessions": { access: "checked", call: (actor) => account.endAllMySessions(actor), expect: SIGNED_IN },
  "accounts/data/account.ts#changeMyPassword": { access: "checked", call: (actor) => account.changeMyPassword(actor, "not-the-password", "Another-Long-Passphrase-77"), expect: { guest: "unauthenticated", other: "denied", owner: "denied", admin: "denied" } },
  "accounts/data/account.ts#exportMyData": {
    access: "checked",
    call: (actor) => account.exportMyData(actor),
    expect: SIGNED_IN,
    verify: (who, r, f) => {
      expect(JSON.stringify(r)).toContain(f.users[who as Exclude<Who, "guest">].email);
      if (who !== "owner") expect(JSON.stringify(r)).not.toContain(f.privateDeck.id);
    },
  },
  "accounts/data/account.ts#updateDisplayName": { access: "checked", call: (actor) => account.updateDisplayName(actor, current.user?.displayName ?? "Guest"), expect: SIGNED_IN },
  "accounts/data/account.ts#deleteMyAccount": { access: "checked", call: (actor) => account.deleteMyAccount(actor, "not-the-password"), expect: { guest: "unauthenticated", other: "denied", owner: "denied", admin: "denied" } },
  "accounts/data/account.ts#passwordResetTokenFor": { access: "auth", why: "forgot-password: makes a reset link for an email, before there is a session (the answer never says whether the email exists)", importers: ["lib/accounts/actions/account.ts"] },
  "accounts/data/account.ts#checkResetToken": { access: "auth", why: "reset-password: the signed one-time token is the authorization", importers: ["app/(auth)/reset-password/page.tsx"] },
  "accounts/data/account.ts#resetPassword": { access: "auth", why: "reset-password: the signed one-time token is the authorization", importers: ["lib/accounts/actions/account.ts"] },
  "server/db/bulk.ts#yieldToEventLoop": { access: "pure", why: "waits a tick" },
  // an import job belongs to the session's user; the steps on it need the job startImportJob minted (forgeries: the test at the end)
  "server/db/bulk.ts#startImportJob": { access: "checked", call: async (actor) => (await bulk.startImportJob(actor, "collection", 0)).userId, expect: SIGNED_IN, verify: (who, r, f) => expect(r).toBe(f.users[who as Exclude<Who, "guest">].id) },
  "server/db/bulk.ts#analyzeStaged": {
    access: "internal",
    why: "PostgreSQL: refreshes the planner's statistics of the staging tables once an import that has passed its own checks has staged its rows (reads or writes no row)",
    importers: ["lib/catalog/data/catalog-import.ts", "lib/collection/data/import.ts"],
  },
  "server/db/bulk.ts#stageInChunks": { access: "pure", why: "hands chunks of the rows it is given to the importer's own write (no data access of its own)" },
  "server/db/bulk.ts#applyInOneTransaction": {
    access: "checked",
    call: async (actor) => {
      const job = await bulk.startImportJob(actor, "collection", 0);
      await bulk.applyInOneTransaction(job, 0, { kind: "collection", timeoutMs: 10_000, range: async () => {} });
      return (await t.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } })).status;
    },
    expect: SIGNED_IN,
    verify: (_who, r) => expect(r).toBe("applied"),
  },
  "server/db/bulk.ts#dropImportJob": {
    access: "checked",
    call: async (actor) => {
      const job = await bulk.startImportJob(actor, "collection", 0);
      await bulk.dropImportJob(job);
      return t.prisma.importJob.count({ where: { id: job.id } });
    },
    expect: SIGNED_IN,
    verify: (_who, r) => expect(r).toBe(0),
  },
  "server/db/bulk.ts#clearAbandonedImports": {
    access: "internal",
    why: "drops the staged rows of imports that died over an hour ago (their apply, one transaction, was rolled back by the database); only startImportJob calls it",
    importers: [],
  },
  "catalog/data/card-images.ts#getCardImage": {
    access: "checked",
    prepare: async () => {
      await t.prisma.cardImage.upsert({ where: { id: "f".repeat(64) }, create: { id: "f".repeat(64), contentType: "image/png", byteSize: 1, data: Buffer.from("x") }, update: {} });
      return "f".repeat(64);
    },
    call: (actor, _f, sha) => cardImages.getCardImage(sha, "image/png"),
    expect: PUBLIC,
  },
  "community/data.ts#createDeckStats": { access: "internal", why: "creates a new deck's counters inside createDeck's transaction", importers: ["lib/decks/data/write.ts"] },
  "community/data.ts#recordDeckCopy": { access: "checked", call: (actor, f) => community.recordDeckCopy(actor, f.publicDeck.id), expect: SIGNED_IN },
  "community/data.ts#recordDeckView": { access: "checked", call: (actor, f) => community.recordDeckView(actor, f.publicDeck.slug, "192.0.2.7"), expect: PUBLIC },
  "community/data.ts#getDeckCommunity": { access: "checked", call: (actor, f) => community.getDeckCommunity(actor, f.privateDeck.slug), expect: { guest: "denied", other: "denied", owner: "denied", admin: "denied" } },
  "community/data.ts#setDeckLike": { access: "checked", call: (actor, f) => community.setDeckLike(actor, f.publicDeck.slug, true), expect: { guest: "unauthenticated", other: "ok", owner: "denied", admin: "ok" } },
  "community/data.ts#addComment": { access: "checked", call: (actor, f) => community.addComment(actor, f.privateDeck.slug, "On a private deck"), expect: { guest: "unauthenticated", other: "denied", owner: "denied", admin: "denied" } },
  "community/data.ts#editComment": { access: "checked", prepare: (f) => f.ownerComment(), call: (actor, _f, id) => community.editComment(actor, id, "Edited"), expect: OWNER_ONLY },
  "community/data.ts#deleteComment": { access: "checked", prepare: (f) => f.ownerComment(), call: (actor, _f, id) => community.deleteComment(actor, id), expect: { guest: "unauthenticated", other: "denied", owner: "ok", admin: "ok" } },
  "community/data.ts#reportComment": { access: "checked", prepare: (f) => f.ownerComment(), call: (actor, _f, id) => community.reportComment(actor, id, "Spam"), expect: { guest: "unauthenticated", other: "ok", owner: "denied", admin: "ok" } },
  "community/data.ts#listModerationQueue": { access: "checked", call: (actor) => community.listModerationQueue(actor), expect: ADMIN },
  "community/data.ts#moderateComment": { access: "checked", prepare: (f) => f.ownerComment(), call: (actor, _f, id) => community.moderateComment(actor, id, "hide"), expect: ADMIN },
  "community/data.ts#removeUserCommunityTx": { access: "internal", why: "removes a deleted account's likes, comments and reports inside deleteMyAccount's transaction (the session user's own)", importers: ["lib/accounts/data/account.ts"] },
  "community/data.ts#countOpenReports": { access: "checked", call: (actor) => community.countOpenReports(actor), expect: ADMIN },
  "collection/data/import.ts#resolveImport": { access: "checked", call: (actor) => collectionImport.resolveImport(actor, collectionImport.parseOrThrow("csv", "set,number,quantity\nDEMO,1,1\n").rows, "add", () => {}), expect: SIGNED_IN },
  "collection/data/import.ts#previewOf": { access: "pure", why: "shapes a resolved import" },
  "collection/data/import.ts#parseOrThrow": { access: "pure", why: "parses a file" },
  "collection/data/import.ts#applyCollectionImportToMine": { access: "checked", call: (actor) => collectionImport.applyCollectionImportToMine(actor, "csv", "set,number,quantity\nDEMO,9,1\n", "add"), expect: SIGNED_IN },
  "catalog/data/card-page.ts#getCardBySetNumber": { access: "checked", call: () => cardPage.getCardBySetNumber("DEMO", "1"), expect: PUBLIC },
  "catalog/data/card-page.ts#getCardById": { access: "checked", call: (actor, f) => cardPage.getCardById(f.card(1)), expect: PUBLIC },
  "catalog/data/card-page.ts#otherPrintings": { access: "checked", call: async (actor, f) => cardPage.otherPrintings((await cardPage.getCardById(f.card(1)))!), expect: PUBLIC },
  "catalog/data/card-page.ts#publicCardUsage": { access: "checked", call: (actor, f) => cardPage.publicCardUsage(f.card(5)), expect: PUBLIC, verify: (_who, r, f) => expect(JSON.stringify(r)).not.toContain(f.privateDeck.slug) },
  "catalog/data/card-page.ts#myCardUsage": { access: "checked", call: (actor, f) => cardPage.myCardUsage(actor, f.card(5)), expect: SIGNED_IN, verify: (who, r, f) => who !== "owner" && expect(JSON.stringify(r)).not.toContain(f.privateDeck.id) },
  "catalog/data/cache-invalidation.ts#toCardPlace": { access: "pure", why: "maps a row" },
  "catalog/data/cache-invalidation.ts#invalidateCardChange": { access: "internal", why: "drops cached public pages after a catalog write that already checked the admin (no data read or written)" },
  "catalog/data/cache-invalidation.ts#invalidateCatalog": { access: "internal", why: "drops cached public pages after an import that already checked the admin (no data read or written)" },
  "catalog/data/cache-invalidation.ts#invalidateDeckChange": { access: "internal", why: "drops a shared deck's cached pages after a write by its owner (no data read or written)" },
  // the cached public pages' data: public to everyone, and the same for everyone (a cached answer must not depend on who asked first)
  "catalog/data/public-pages.ts#cachedCardPage": { access: "checked", call: () => publicPages.cachedCardPage("DEMO", "5"), expect: PUBLIC, verify: sameForEveryone("cachedCardPage", (r, f) => expect(JSON.stringify(r)).not.toContain(f.privateDeck.slug)) },
  "catalog/data/public-pages.ts#cachedCardSearch": { access: "checked", call: () => publicPages.cachedCardSearch({ q: "sonic" }), expect: PUBLIC, verify: sameForEveryone("cachedCardSearch") },
  "catalog/data/public-pages.ts#cachedCatalogFacets": { access: "checked", call: () => publicPages.cachedCatalogFacets(), expect: PUBLIC, verify: sameForEveryone("cachedCatalogFacets") },
  "catalog/data/public-pages.ts#cachedDeckList": { access: "checked", call: () => publicPages.cachedDeckList("matrix", [{ set: "DEMO", number: 1, quantity: 2 }]), expect: PUBLIC, verify: sameForEveryone("cachedDeckList") },
  "catalog/data/public-pages.ts#cachedPublicDecks": {
    access: "checked",
    call: () => publicPages.cachedPublicDecks("", "", "new"),
    expect: PUBLIC,
    verify: sameForEveryone("cachedPublicDecks", (r, f) => {
      expect(ownerDeckIds(r)).not.toContain(f.privateDeck.id);
      expect(ownerDeckIds(r)).toContain(f.publicDeck.id);
    }),
  },
  "catalog/data/public-pages.ts#cachedPublishedDeck": { access: "checked", call: (actor, f) => publicPages.cachedPublishedDeck(f.privateDeck.slug), expect: { guest: "denied", other: "denied", owner: "denied", admin: "denied" } },
  "decks/data/read.ts#getPublishedDeck": { access: "checked", call: (actor, f) => deckRead.getPublishedDeck(f.privateDeck.slug), expect: { guest: "denied", other: "denied", owner: "denied", admin: "denied" } },
  "decks/data/read.ts#getMyOwnedCountsFor": { access: "checked", call: (actor, f) => deckRead.getMyOwnedCountsFor(actor, [f.card(1)]), expect: SIGNED_IN, verify: async (who, r, f) => expect((r as Record<string, number>)[f.card(1)] ?? 0).toBe((await f.ownedBy(who))[f.card(1)] ?? 0) },
  "decks/data/read.ts#resolvePublicDeckList": { access: "checked", call: () => deckRead.resolvePublicDeckList([{ set: "DEMO", number: 1, quantity: 1 }]), expect: PUBLIC },
  "catalog/data/cards.ts#toCardDTO": { access: "pure", why: "maps a row the caller already read" },
  "catalog/data/cards.ts#listCards": { access: "checked", call: () => cards.listCards({ take: 3 }), expect: PUBLIC },
  "catalog/data/cards.ts#databaseAnswers": { access: "checked", call: () => cards.databaseAnswers(), expect: PUBLIC },
  "catalog/data/catalog-admin.ts#snapshotOf": { access: "pure", why: "maps a row the caller already read" },
  "catalog/data/catalog-admin.ts#snapshotOfInput": { access: "pure", why: "maps validated input" },
  "catalog/data/catalog-admin.ts#sameSnapshot": { access: "pure", why: "compares two snapshots" },
  "catalog/data/catalog-admin.ts#cardFields": { access: "pure", why: "maps validated input to columns" },
  "catalog/data/catalog-admin.ts#traitRows": { access: "pure", why: "maps validated input to rows" },
  "catalog/data/catalog-admin.ts#requireCatalogAdmin": { access: "checked", call: (actor) => catalogAdmin.requireCatalogAdmin(actor), expect: ADMIN },
  "catalog/data/catalog-admin.ts#createCardTx": {
    access: "checked",
    call: async (actor) => {
      const writer = await catalogAdmin.requireCatalogAdmin(actor);
      return t.prisma.$transaction((tx) => catalogAdmin.createCardTx(tx, nextCard(), writer));
    },
    expect: ADMIN,
  },
  "catalog/data/catalog-admin.ts#updateCardTx": {
    access: "checked",
    prepare: (f) => f.spareCard(),
    call: async (actor, _f, id) => {
      const writer = await catalogAdmin.requireCatalogAdmin(actor);
      return t.prisma.$transaction((tx) => catalogAdmin.updateCardTx(tx, id, nextCard(), writer));
    },
    expect: ADMIN,
  },
  "catalog/data/catalog-admin.ts#createCard": { access: "checked", call: (actor) => catalogAdmin.createCard(actor, nextCard()), expect: ADMIN },
  "catalog/data/catalog-admin.ts#updateCard": { access: "checked", prepare: (f) => f.spareCard(), call: (actor, _f, id) => catalogAdmin.updateCard(actor, id, nextCard()), expect: ADMIN },
  "catalog/data/catalog-admin.ts#cardReferences": { access: "checked", call: (actor, f) => catalogAdmin.cardReferences(actor, f.card(5)), expect: ADMIN },
  "catalog/data/catalog-admin.ts#deleteCard": { access: "checked", prepare: (f) => f.spareCard(), call: (actor, _f, id) => catalogAdmin.deleteCard(actor, id), expect: ADMIN },
  "catalog/data/catalog-admin.ts#getCardForEdit": { access: "checked", call: (actor, f) => catalogAdmin.getCardForEdit(actor, f.card(1)), expect: ADMIN },
  "catalog/data/catalog-admin.ts#listAudits": { access: "checked", call: (actor) => catalogAdmin.listAudits(actor), expect: ADMIN },
  "catalog/data/catalog-import.ts#dryRunImport": { access: "checked", call: (actor) => catalogImport.dryRunImport(actor, `${CATALOG_COLUMNS.join(",")}\nMATRIX,900,Dry Run,Robot,red,1,common,,\n`, "csv"), expect: ADMIN },
  "catalog/data/catalog-import.ts#applyImport": { access: "checked", call: (actor) => catalogImport.applyImport(actor, `${CATALOG_COLUMNS.join(",")}\nMATRIX,${800 + cardNumber++},Imported,Robot,red,1,common,,\n`, "csv"), expect: ADMIN },
  "catalog/data/catalog-import.ts#exportCatalog": { access: "checked", call: (actor) => catalogImport.exportCatalog(actor), expect: ADMIN },
  "lab/data.ts#loadLabDeck": { access: "checked", call: (actor, f) => lab.loadLabDeck(actor, { kind: "deck", id: f.privateDeck.id }), expect: OWNER_ONLY },
  "lab/data.ts#listLabChoices": { access: "checked", call: (actor) => lab.listLabChoices(actor), expect: PUBLIC, verify: noOwnerPrivateDeck },
  "lab/data.ts#getDoctorCandidates": {
    access: "checked",
    call: async (actor) => {
      const deck = await lab.loadLabDeck(actor, { kind: "starter", slug: (await starterDecks.listStarterDecks())[0].slug });
      if (!deck.ok) throw new Error(deck.message);
      return lab.getDoctorCandidates(actor, deck.deck, true);
    },
    // owned-only candidates need a collection: a guest is told to sign in; only the owner owns spare copies
    expect: { guest: "denied", other: "denied", owner: "ok", admin: "denied" },
  },
  "lab/data.ts#getStandInSimulation": { access: "checked", call: () => lab.getStandInSimulation([], []), expect: PUBLIC },
  "lab/data.ts#getDeckCompletion": { access: "checked", call: (actor, f) => lab.getDeckCompletion(actor, { kind: "deck", id: f.privateDeck.id }), expect: OWNER_ONLY },
  "lab/data.ts#saveLabRun": {
    access: "checked",
    call: async (actor, f) =>
      lab.saveLabRun(actor, { deckId: f.privateDeck.id, deckVersion: await f.deckVersion(f.privateDeck.id), query: "you=deck:x&vs=starter:y&seed=1", seed: 1, agents: "random,random", results: [{ name: "x", games: 1, wins: 1, losses: 0, draws: 0 }] }),
    expect: OWNER_ONLY,
  },
  "lab/data.ts#listLabRuns": { access: "checked", call: (actor, f) => lab.listLabRuns(actor, f.privateDeck.id), expect: OWNER_ONLY },
  "server/db/literal-match.ts#titleKeyContains": { access: "checked", call: () => literalMatch.titleKeyContains("100%"), expect: PUBLIC },
  "server/db/literal-match.ts#publicDeckNameContains": { access: "checked", call: () => literalMatch.publicDeckNameContains("50%"), expect: PUBLIC, verify: (_who, r, f) => expect(JSON.stringify(r)).not.toContain(f.privateDeck.id) },
  "playtest/data.ts#getPlaytestCards": { access: "checked", call: () => playtestCards.getPlaytestCards(["DEMO-001"]), expect: PUBLIC },
  "catalog/data/seed.ts#readDemoSet": { access: "pure", why: "reads the shipped demo set file" },
  "catalog/data/seed.ts#seedDemoCatalog": { access: "system", why: "seeds the catalog from the command line and on start-up, with the client it is given", importers: ["prisma/seed.ts", "scripts/prepare-app.ts", "scripts/reset-db.ts"] },
  "accounts/data/session-tokens.ts#sessionState": { access: "auth", why: "Auth.js's token check, before there is a session", importers: ["lib/accounts/auth.ts", "lib/accounts/session-check.ts"] },
  "accounts/data/session-tokens.ts#revokeSession": { access: "auth", why: "Auth.js's sign-out, revoking the token being signed out", importers: ["lib/accounts/auth.ts"] },
  "server/session.ts#getCurrentUser": { access: "auth", why: "the session gate itself (tested in lib/server/session.test.ts)", importers: ["*"] },
  // where a request's actor comes from (the session), for the pipeline and pages: the page helpers are called as each caller's session
  "server/request-actor.ts#authenticate": { access: "auth", why: "the pipeline's and pages' read of the session's actor (tested in lib/server/session.test.ts and through every action and route)", importers: ["*"] },
  "server/request-actor.ts#requireUserOrRedirect": { access: "checked", call: () => requestActor.requireUserOrRedirect("/decks"), expect: SIGNED_IN },
  "server/request-actor.ts#requireAdminPage": { access: "checked", call: () => requestActor.requireAdminPage("/admin"), expect: ADMIN },
  "decks/data/starter-decks.ts#listStarterDecks": { access: "checked", call: () => starterDecks.listStarterDecks(), expect: PUBLIC },
  "decks/data/starter-decks.ts#getStarterDeck": { access: "checked", call: async () => starterDecks.getStarterDeck((await starterDecks.listStarterDecks())[0].slug), expect: PUBLIC },
  "catalog/data/suggestions.ts#createSuggestion": { access: "checked", call: (actor) => suggestions.createSuggestion(actor, nextCard(), null), expect: SIGNED_IN },
  "catalog/data/suggestions.ts#listMySuggestions": {
    access: "checked",
    call: (actor) => suggestions.listMySuggestions(actor),
    expect: SIGNED_IN,
    verify: (who, r, f) => who !== "guest" && expect((r as { suggestedBy: string }[]).every((s) => s.suggestedBy === f.users[who].displayName)).toBe(true),
  },
  "catalog/data/suggestions.ts#listSuggestionsForReview": { access: "checked", call: (actor) => suggestions.listSuggestionsForReview(actor), expect: ADMIN },
  "catalog/data/suggestions.ts#adminOverview": { access: "checked", call: (actor) => suggestions.adminOverview(actor), expect: ADMIN },
  "catalog/data/suggestions.ts#acceptSuggestion": { access: "checked", prepare: (f) => f.pendingSuggestion(), call: (actor, _f, id) => suggestions.acceptSuggestion(actor, id), expect: ADMIN },
  "catalog/data/suggestions.ts#rejectSuggestion": { access: "checked", prepare: (f) => f.pendingSuggestion(), call: (actor, _f, id) => suggestions.rejectSuggestion(actor, id, "Not a real card"), expect: ADMIN },
  "accounts/data/system.ts#runAsSystemAdmin": { access: "system", why: "the command-line tools' system path; refuses to run inside the Next.js server", importers: ["scripts/catalog.ts"] },
  "accounts/data/system.ts#runAsSystemAccount": { access: "system", why: "the command-line tools' system path for one account by email (npm run user -- import-collection); refuses to run inside the Next.js server", importers: ["scripts/user.ts"] },
  "accounts/data/system.ts#runAsSystemUser": { access: "system", why: "the system path for a harness acting for one account (the import crash test's child process); refuses to run inside the Next.js server", importers: ["test/import-child.ts"] },
  "accounts/data/users.ts#toSessionUser": { access: "pure", why: "maps an account row" },
  "accounts/data/users.ts#verifyCredentials": { access: "auth", why: "sign-in: checks a password, before there is a session", importers: ["lib/accounts/authorize.ts"] },
  "accounts/data/users.ts#createUser": { access: "auth", why: "sign-up: makes a regular account, before there is a session", importers: ["lib/accounts/actions/auth.ts"] },
  "accounts/data/users.ts#findSessionUser": { access: "auth", why: "loads the session's account for the gate", importers: ["lib/server/session.ts"] },
  "catalog/data/card-search/run.ts#normalizeSearchParams": { access: "pure", why: "parses search parameters" },
  "catalog/data/card-search/run.ts#runSearch": {
    access: "checked",
    call: (actor) => searchRun.runSearch(actor, { ast: null, sort: "number", dir: "asc", page: 1, pageSize: 5, owner: { ownership: "owned" } }),
    expect: SIGNED_IN,
    verify: async (who, r, f) => expect((r as { total: number }).total).toBe(Object.keys(await f.ownedBy(who)).length),
  },
  "catalog/data/card-search/sql.ts#sql": { access: "pure", why: "SQL template tag" },
  "catalog/data/card-search/sql.ts#joinSql": { access: "pure", why: "SQL helper" },
  "catalog/data/card-search/sql.ts#likePattern": { access: "pure", why: "SQL helper" },
  "catalog/data/card-search/sql.ts#conditionSql": { access: "pure", why: "builds SQL from a parsed query" },
  "catalog/data/card-search/sql.ts#usesSet": { access: "pure", why: "inspects a parsed query" },
  "catalog/data/card-search/sql.ts#orderSql": { access: "pure", why: "builds SQL" },
  "catalog/data/card-search/catalog.ts#searchCards": { access: "checked", call: () => searchCatalog.searchCards({ q: "sonic" }), expect: PUBLIC },
  "catalog/data/card-search/catalog.ts#catalogFacets": { access: "checked", call: () => searchCatalog.catalogFacets(), expect: PUBLIC },
  "catalog/data/card-search/owned.ts#searchOwnedCards": {
    access: "checked",
    call: (actor) => searchOwned.searchOwnedCards(actor, { ownership: "owned" }),
    expect: SIGNED_IN,
    verify: async (who, r, f) => expect((r as { total: number }).total).toBe(Object.keys(await f.ownedBy(who)).length),
  },
  "collection/data/browse.ts#listCollection": {
    access: "checked",
    call: (actor) => browse.listCollection(actor, { filter: "owned" }),
    expect: SIGNED_IN,
    verify: async (who, r, f) => expect((r as { summary: { copies: number } }).summary.copies).toBe(Object.values(await f.ownedBy(who)).reduce((a, b) => a + b, 0)),
  },
  "collection/data/browse.ts#ownedQuantities": {
    access: "checked",
    call: (actor, f) => browse.ownedQuantities(actor, [f.card(1)]),
    expect: SIGNED_IN,
    verify: async (who, r, f) => expect((r as Record<string, number>)[f.card(1)]).toBe((await f.ownedBy(who))[f.card(1)] ?? 0),
  },
  "collection/data/quantities.ts#applyDelta": { access: "internal", why: "the collection writes' shared step, inside their transaction, for the session's user" },
  "collection/data/quantities.ts#assertCardsExist": { access: "internal", why: "a check inside the collection writes' transaction" },
  "collection/data/quantities.ts#adjustOwned": { access: "checked", call: (actor, f) => quantities.adjustOwned(actor, f.card(2), 1), expect: SIGNED_IN },
  "collection/data/quantities.ts#setOwned": { access: "checked", call: (actor, f) => quantities.setOwned(actor, f.card(3), 2), expect: SIGNED_IN },
  "collection/data/lookup.ts#defaultSetCode": { access: "checked", call: (actor) => lookup.defaultSetCode(actor), expect: SIGNED_IN },
  "collection/data/lookup.ts#lookupCards": {
    access: "checked",
    call: (actor) => lookup.lookupCards(actor, "1"),
    expect: SIGNED_IN,
    verify: (who, r, f) => who !== "owner" && expect((r as { id: string; owned: number }[]).find((c) => c.id === f.card(1))?.owned ?? 0).toBe(0),
  },
  "collection/data/packs.ts#recordPackOpening": { access: "checked", call: (actor, f) => packs.recordPackOpening(actor, [f.card(4)]), expect: SIGNED_IN },
  "collection/data/packs.ts#undoLastPackOpening": { access: "checked", prepare: (f) => f.ownerPack(), call: (actor, _f, id) => packs.undoLastPackOpening(actor, id), expect: OWNER_ONLY },
  "collection/data/packs.ts#listPackOpenings": { access: "checked", call: (actor) => packs.listPackOpenings(actor), expect: SIGNED_IN, verify: (who, r) => who !== "owner" && expect(JSON.stringify(r)).not.toContain("Sonic") },
  "collection/data/completion.ts#collectionCompletion": {
    access: "checked",
    call: (actor) => completion.collectionCompletion(actor),
    expect: SIGNED_IN,
    // distinct cards owned: the caller's own, whoever else owns more
    verify: async (who, r, f) => expect((r as { overall: { owned: number } }).overall.owned).toBe(Object.keys(await f.ownedBy(who)).length),
  },
  "collection/data/transfer.ts#previewCollectionImport": { access: "checked", call: (actor) => transfer.previewCollectionImport(actor, "csv", "set,number,quantity\nDEMO,1,1\n", "add"), expect: SIGNED_IN },
  "collection/data/transfer.ts#applyCollectionImport": { access: "checked", call: (actor) => transfer.applyCollectionImport(actor, "csv", "set,number,quantity\nDEMO,9,1\n", "add"), expect: SIGNED_IN },
  "collection/data/transfer.ts#exportCollection": { access: "checked", call: (actor) => transfer.exportCollection(actor), expect: SIGNED_IN, verify: (who, r) => who !== "owner" && expect((r as unknown[]).every((x) => (x as { number: number }).number !== 1)).toBe(true) },
  "decks/data/catalog.ts#getDeckCatalog": { access: "checked", call: () => deckCatalog.getDeckCatalog(), expect: PUBLIC },
  "decks/data/catalog.ts#getCardsByIds": { access: "checked", call: (actor, f) => deckCatalog.getCardsByIds([f.card(1)]), expect: PUBLIC },
  "decks/data/catalog.ts#searchCardsForDeck": { access: "checked", call: (actor) => deckCatalog.searchCardsForDeck(actor, "", { onlyOwned: true }), expect: SIGNED_IN, verify: async (who, r, f) => expect((r as { total: number }).total).toBe(Object.keys(await f.ownedBy(who)).length) },
  "decks/data/lists.ts#getAuthor": { access: "checked", call: (actor, f) => deckLists.getAuthor(f.users.owner.id), expect: PUBLIC, verify: (_who, r, f) => expect(JSON.stringify(r)).not.toContain(f.users.owner.email) },
  "decks/data/lists.ts#listMyDecks": { access: "checked", call: (actor) => deckLists.listMyDecks(actor), expect: SIGNED_IN, verify: noOwnerPrivateDeck },
  "decks/data/lists.ts#listPublicDecks": { access: "checked", call: () => deckLists.listPublicDecks(), expect: PUBLIC, verify: (_who, r, f) => expect(ownerDeckIds(r)).not.toContain(f.privateDeck.id) },
  "decks/data/playtest.ts#getDeckForPlaytest": { access: "checked", call: (actor, f) => deckPlaytest.getDeckForPlaytest(actor, { deckId: f.privateDeck.id }), expect: OWNER_ONLY },
  "decks/data/read.ts#cardIdsForList": { access: "checked", call: () => deckRead.cardIdsForList([{ set: "DEMO", number: 1, quantity: 1 }]), expect: PUBLIC },
  "decks/data/read.ts#getDeckForOwner": { access: "checked", call: (actor, f) => deckRead.getDeckForOwner(actor, f.privateDeck.id), expect: OWNER_ONLY },
  "decks/data/read.ts#getMyOwnedCounts": { access: "checked", call: (actor) => deckRead.getMyOwnedCounts(actor), expect: SIGNED_IN, verify: async (who, r, f) => expect(r).toEqual(await f.ownedBy(who)) },
  "decks/data/read.ts#getSharedDeck": { access: "checked", call: (actor, f) => deckRead.getSharedDeck(actor, f.privateDeck.slug), expect: OWNER_ONLY_PUBLIC_READ },
  "decks/data/read.ts#resolveDeckList": { access: "checked", call: (actor) => deckRead.resolveDeckList(actor, [{ set: "DEMO", number: 1, quantity: 1 }]), expect: PUBLIC },
  "decks/data/versions.ts#listDeckVersions": { access: "checked", call: (actor, f) => deckVersions.listDeckVersions(actor, f.privateDeck.id), expect: OWNER_ONLY },
  "decks/data/versions.ts#restoreDeckVersion": { access: "checked", call: async (actor, f) => deckVersions.restoreDeckVersion(actor, f.privateDeck.id, 1, await f.deckVersion(f.privateDeck.id)), expect: OWNER_ONLY },
  "decks/data/write.ts#createDeck": { access: "checked", call: (actor, f) => deckWrite.createDeck(actor, { name: "Matrix", description: "", cards: legal(f) }), expect: SIGNED_IN },
  "decks/data/write.ts#saveDeck": {
    access: "checked",
    call: async (actor, f) => deckWrite.saveDeck(actor, { deckId: f.privateDeck.id, expectedVersion: await f.deckVersion(f.privateDeck.id), name: "Owner's deck", description: "saved", cards: legal(f) }),
    expect: OWNER_ONLY,
  },
  "decks/data/write.ts#deleteDeck": { access: "checked", prepare: (f) => f.ownerDeck(), call: (actor, _f, id) => deckWrite.deleteDeck(actor, id), expect: OWNER_ONLY },
  "decks/data/write.ts#setDeckVisibility": { access: "checked", call: (actor, f) => deckWrite.setDeckVisibility(actor, f.privateDeck.id, "private"), expect: OWNER_ONLY },
  "decks/data/write.ts#copyDeck": { access: "checked", call: (actor, f) => deckWrite.copyDeck(actor, { deckId: f.privateDeck.id }), expect: OWNER_ONLY },
  // games between two players: the owner hosts, the admin sits in seat 1 of an active game; codes and tokens are capabilities
  "play/data/games.ts#createGame": { access: "checked", call: (actor) => playGames.createGame(actor, { listing: "invite", pace: "live", columnRule: "priority" }, starterSeatDeck()), expect: SIGNED_IN },
  "play/data/games.ts#joinGame": { access: "checked", prepare: () => waitingGame().then((g) => g.token), call: (actor, _f, token) => playGames.joinGame(actor, { token }, starterSeatDeck()), expect: SIGNED_IN },
  "play/data/games.ts#cancelGame": { access: "checked", prepare: () => waitingGame().then((g) => g.code), call: (actor, _f, code) => playGames.cancelGame(actor, code), expect: OWNER_ONLY },
  "play/data/games.ts#rematchGame": { access: "checked", prepare: () => activeGame("finished"), call: (actor, _f, code) => playGames.rematchGame(actor, code), expect: { guest: "unauthenticated", other: "denied", owner: "ok", admin: "ok" } },
  "play/data/games.ts#listLobby": { access: "checked", call: (actor) => playGames.listLobby(actor), expect: PUBLIC, verify: (_who, r) => expect(JSON.stringify(r)).not.toMatch(/inviteToken|"seed"/) },
  "play/data/games.ts#listMyGames": {
    access: "checked",
    prepare: () => waitingGame().then((g) => g.code),
    call: (actor) => playGames.listMyGames(actor),
    expect: SIGNED_IN,
    verify: (_who, r) => {
      // only the caller's own games, and nothing secret of them
      expect((r as { mySeat: number | null }[]).every((g) => g.mySeat !== null)).toBe(true);
      expect(JSON.stringify(r)).not.toMatch(/inviteToken|"seed"/);
    },
  },
  "play/data/games.ts#getGamePage": {
    access: "checked",
    prepare: () => waitingGame().then((g) => g.code),
    call: (actor, _f, code) => playGames.getGamePage(actor, code),
    expect: PUBLIC,
    verify: (who, r) => expect((r as { inviteToken: string | null }).inviteToken === null).toBe(who !== "owner"),
  },
  "play/data/games.ts#getInvite": { access: "checked", prepare: () => waitingGame().then((g) => g.token), call: (actor, _f, token) => playGames.getInvite(token), expect: PUBLIC },
  "play/data/games.ts#loadGameRecord": { access: "internal", why: "the referee's read of a game (seed included), which it never sends on; the correspondence notifier's, after the referee accepted a move", importers: ["lib/play/correspondence.ts", "lib/play/referee.ts"] },
  "play/data/log.ts#loadActions": { access: "internal", why: "the referee replays a game's log", importers: ["lib/play/referee.ts"] },
  "play/data/log.ts#appendActions": { access: "internal", why: "the referee appends an action it checked (seat, seq, engine)", importers: ["lib/play/referee.ts"] },
  "play/data/log.ts#holdPlacement": { access: "internal", why: "the referee holds a placement it checked until the other is in", importers: ["lib/play/referee.ts"] },
  "play/data/notifications.ts#getTurnMailPreference": { access: "checked", call: (actor) => playNotifications.getTurnMailPreference(actor), expect: SIGNED_IN },
  "play/data/notifications.ts#setTurnMailPreference": { access: "checked", call: (actor) => playNotifications.setTurnMailPreference(actor, true), expect: SIGNED_IN },
  "play/data/notifications.ts#turnMailRecipients": { access: "internal", why: "the correspondence notifier's read of whom to mail after the referee accepted a move", importers: ["lib/play/correspondence.ts"] },
  "play/data/away.ts#getAway": { access: "internal", why: "the presence module's read of who is away from a game (no secret in it)", importers: ["lib/play/presence.ts"] },
  "play/data/away.ts#markAway": { access: "internal", why: "the presence module records a seat with no open stream as away", importers: ["lib/play/presence.ts"] },
  "play/data/away.ts#clearAway": { access: "internal", why: "the presence module records a seat's return when its stream opens", importers: ["lib/play/presence.ts"] },
  "play/data/games.ts#anonymiseSeatsTx": { access: "internal", why: "anonymises the deleted account's seats inside deleteMyAccount's transaction (the session user's own)", importers: ["lib/accounts/data/account.ts"] },
  "play/data/games.ts#gamesForExport": { access: "internal", why: "the session user's own games for exportMyData, which checked the session", importers: ["lib/accounts/data/account.ts"] },
  "play/data/records.ts#toGameRecord": { access: "pure", why: "maps a row the caller already read" },
  "play/data/records.ts#toGameSummary": { access: "pure", why: "maps a record the caller already read" },
};

/** A game the owner hosts, waiting for a second player. */
async function waitingGame(): Promise<{ code: string; token: string }> {
  const { code } = await playGames.createGame(f.users.owner, { listing: "invite", pace: "live", columnRule: "priority" }, starterSeatDeck());
  return { code, token: (await t.prisma.playGame.findUniqueOrThrow({ where: { code } })).inviteToken };
}

/** A game between the owner (seat 0) and the admin (seat 1), under way or finished; its code. */
async function activeGame(status: "active" | "finished" = "active"): Promise<string> {
  const { code, token } = await waitingGame();
  await playGames.joinGame(f.users.admin, { token }, starterSeatDeck("eggman-empire"));
  if (status === "finished") await t.prisma.playGame.update({ where: { code }, data: { status: "finished", result: "0", endReason: "concede" } });
  return code;
}

/** The first event of a game stream, after which the stream is closed. */
async function firstStreamEvent(code: string): Promise<unknown> {
  const ac = new AbortController();
  const r = await (await import("@/app/api/play/[code]/stream/route")).GET(new Request(`http://app.test/api/play/${code}/stream`, { signal: ac.signal, headers: { host: "app.test" } }), { params: Promise.resolve({ code }) });
  if (r.status !== 200) return r;
  const reader = r.body!.getReader();
  let text = "";
  while (!/event: (view|waiting)\ndata: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
  ac.abort();
  await reader.cancel();
  return { event: JSON.parse(/data: (.*)\n\n/.exec(text.slice(text.indexOf("event: ")))![1]) };
}

const want = (deck: string) => `http://app.test/api/decks/want-list?deck=${encodeURIComponent(deck)}`;

/** Every route handler under app/api, by route file (relative to app/api) and method. */
const ROUTES: Record<string, Row> = {
  ...API_ROUTES,
  "account/export/route.ts#GET": {
    access: "checked",
    call: async () => (await import("@/app/api/account/export/route")).GET(new Request("http://app.test/api/account/export")),
    expect: SIGNED_IN,
    verify: async (who, r, f) => {
      const text = await (r as Response).text();
      if (who !== "owner") expect(text).not.toContain(f.privateDeck.id);
    },
  },
  "auth/[...nextauth]/route.ts#GET": { access: "auth", why: "Auth.js's own endpoints (session, CSRF token, providers); tested in e2e/auth.spec.ts", importers: [] },
  "auth/[...nextauth]/route.ts#POST": { access: "auth", why: "Auth.js's sign-in and sign-out, throttled before the password is checked; tested in e2e/auth.spec.ts and lib/accounts/sign-in-limits.test.ts", importers: [] },
  "catalog/import/route.ts#POST": {
    access: "checked",
    call: async () => {
      const form = new FormData();
      form.set("mode", "dry-run");
      form.set("file", new File([`${CATALOG_COLUMNS.join(",")}\nMATRIX,901,Dry Run,Robot,red,1,common,,\n`], "cards.csv", { type: "text/csv" }));
      return (await import("@/app/api/catalog/import/route")).POST(new Request("http://app.test/api/catalog/import", { method: "POST", headers: { origin: "http://app.test", host: "app.test" }, body: form }));
    },
    expect: ADMIN,
  },
  "collection/import/route.ts#POST": {
    access: "checked",
    call: async () => {
      const form = new FormData();
      form.set("text", "set,number,quantity\nDEMO,9,1\n");
      form.set("format", "csv");
      form.set("mode", "add");
      form.set("intent", "check");
      return (await import("@/app/api/collection/import/route")).POST(new Request("http://app.test/api/collection/import", { method: "POST", headers: { origin: "http://app.test", host: "app.test" }, body: form }));
    },
    expect: SIGNED_IN,
  },
  "me/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/me/route")).GET(new Request("http://app.test/api/me")), expect: PUBLIC },
  "me/owned/route.ts#GET": { access: "checked", call: async (actor, f) => (await import("@/app/api/me/owned/route")).GET(new NextRequest(`http://app.test/api/me/owned?ids=${f.card(1)}`)), expect: SIGNED_IN, verify: async (who, r) => who !== "owner" && expect(await (r as Response).clone().text()).not.toContain('":9') },
  "me/card-usage/route.ts#GET": { access: "checked", call: async (actor, f) => (await import("@/app/api/me/card-usage/route")).GET(new NextRequest(`http://app.test/api/me/card-usage?card=${f.card(5)}`)), expect: SIGNED_IN, verify: async (who, r, f) => who !== "owner" && expect(await (r as Response).clone().text()).not.toContain(f.privateDeck.id) },
  "decks/[slug]/community/route.ts#GET": {
    access: "checked",
    call: async (actor, f) => (await import("@/app/api/decks/[slug]/community/route")).GET(new Request("http://app.test/x"), { params: Promise.resolve({ slug: f.privateDeck.slug }) }),
    expect: { guest: "denied", other: "denied", owner: "denied", admin: "denied" },
  },
  "cards/[key]/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/cards/[key]/route")).GET(new Request("http://app.test/api/cards/DEMO-1"), { params: Promise.resolve({ key: "DEMO-1" }) }), expect: PUBLIC },
  "catalog/export/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/catalog/export/route")).GET(new Request("http://app.test/api/catalog/export?format=csv")), expect: ADMIN },
  "collection/export/route.ts#GET": {
    access: "checked",
    call: async (actor, f) => (await import("@/app/api/collection/export/route")).GET(new NextRequest(`http://app.test/api/collection/export?format=csv&userId=${f.users.owner.id}`)),
    expect: SIGNED_IN,
  },
  "collection/lookup/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/collection/lookup/route")).GET(new NextRequest("http://app.test/api/collection/lookup?q=1")), expect: SIGNED_IN },
  "decks/want-list/route.ts#GET": { access: "checked", call: async (actor, f) => (await import("@/app/api/decks/want-list/route")).GET(new NextRequest(want(`deck:${f.privateDeck.id}`))), expect: OWNER_ONLY },
  "health/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/health/route")).GET(new Request("http://app.test/api/health")), expect: PUBLIC },
  // a player's stream carries their seat's view; anyone else with the game link gets the public view
  "play/[code]/stream/route.ts#GET": {
    access: "checked",
    prepare: () => activeGame(),
    call: (actor, _f, code) => firstStreamEvent(code),
    expect: PUBLIC,
    verify: (who, r) => expect((r as { event: { seat: number | null } }).event.seat).toBe(who === "owner" ? 0 : who === "admin" ? 1 : null),
  },
  "play/[code]/action/route.ts#POST": {
    access: "checked",
    prepare: () => activeGame(),
    call: async (actor, _f, code) =>
      (await import("@/app/api/play/[code]/action/route")).POST(
        new Request(`http://app.test/api/play/${code}/action`, { method: "POST", headers: { origin: "http://app.test", host: "app.test", "content-type": "application/json" }, body: JSON.stringify({ seq: 0, move: { type: "concede" } }) }),
        { params: Promise.resolve({ code }) },
      ),
    expect: { guest: "unauthenticated", other: "forbidden", owner: "ok", admin: "ok" },
  },
};

// ---- enumeration: the table must match the code --------------------------------------------

const isClass = (v: unknown) => typeof v === "function" && /^class[\s{]/.test(Function.prototype.toString.call(v));
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

async function dalExports(): Promise<string[]> {
  const dir = path.join(root, "lib");
  const files = dataFiles(root).filter((p) => path.basename(p) !== "index.ts");
  const names: string[] = [];
  for (const file of files) {
    const mod = await vi.importActual<Record<string, unknown>>(file);
    for (const [name, value] of Object.entries(mod)) if (typeof value === "function" && !isClass(value)) names.push(`${path.relative(dir, file)}#${name}`);
  }
  return names.sort();
}

async function routeHandlers(): Promise<string[]> {
  const dir = path.join(root, "app/api");
  const names: string[] = [];
  for (const file of walk(dir, (p) => /route\.tsx?$/.test(p))) {
    const mod = await vi.importActual<Record<string, unknown>>(file);
    for (const name of Object.keys(mod)) if (HTTP_METHODS.includes(name)) names.push(`${path.relative(dir, file)}#${name}`);
  }
  return names.sort();
}

// ---- calling as each of the four ------------------------------------------------------------

function outcomeOfError(e: unknown): Outcome {
  if (e instanceof DomainError) {
    if (e.code === "auth/unauthenticated") return "unauthenticated";
    if (e.code === "auth/forbidden") return "forbidden";
    return "denied";
  }
  const message = e instanceof Error ? e.message : "";
  if (message.startsWith("NEXT_REDIRECT:/signin")) return "unauthenticated";
  if (message === "NEXT_HTTP_ERROR_FALLBACK;403") return "forbidden";
  throw e;
}

async function outcomeOf(result: unknown): Promise<Outcome> {
  if (result instanceof Response) {
    if (result.status < 300) {
      // read it all: a streamed answer (the catalog import) finishes its work while it is read
      await result.clone().arrayBuffer();
      return "ok";
    }
    const body = (await result.json()) as { error?: { code?: unknown; message?: unknown } };
    // the one JSON error shape
    expect(typeof body.error?.code).toBe("string");
    expect(typeof body.error?.message).toBe("string");
    if (result.status === 401) return "unauthenticated";
    if (result.status === 403) return "forbidden";
    return "denied";
  }
  if (result === null) return "denied";
  if (typeof result === "object" && result !== null && "ok" in result && (result as { ok: unknown }).ok === false) return "denied";
  return "ok";
}

/** The owner's data: any change by a guest or the other user is a leak. */
async function ownerFingerprint(f: Fixture): Promise<string> {
  const id = f.users.owner.id;
  const [decks, entries, packsOpened, runs, user, comments] = await Promise.all([
    t.prisma.deck.findMany({ where: { ownerId: id }, include: { cards: true, versions: true }, orderBy: { id: "asc" } }),
    t.prisma.collectionEntry.findMany({ where: { userId: id }, orderBy: { cardId: "asc" } }),
    t.prisma.packOpening.findMany({ where: { userId: id }, include: { cards: true }, orderBy: { id: "asc" } }),
    t.prisma.labRun.findMany({ where: { deck: { ownerId: id } }, orderBy: { id: "asc" } }),
    t.prisma.user.findUniqueOrThrow({ where: { id } }),
    t.prisma.deckComment.findMany({ where: { authorId: id }, orderBy: { id: "asc" } }),
  ]);
  return JSON.stringify({ decks, entries, packsOpened, runs, user, comments });
}

let f: Fixture;

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  const mk = async (email: string, role: "user" | "admin"): Promise<SessionUser> => {
    const u = await t.prisma.user.create({ data: { email, displayName: email.split("@")[0], passwordHash: "x", role } });
    return { id: u.id, email: u.email, displayName: u.displayName, role };
  };
  const users = { owner: await mk("owner@matrix.test", "user"), other: await mk("other@matrix.test", "user"), admin: await mk("admin@matrix.test", "admin") };
  const byNumber = new Map((await t.prisma.card.findMany({ where: { set: { code: "DEMO" } } })).map((c) => [c.number, c.id]));
  const card = (n: number) => byNumber.get(n)!;
  const makeDeck = async (visibility: "private" | "public") =>
    (async () => {
      const r = await deckWrite.createDeck(users.owner, { name: `Owner's ${visibility} deck`, description: "", cards: [5, 6, 8, 11, 13, 15].map((n) => ({ cardId: card(n), quantity: 5 })) });
      if (!r.ok) throw new Error(r.message);
      if (visibility === "public") await deckWrite.setDeckVisibility(users.owner, r.id, "public");
      const d = await t.prisma.deck.findUniqueOrThrow({ where: { id: r.id } });
      return { id: d.id, slug: d.shareSlug };
    })();
  const privateDeck = await makeDeck("private");
  const publicDeck = await makeDeck("public");
  await quantities.setOwned(users.owner, card(1), 9);
  for (const n of [5, 6, 8, 11, 13, 15]) await quantities.setOwned(users.owner, card(n), 9);
  await packs.recordPackOpening(users.owner, [card(1)]);
  await suggestions.createSuggestion(users.owner, validCard(700), null);
  f = {
    users,
    card,
    privateDeck,
    publicDeck,
    ownedBy: async (who) =>
      who === "guest" ? {} : Object.fromEntries((await t.prisma.collectionEntry.findMany({ where: { userId: users[who].id, quantity: { gt: 0 } } })).map((e) => [e.cardId, e.quantity])),
    deckVersion: async (id) => (await t.prisma.deck.findUniqueOrThrow({ where: { id } })).version,
    pendingSuggestion: async () => (await t.prisma.cardSuggestion.create({ data: { userId: users.owner.id, payload: JSON.stringify(validCard(600 + cardNumber++)) } })).id,
    spareCard: async () => {
      const set = await t.prisma.cardSet.upsert({ where: { code: "SPARE" }, create: { code: "SPARE", name: "Spare" }, update: {} });
      const n = cardNumber++;
      return (await t.prisma.card.create({ data: { setId: set.id, number: n, title: `Spare ${n}`, titleKey: `spare ${n}`, colorMask: 1, colorCount: 1, rings: 1, rarity: "common", text: "" } })).id;
    },
    ownerDeck: async () => (await makeDeck("private")).id,
    ownerPack: async () => (await packs.recordPackOpening(users.owner, [card(2)])).id,
    ownerComment: async () => (await community.addComment(users.owner, publicDeck.slug, "The owner's comment")).id,
  };
});

describe("the access-control matrix covers the code", () => {
  it("has a row for every exported lib/dal function, and no row for a function that is gone", async () => {
    expect(Object.keys(DAL).sort()).toEqual(await dalExports());
  });

  it("has a row for every route handler under app/api", async () => {
    expect(Object.keys(ROUTES).sort()).toEqual(await routeHandlers());
  });

  it("data index files only re-export (so every function has its row under its own file)", () => {
    for (const file of dataFiles(root).filter((p) => path.basename(p) === "index.ts")) {
      const code = readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .split("\n")
        .filter((l) => l.trim() && !l.trim().startsWith("//") && !l.includes('import "server-only"'));
      for (const line of code) expect(line, file).toMatch(/^export (type )?\{[^}]*\} from "[^"]+";$/);
    }
  });

  it("authentication and system-path functions are imported only where the table says", () => {
    const sources = [...walk(path.join(root, "app"), (p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p)), ...walk(path.join(root, "lib"), (p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p) && !p.includes("/generated/")), ...walk(path.join(root, "components"), (p) => /\.tsx?$/.test(p)), ...walk(path.join(root, "scripts"), (p) => /\.(ts|mjs)$/.test(p) && !p.endsWith(".test.ts")), path.join(root, "prisma/seed.ts"), path.join(root, "proxy.ts"), path.join(root, "test/import-child.ts")];
    const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    const texts = sources.map((file) => ({ file: path.relative(root, file), text: withoutComments(readFileSync(file, "utf8")) }));
    for (const [key, row] of Object.entries(DAL)) {
      if (row.access !== "auth" && row.access !== "system" && row.access !== "internal") continue;
      if (!row.importers || row.importers.includes("*")) continue;
      const [file, name] = key.split("#");
      const modulePath = `@/lib/${file.replace(/\.ts$/, "")}`;
      // another feature reaches a data function through its feature's data/index.ts
      const barrel = /^([a-z-]+)\/data\//.exec(file)?.[1];
      const barrelPath = barrel && barrelExports(barrel).has(name) ? `@/lib/${barrel}/data` : null;
      const users = texts
        .filter(({ file: f, text }) => f !== `lib/${file}` && (text.includes(`"${modulePath}"`) || (barrelPath !== null && text.includes(`"${barrelPath}"`))) && new RegExp(`\\b${name}\\b`).test(text))
        .map(({ file: f }) => f)
        .sort();
      expect(users, key).toEqual([...row.importers].sort());
    }
  });
});

/** The names a feature's data/index.ts re-exports. */
function barrelExports(feature: string): Set<string> {
  const file = path.join(root, "lib", feature, "data", "index.ts");
  const names = new Set<string>();
  if (!existsSync(file)) return names;
  for (const m of readFileSync(file, "utf8").matchAll(/export (?:type )?\{([^}]*)\}/g)) for (const n of m[1].split(",")) if (n.trim()) names.add(n.trim().split(/\s+as\s+/).pop()!);
  return names;
}

function checkedRows(table: Record<string, Row>): [string, Checked][] {
  return Object.entries(table).filter((e): e is [string, Checked] => e[1].access === "checked");
}

describe.each([
  ["data access", DAL],
  ["app/api", ROUTES],
])("%s: each caller gets what the table says, and the owner's data stays the owner's", (_where, table) => {
  it.each(checkedRows(table))("%s", async (_key, row) => {
    const got: Partial<Record<Who, Outcome>> = {};
    for (const who of WHO) {
      const prepared = row.prepare ? await row.prepare(f) : "";
      const before = who === "guest" || who === "other" ? await ownerFingerprint(f) : null;
      current.user = who === "guest" ? null : f.users[who];
      let result: unknown;
      try {
        result = await row.call(who === "guest" ? GUEST : f.users[who], f, prepared);
        got[who] = await outcomeOf(result);
      } catch (e) {
        got[who] = outcomeOfError(e);
      } finally {
        current.user = null;
      }
      if (got[who] === "ok") await row.verify?.(who, result, f);
      if (before !== null) expect(await ownerFingerprint(f), `${who} changed the owner's data`).toBe(before);
    }
    expect(got).toEqual(row.expect);
  });
});

describe("catalog writes inside a transaction need the proof the admin check mints", () => {
  it("a made-up writer naming an admin is refused, and nothing is written", async () => {
    const before = await t.prisma.card.count();
    const forged = { userId: f.users.admin.id };
    await expect(t.prisma.$transaction((tx) => catalogAdmin.createCardTx(tx, nextCard(), forged))).rejects.toMatchObject({ code: "auth/forbidden" });
    await expect(t.prisma.$transaction((tx) => catalogAdmin.updateCardTx(tx, f.card(1), nextCard(), forged))).rejects.toMatchObject({ code: "auth/forbidden" });
    expect(await t.prisma.card.count()).toBe(before);
  });
});

describe("the steps of an import act only on a job the session started", () => {
  it("a made-up job naming someone else's is refused, and their job and staged rows stay", async () => {
    const theirs = await t.prisma.importJob.create({ data: { kind: "collection", userId: f.users.owner.id, total: 1 } });
    await t.prisma.importCollectionStage.create({ data: { jobId: theirs.id, seq: 0, cardId: f.card(1), quantity: 3 } });
    const forged = { id: theirs.id, userId: f.users.owner.id };
    {
      await expect(bulk.applyInOneTransaction(forged, 1, { kind: "collection", timeoutMs: 10_000, range: async () => {} })).rejects.toMatchObject({ code: "auth/forbidden" });
      await expect(bulk.dropImportJob(forged)).rejects.toMatchObject({ code: "auth/forbidden" });
      // a job of one's own does not open anyone else's either: the job row is matched with its owner
      const mine = await bulk.startImportJob(f.users.other, "collection", 0);
      expect(mine.userId).toBe(f.users.other.id);
    }
    expect(await t.prisma.importJob.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ status: "staging", userId: f.users.owner.id });
    expect(await t.prisma.importCollectionStage.count({ where: { jobId: theirs.id } })).toBe(1);
  });
});
