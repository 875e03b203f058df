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
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import { DomainError } from "@/lib/server/errors";
import { walk } from "@/test/walk";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined, unstable_cache: <T,>(fn: T) => fn }));
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
const adminGuard = await import("@/lib/accounts/data/admin-guard");
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
  call: (f: Fixture, prepared: string) => Promise<unknown>;
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

/** Every exported function of lib/dal, by file (relative to lib/dal) and name. */
const DAL: Record<string, Row> = {
  "accounts/data/account.ts#getMyAccount": { access: "checked", call: () => account.getMyAccount(), expect: SIGNED_IN, verify: (who, r, f) => who !== "guest" && expect((r as { email: string }).email).toBe(f.users[who].email) },
  "accounts/data/account.ts#endAllMySessions": { access: "checked", call: () => account.endAllMySessions(), expect: SIGNED_IN },
  "accounts/data/account.ts#changeMyPassword": { access: "checked", call: () => account.changeMyPassword("not-the-password", "Another-Long-Passphrase-77"), expect: { guest: "unauthenticated", other: "denied", owner: "denied", admin: "denied" } },
  "accounts/data/account.ts#exportMyData": {
    access: "checked",
    call: () => account.exportMyData(),
    expect: SIGNED_IN,
    verify: (who, r, f) => {
      expect(JSON.stringify(r)).toContain(f.users[who as Exclude<Who, "guest">].email);
      if (who !== "owner") expect(JSON.stringify(r)).not.toContain(f.privateDeck.id);
    },
  },
  "accounts/data/account.ts#updateDisplayName": { access: "checked", call: () => account.updateDisplayName(current.user?.displayName ?? "Guest"), expect: SIGNED_IN },
  "accounts/data/account.ts#deleteMyAccount": { access: "checked", call: () => account.deleteMyAccount("not-the-password"), expect: { guest: "unauthenticated", other: "denied", owner: "denied", admin: "denied" } },
  "accounts/data/account.ts#passwordResetTokenFor": { access: "auth", why: "forgot-password: makes a reset link for an email, before there is a session (the answer never says whether the email exists)", importers: ["lib/accounts/actions/account.ts"] },
  "accounts/data/account.ts#checkResetToken": { access: "auth", why: "reset-password: the signed one-time token is the authorization", importers: ["app/(auth)/reset-password/page.tsx"] },
  "accounts/data/account.ts#resetPassword": { access: "auth", why: "reset-password: the signed one-time token is the authorization", importers: ["lib/accounts/actions/account.ts"] },
  "server/db/bulk.ts#yieldToEventLoop": { access: "pure", why: "waits a tick" },
  // an import job belongs to the session's user; the steps on it need the job startImportJob minted (forgeries: the test at the end)
  "server/db/bulk.ts#startImportJob": { access: "checked", call: async () => (await bulk.startImportJob("collection", 0)).userId, expect: SIGNED_IN, verify: (who, r, f) => expect(r).toBe(f.users[who as Exclude<Who, "guest">].id) },
  "server/db/bulk.ts#analyzeStaged": {
    access: "internal",
    why: "PostgreSQL: refreshes the planner's statistics of the staging tables once an import that has passed its own checks has staged its rows (reads or writes no row)",
    importers: ["lib/catalog/data/catalog-import.ts", "lib/collection/data/import.ts"],
  },
  "server/db/bulk.ts#stageInChunks": { access: "pure", why: "hands chunks of the rows it is given to the importer's own write (no data access of its own)" },
  "server/db/bulk.ts#applyInOneTransaction": {
    access: "checked",
    call: async () => {
      const job = await bulk.startImportJob("collection", 0);
      await bulk.applyInOneTransaction(job, 0, { kind: "collection", timeoutMs: 10_000, range: async () => {} });
      return (await t.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } })).status;
    },
    expect: SIGNED_IN,
    verify: (_who, r) => expect(r).toBe("applied"),
  },
  "server/db/bulk.ts#applyInChunks": {
    access: "checked",
    call: async () => {
      const job = await bulk.startImportJob("catalog", 0);
      await bulk.applyInChunks(job, 0, { kind: "catalog", timeoutMs: 10_000, begin: async () => {}, chunk: async () => {}, publish: async () => {} });
      return (await t.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } })).status;
    },
    expect: SIGNED_IN,
    verify: (_who, r) => expect(r).toBe("applied"),
  },
  "server/db/bulk.ts#dropImportJob": {
    access: "checked",
    call: async () => {
      const job = await bulk.startImportJob("collection", 0);
      await bulk.dropImportJob(job);
      return t.prisma.importJob.count({ where: { id: job.id } });
    },
    expect: SIGNED_IN,
    verify: (_who, r) => expect(r).toBe(0),
  },
  "server/db/bulk.ts#clearAbandonedImports": {
    access: "internal",
    why: "rolls back a chunked apply whose process died (its lease passed; its cards were never visible) and drops staging left by crashed imports over an hour old; only startImportJob calls it",
    importers: [],
  },
  "catalog/data/pending-imports.ts#hidePendingImports": { access: "internal", why: "wraps the Prisma client as lib/server/db/db-client.ts builds it, adding the hidden-card condition to reads (reads or writes nothing itself)", importers: ["lib/server/db/db-client.ts"] },
  "catalog/data/card-images.ts#getCardImage": {
    access: "checked",
    prepare: async () => {
      await t.prisma.cardImage.upsert({ where: { id: "f".repeat(64) }, create: { id: "f".repeat(64), contentType: "image/png", byteSize: 1, data: Buffer.from("x") }, update: {} });
      return "f".repeat(64);
    },
    call: (_f, sha) => cardImages.getCardImage(sha, "image/png"),
    expect: PUBLIC,
  },
  "community/data.ts#createDeckStats": { access: "internal", why: "creates a new deck's counters inside createDeck's transaction", importers: ["lib/decks/data/write.ts"] },
  "community/data.ts#recordDeckCopy": { access: "checked", call: (f) => community.recordDeckCopy(f.publicDeck.id), expect: SIGNED_IN },
  "community/data.ts#recordDeckView": { access: "checked", call: (f) => community.recordDeckView(f.publicDeck.slug, "192.0.2.7"), expect: PUBLIC },
  "community/data.ts#getDeckCommunity": { access: "checked", call: (f) => community.getDeckCommunity(f.privateDeck.slug), expect: { guest: "denied", other: "denied", owner: "denied", admin: "denied" } },
  "community/data.ts#setDeckLike": { access: "checked", call: (f) => community.setDeckLike(f.publicDeck.slug, true), expect: { guest: "unauthenticated", other: "ok", owner: "denied", admin: "ok" } },
  "community/data.ts#addComment": { access: "checked", call: (f) => community.addComment(f.privateDeck.slug, "On a private deck"), expect: { guest: "unauthenticated", other: "denied", owner: "denied", admin: "denied" } },
  "community/data.ts#editComment": { access: "checked", prepare: (f) => f.ownerComment(), call: (_f, id) => community.editComment(id, "Edited"), expect: OWNER_ONLY },
  "community/data.ts#deleteComment": { access: "checked", prepare: (f) => f.ownerComment(), call: (_f, id) => community.deleteComment(id), expect: { guest: "unauthenticated", other: "denied", owner: "ok", admin: "ok" } },
  "community/data.ts#reportComment": { access: "checked", prepare: (f) => f.ownerComment(), call: (_f, id) => community.reportComment(id, "Spam"), expect: { guest: "unauthenticated", other: "ok", owner: "denied", admin: "ok" } },
  "community/data.ts#listModerationQueue": { access: "checked", call: () => community.listModerationQueue(), expect: ADMIN },
  "community/data.ts#moderateComment": { access: "checked", prepare: (f) => f.ownerComment(), call: (_f, id) => community.moderateComment(id, "hide"), expect: ADMIN },
  "community/data.ts#removeUserCommunityTx": { access: "internal", why: "removes a deleted account's likes, comments and reports inside deleteMyAccount's transaction (the session user's own)", importers: ["lib/accounts/data/account.ts"] },
  "community/data.ts#countOpenReports": { access: "checked", call: () => community.countOpenReports(), expect: ADMIN },
  "collection/data/import.ts#resolveImport": { access: "checked", call: () => collectionImport.resolveImport(collectionImport.parseOrThrow("csv", "set,number,quantity\nDEMO,1,1\n").rows, "add", () => {}), expect: SIGNED_IN },
  "collection/data/import.ts#previewOf": { access: "pure", why: "shapes a resolved import" },
  "collection/data/import.ts#parseOrThrow": { access: "pure", why: "parses a file" },
  "collection/data/import.ts#applyCollectionImportToMine": { access: "checked", call: () => collectionImport.applyCollectionImportToMine("csv", "set,number,quantity\nDEMO,9,1\n", "add"), expect: SIGNED_IN },
  "accounts/data/admin-guard.ts#requireAdminPage": { access: "checked", call: () => adminGuard.requireAdminPage("/admin"), expect: ADMIN },
  "catalog/data/card-page.ts#getCardBySetNumber": { access: "checked", call: () => cardPage.getCardBySetNumber("DEMO", "1"), expect: PUBLIC },
  "catalog/data/card-page.ts#getCardById": { access: "checked", call: (f) => cardPage.getCardById(f.card(1)), expect: PUBLIC },
  "catalog/data/card-page.ts#otherPrintings": { access: "checked", call: async (f) => cardPage.otherPrintings((await cardPage.getCardById(f.card(1)))!), expect: PUBLIC },
  "catalog/data/card-page.ts#publicCardUsage": { access: "checked", call: (f) => cardPage.publicCardUsage(f.card(5)), expect: PUBLIC, verify: (_who, r, f) => expect(JSON.stringify(r)).not.toContain(f.privateDeck.slug) },
  "catalog/data/card-page.ts#myCardUsage": { access: "checked", call: (f) => cardPage.myCardUsage(f.card(5)), expect: SIGNED_IN, verify: (who, r, f) => who !== "owner" && expect(JSON.stringify(r)).not.toContain(f.privateDeck.id) },
  "catalog/data/cache-invalidation.ts#toCardPlace": { access: "pure", why: "maps a row" },
  "catalog/data/cache-invalidation.ts#invalidateCardChange": { access: "internal", why: "drops cached public pages after a catalog write that already checked the admin (no data read or written)" },
  "catalog/data/cache-invalidation.ts#invalidateCatalog": { access: "internal", why: "drops cached public pages after an import that already checked the admin (no data read or written)" },
  "catalog/data/cache-invalidation.ts#invalidateDeckChange": { access: "internal", why: "drops a shared deck's cached pages after a write by its owner (no data read or written)" },
  // the cached public pages' data: public to everyone, and the same for everyone (a cached answer must not depend on who asked first)
  "catalog/data/public-pages.ts#cachedCardPage": { access: "checked", call: () => publicPages.cachedCardPage("DEMO", "5"), expect: PUBLIC, verify: sameForEveryone("cachedCardPage", (r, f) => expect(JSON.stringify(r)).not.toContain(f.privateDeck.slug)) },
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
  "catalog/data/public-pages.ts#cachedPublishedDeck": { access: "checked", call: (f) => publicPages.cachedPublishedDeck(f.privateDeck.slug), expect: { guest: "denied", other: "denied", owner: "denied", admin: "denied" } },
  "decks/data/read.ts#getPublishedDeck": { access: "checked", call: (f) => deckRead.getPublishedDeck(f.privateDeck.slug), expect: { guest: "denied", other: "denied", owner: "denied", admin: "denied" } },
  "decks/data/read.ts#getMyOwnedCountsFor": { access: "checked", call: (f) => deckRead.getMyOwnedCountsFor([f.card(1)]), expect: SIGNED_IN, verify: async (who, r, f) => expect((r as Record<string, number>)[f.card(1)] ?? 0).toBe((await f.ownedBy(who))[f.card(1)] ?? 0) },
  "decks/data/read.ts#resolvePublicDeckList": { access: "checked", call: () => deckRead.resolvePublicDeckList([{ set: "DEMO", number: 1, quantity: 1 }]), expect: PUBLIC },
  "catalog/data/cards.ts#toCardDTO": { access: "pure", why: "maps a row the caller already read" },
  "catalog/data/cards.ts#listCards": { access: "checked", call: () => cards.listCards({ take: 3 }), expect: PUBLIC },
  "catalog/data/cards.ts#databaseAnswers": { access: "checked", call: () => cards.databaseAnswers(), expect: PUBLIC },
  "catalog/data/catalog-admin.ts#snapshotOf": { access: "pure", why: "maps a row the caller already read" },
  "catalog/data/catalog-admin.ts#snapshotOfInput": { access: "pure", why: "maps validated input" },
  "catalog/data/catalog-admin.ts#sameSnapshot": { access: "pure", why: "compares two snapshots" },
  "catalog/data/catalog-admin.ts#cardFields": { access: "pure", why: "maps validated input to columns" },
  "catalog/data/catalog-admin.ts#traitRows": { access: "pure", why: "maps validated input to rows" },
  "catalog/data/catalog-admin.ts#requireCatalogAdmin": { access: "checked", call: () => catalogAdmin.requireCatalogAdmin(), expect: ADMIN },
  "catalog/data/catalog-admin.ts#createCardTx": {
    access: "checked",
    call: async () => {
      const writer = await catalogAdmin.requireCatalogAdmin();
      return t.prisma.$transaction((tx) => catalogAdmin.createCardTx(tx, nextCard(), writer));
    },
    expect: ADMIN,
  },
  "catalog/data/catalog-admin.ts#updateCardTx": {
    access: "checked",
    prepare: (f) => f.spareCard(),
    call: async (_f, id) => {
      const writer = await catalogAdmin.requireCatalogAdmin();
      return t.prisma.$transaction((tx) => catalogAdmin.updateCardTx(tx, id, nextCard(), writer));
    },
    expect: ADMIN,
  },
  "catalog/data/catalog-admin.ts#createCard": { access: "checked", call: () => catalogAdmin.createCard(nextCard()), expect: ADMIN },
  "catalog/data/catalog-admin.ts#updateCard": { access: "checked", prepare: (f) => f.spareCard(), call: (_f, id) => catalogAdmin.updateCard(id, nextCard()), expect: ADMIN },
  "catalog/data/catalog-admin.ts#cardReferences": { access: "checked", call: (f) => catalogAdmin.cardReferences(f.card(5)), expect: ADMIN },
  "catalog/data/catalog-admin.ts#deleteCard": { access: "checked", prepare: (f) => f.spareCard(), call: (_f, id) => catalogAdmin.deleteCard(id), expect: ADMIN },
  "catalog/data/catalog-admin.ts#getCardForEdit": { access: "checked", call: (f) => catalogAdmin.getCardForEdit(f.card(1)), expect: ADMIN },
  "catalog/data/catalog-admin.ts#listAudits": { access: "checked", call: () => catalogAdmin.listAudits(), expect: ADMIN },
  "catalog/data/catalog-import.ts#dryRunImport": { access: "checked", call: () => catalogImport.dryRunImport(`${CATALOG_COLUMNS.join(",")}\nMATRIX,900,Dry Run,Robot,red,1,common,,\n`, "csv"), expect: ADMIN },
  "catalog/data/catalog-import.ts#applyImport": { access: "checked", call: () => catalogImport.applyImport(`${CATALOG_COLUMNS.join(",")}\nMATRIX,${800 + cardNumber++},Imported,Robot,red,1,common,,\n`, "csv"), expect: ADMIN },
  "catalog/data/catalog-import.ts#exportCatalog": { access: "checked", call: () => catalogImport.exportCatalog(), expect: ADMIN },
  "lab/data.ts#loadLabDeck": { access: "checked", call: (f) => lab.loadLabDeck({ kind: "deck", id: f.privateDeck.id }), expect: OWNER_ONLY },
  "lab/data.ts#listLabChoices": { access: "checked", call: () => lab.listLabChoices(), expect: PUBLIC, verify: noOwnerPrivateDeck },
  "lab/data.ts#getDoctorCandidates": {
    access: "checked",
    call: async () => {
      const deck = await lab.loadLabDeck({ kind: "starter", slug: (await starterDecks.listStarterDecks())[0].slug });
      if (!deck.ok) throw new Error(deck.message);
      return lab.getDoctorCandidates(deck.deck, true);
    },
    // owned-only candidates need a collection: a guest is told to sign in; only the owner owns spare copies
    expect: { guest: "denied", other: "denied", owner: "ok", admin: "denied" },
  },
  "lab/data.ts#getStandInSimulation": { access: "checked", call: () => lab.getStandInSimulation([], []), expect: PUBLIC },
  "lab/data.ts#getDeckCompletion": { access: "checked", call: (f) => lab.getDeckCompletion({ kind: "deck", id: f.privateDeck.id }), expect: OWNER_ONLY },
  "lab/data.ts#saveLabRun": {
    access: "checked",
    call: async (f) =>
      lab.saveLabRun({ deckId: f.privateDeck.id, deckVersion: await f.deckVersion(f.privateDeck.id), query: "you=deck:x&vs=starter:y&seed=1", seed: 1, agents: "random,random", results: [{ name: "x", games: 1, wins: 1, losses: 0, draws: 0 }] }),
    expect: OWNER_ONLY,
  },
  "lab/data.ts#listLabRuns": { access: "checked", call: (f) => lab.listLabRuns(f.privateDeck.id), expect: OWNER_ONLY },
  "server/db/literal-match.ts#titleKeyContains": { access: "checked", call: () => literalMatch.titleKeyContains("100%"), expect: PUBLIC },
  "server/db/literal-match.ts#publicDeckNameContains": { access: "checked", call: () => literalMatch.publicDeckNameContains("50%"), expect: PUBLIC, verify: (_who, r, f) => expect(JSON.stringify(r)).not.toContain(f.privateDeck.id) },
  "playtest/data.ts#getPlaytestCards": { access: "checked", call: () => playtestCards.getPlaytestCards(["DEMO-001"]), expect: PUBLIC },
  "catalog/data/seed.ts#readDemoSet": { access: "pure", why: "reads the shipped demo set file" },
  "catalog/data/seed.ts#seedDemoCatalog": { access: "system", why: "seeds the catalog from the command line and on start-up, with the client it is given", importers: ["prisma/seed.ts", "scripts/prepare-app.ts", "scripts/reset-db.ts"] },
  "server/cache/keyed-view.ts#keyedUser": { access: "auth", why: "the user a private page's key names (HMAC under AUTH_SECRET, made by the proxy for a session it vouched for), read by getCurrentUser", importers: ["lib/server/session.ts"] },
  "server/cache/keyed-view.ts#readAsKeyedUser": {
    access: "auth",
    why: "the private page cache's internal pages: opens the page's key (a forged or foreign key is null, lib/server/cache/private-key.test.ts) and reads as the user it names; the proxy refuses these routes to outside requests (proxy.test.ts)",
    importers: ["app/cached/private/collection/[key]/page.tsx", "app/cached/private/decks/[key]/page.tsx"],
  },
  "accounts/data/session-tokens.ts#sessionState": { access: "auth", why: "Auth.js's token check, before there is a session", importers: ["lib/accounts/auth.ts", "lib/accounts/session-check.ts"] },
  "accounts/data/session-tokens.ts#revokeSession": { access: "auth", why: "Auth.js's sign-out, revoking the token being signed out", importers: ["lib/accounts/auth.ts"] },
  "server/session.ts#getCurrentUser": { access: "auth", why: "the session gate itself (tested in lib/server/session.test.ts)", importers: ["*"] },
  "server/session.ts#requireUser": { access: "auth", why: "the session gate itself", importers: ["*"] },
  "server/session.ts#requireAdmin": { access: "auth", why: "the session gate itself", importers: ["*"] },
  "server/session.ts#requireUserOrRedirect": { access: "auth", why: "the session gate itself, for pages", importers: ["*"] },
  "decks/data/starter-decks.ts#listStarterDecks": { access: "checked", call: () => starterDecks.listStarterDecks(), expect: PUBLIC },
  "decks/data/starter-decks.ts#getStarterDeck": { access: "checked", call: async () => starterDecks.getStarterDeck((await starterDecks.listStarterDecks())[0].slug), expect: PUBLIC },
  "catalog/data/suggestions.ts#createSuggestion": { access: "checked", call: () => suggestions.createSuggestion(nextCard(), null), expect: SIGNED_IN },
  "catalog/data/suggestions.ts#listMySuggestions": {
    access: "checked",
    call: () => suggestions.listMySuggestions(),
    expect: SIGNED_IN,
    verify: (who, r, f) => who !== "guest" && expect((r as { suggestedBy: string }[]).every((s) => s.suggestedBy === f.users[who].displayName)).toBe(true),
  },
  "catalog/data/suggestions.ts#listSuggestionsForReview": { access: "checked", call: () => suggestions.listSuggestionsForReview(), expect: ADMIN },
  "catalog/data/suggestions.ts#adminOverview": { access: "checked", call: () => suggestions.adminOverview(), expect: ADMIN },
  "catalog/data/suggestions.ts#acceptSuggestion": { access: "checked", prepare: (f) => f.pendingSuggestion(), call: (_f, id) => suggestions.acceptSuggestion(id), expect: ADMIN },
  "catalog/data/suggestions.ts#rejectSuggestion": { access: "checked", prepare: (f) => f.pendingSuggestion(), call: (_f, id) => suggestions.rejectSuggestion(id, "Not a real card"), expect: ADMIN },
  "accounts/data/system.ts#systemActor": { access: "system", why: "the command-line tools' system path (null inside the app)", importers: ["lib/server/session.ts"] },
  "accounts/data/system.ts#runAsSystemAdmin": { access: "system", why: "the command-line tools' system path; refuses to run inside the Next.js server", importers: ["scripts/catalog.ts"] },
  "accounts/data/system.ts#runAsSystemAccount": { access: "system", why: "the command-line tools' system path for one account by email (npm run user -- import-collection); refuses to run inside the Next.js server", importers: ["scripts/user.ts"] },
  "accounts/data/system.ts#runAsSystemUser": { access: "system", why: "the system path for a harness acting for one account (the import crash test's child process); refuses to run inside the Next.js server", importers: ["test/import-child.ts"] },
  "accounts/data/users.ts#toSessionUser": { access: "pure", why: "maps an account row" },
  "accounts/data/users.ts#verifyCredentials": { access: "auth", why: "sign-in: checks a password, before there is a session", importers: ["lib/accounts/authorize.ts"] },
  "accounts/data/users.ts#createUser": { access: "auth", why: "sign-up: makes a regular account, before there is a session", importers: ["lib/accounts/actions/auth.ts"] },
  "accounts/data/users.ts#findSessionUser": { access: "auth", why: "loads the session's account for the gate (and the account a private page's key names)", importers: ["lib/server/cache/keyed-view.ts", "lib/server/session.ts"] },
  "catalog/data/card-search/run.ts#normalizeSearchParams": { access: "pure", why: "parses search parameters" },
  "catalog/data/card-search/run.ts#runSearch": {
    access: "checked",
    call: () => searchRun.runSearch({ ast: null, sort: "number", dir: "asc", page: 1, pageSize: 5, owner: { ownership: "owned" } }),
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
    call: () => searchOwned.searchOwnedCards({ ownership: "owned" }),
    expect: SIGNED_IN,
    verify: async (who, r, f) => expect((r as { total: number }).total).toBe(Object.keys(await f.ownedBy(who)).length),
  },
  "collection/data/browse.ts#listCollection": {
    access: "checked",
    call: () => browse.listCollection({ filter: "owned" }),
    expect: SIGNED_IN,
    verify: async (who, r, f) => expect((r as { summary: { copies: number } }).summary.copies).toBe(Object.values(await f.ownedBy(who)).reduce((a, b) => a + b, 0)),
  },
  "collection/data/browse.ts#ownedQuantities": {
    access: "checked",
    call: (f) => browse.ownedQuantities([f.card(1)]),
    expect: SIGNED_IN,
    verify: async (who, r, f) => expect((r as Record<string, number>)[f.card(1)]).toBe((await f.ownedBy(who))[f.card(1)] ?? 0),
  },
  "collection/data/quantities.ts#applyDelta": { access: "internal", why: "the collection writes' shared step, inside their transaction, for the session's user" },
  "collection/data/quantities.ts#assertCardsExist": { access: "internal", why: "a check inside the collection writes' transaction" },
  "collection/data/quantities.ts#adjustOwned": { access: "checked", call: (f) => quantities.adjustOwned(f.card(2), 1), expect: SIGNED_IN },
  "collection/data/quantities.ts#setOwned": { access: "checked", call: (f) => quantities.setOwned(f.card(3), 2), expect: SIGNED_IN },
  "collection/data/lookup.ts#defaultSetCode": { access: "checked", call: () => lookup.defaultSetCode(), expect: SIGNED_IN },
  "collection/data/lookup.ts#lookupCards": {
    access: "checked",
    call: () => lookup.lookupCards("1"),
    expect: SIGNED_IN,
    verify: (who, r, f) => who !== "owner" && expect((r as { id: string; owned: number }[]).find((c) => c.id === f.card(1))?.owned ?? 0).toBe(0),
  },
  "collection/data/packs.ts#recordPackOpening": { access: "checked", call: (f) => packs.recordPackOpening([f.card(4)]), expect: SIGNED_IN },
  "collection/data/packs.ts#undoLastPackOpening": { access: "checked", prepare: (f) => f.ownerPack(), call: (_f, id) => packs.undoLastPackOpening(id), expect: OWNER_ONLY },
  "collection/data/packs.ts#listPackOpenings": { access: "checked", call: () => packs.listPackOpenings(), expect: SIGNED_IN, verify: (who, r) => who !== "owner" && expect(JSON.stringify(r)).not.toContain("Sonic") },
  "collection/data/completion.ts#collectionCompletion": {
    access: "checked",
    call: () => completion.collectionCompletion(),
    expect: SIGNED_IN,
    // distinct cards owned: the caller's own, whoever else owns more
    verify: async (who, r, f) => expect((r as { overall: { owned: number } }).overall.owned).toBe(Object.keys(await f.ownedBy(who)).length),
  },
  "collection/data/transfer.ts#previewCollectionImport": { access: "checked", call: () => transfer.previewCollectionImport("csv", "set,number,quantity\nDEMO,1,1\n", "add"), expect: SIGNED_IN },
  "collection/data/transfer.ts#applyCollectionImport": { access: "checked", call: () => transfer.applyCollectionImport("csv", "set,number,quantity\nDEMO,9,1\n", "add"), expect: SIGNED_IN },
  "collection/data/transfer.ts#exportCollection": { access: "checked", call: () => transfer.exportCollection(), expect: SIGNED_IN, verify: (who, r) => who !== "owner" && expect((r as unknown[]).every((x) => (x as { number: number }).number !== 1)).toBe(true) },
  "decks/data/catalog.ts#getDeckCatalog": { access: "checked", call: () => deckCatalog.getDeckCatalog(), expect: PUBLIC },
  "decks/data/catalog.ts#getCardsByIds": { access: "checked", call: (f) => deckCatalog.getCardsByIds([f.card(1)]), expect: PUBLIC },
  "decks/data/catalog.ts#searchCardsForDeck": { access: "checked", call: () => deckCatalog.searchCardsForDeck("", { onlyOwned: true }), expect: SIGNED_IN, verify: async (who, r, f) => expect((r as { total: number }).total).toBe(Object.keys(await f.ownedBy(who)).length) },
  "decks/data/lists.ts#getAuthor": { access: "checked", call: (f) => deckLists.getAuthor(f.users.owner.id), expect: PUBLIC, verify: (_who, r, f) => expect(JSON.stringify(r)).not.toContain(f.users.owner.email) },
  "decks/data/lists.ts#listMyDecks": { access: "checked", call: () => deckLists.listMyDecks(), expect: SIGNED_IN, verify: noOwnerPrivateDeck },
  "decks/data/lists.ts#listPublicDecks": { access: "checked", call: () => deckLists.listPublicDecks(), expect: PUBLIC, verify: (_who, r, f) => expect(ownerDeckIds(r)).not.toContain(f.privateDeck.id) },
  "decks/data/playtest.ts#getDeckForPlaytest": { access: "checked", call: (f) => deckPlaytest.getDeckForPlaytest({ deckId: f.privateDeck.id }), expect: OWNER_ONLY },
  "decks/data/read.ts#cardIdsForList": { access: "checked", call: () => deckRead.cardIdsForList([{ set: "DEMO", number: 1, quantity: 1 }]), expect: PUBLIC },
  "decks/data/read.ts#getDeckForOwner": { access: "checked", call: (f) => deckRead.getDeckForOwner(f.privateDeck.id), expect: OWNER_ONLY },
  "decks/data/read.ts#getMyOwnedCounts": { access: "checked", call: () => deckRead.getMyOwnedCounts(), expect: SIGNED_IN, verify: async (who, r, f) => expect(r).toEqual(await f.ownedBy(who)) },
  "decks/data/read.ts#getSharedDeck": { access: "checked", call: (f) => deckRead.getSharedDeck(f.privateDeck.slug), expect: OWNER_ONLY_PUBLIC_READ },
  "decks/data/read.ts#resolveDeckList": { access: "checked", call: () => deckRead.resolveDeckList([{ set: "DEMO", number: 1, quantity: 1 }]), expect: PUBLIC },
  "decks/data/versions.ts#listDeckVersions": { access: "checked", call: (f) => deckVersions.listDeckVersions(f.privateDeck.id), expect: OWNER_ONLY },
  "decks/data/versions.ts#restoreDeckVersion": { access: "checked", call: async (f) => deckVersions.restoreDeckVersion(f.privateDeck.id, 1, await f.deckVersion(f.privateDeck.id)), expect: OWNER_ONLY },
  "decks/data/write.ts#createDeck": { access: "checked", call: (f) => deckWrite.createDeck({ name: "Matrix", description: "", cards: legal(f) }), expect: SIGNED_IN },
  "decks/data/write.ts#saveDeck": {
    access: "checked",
    call: async (f) => deckWrite.saveDeck({ deckId: f.privateDeck.id, expectedVersion: await f.deckVersion(f.privateDeck.id), name: "Owner's deck", description: "saved", cards: legal(f) }),
    expect: OWNER_ONLY,
  },
  "decks/data/write.ts#deleteDeck": { access: "checked", prepare: (f) => f.ownerDeck(), call: (_f, id) => deckWrite.deleteDeck(id), expect: OWNER_ONLY },
  "decks/data/write.ts#setDeckVisibility": { access: "checked", call: (f) => deckWrite.setDeckVisibility(f.privateDeck.id, "private"), expect: OWNER_ONLY },
  "decks/data/write.ts#copyDeck": { access: "checked", call: (f) => deckWrite.copyDeck({ deckId: f.privateDeck.id }), expect: OWNER_ONLY },
};

const want = (deck: string) => `http://app.test/api/decks/want-list?deck=${encodeURIComponent(deck)}`;

/** Every route handler under app/api, by route file (relative to app/api) and method. */
const ROUTES: Record<string, Row> = {
  "account/export/route.ts#GET": {
    access: "checked",
    call: async () => (await import("@/app/api/account/export/route")).GET(),
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
  "me/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/me/route")).GET(), expect: PUBLIC },
  "me/owned/route.ts#GET": { access: "checked", call: async (f) => (await import("@/app/api/me/owned/route")).GET(new NextRequest(`http://app.test/api/me/owned?ids=${f.card(1)}`)), expect: SIGNED_IN, verify: async (who, r) => who !== "owner" && expect(await (r as Response).clone().text()).not.toContain('":9') },
  "me/card-usage/route.ts#GET": { access: "checked", call: async (f) => (await import("@/app/api/me/card-usage/route")).GET(new NextRequest(`http://app.test/api/me/card-usage?card=${f.card(5)}`)), expect: SIGNED_IN, verify: async (who, r, f) => who !== "owner" && expect(await (r as Response).clone().text()).not.toContain(f.privateDeck.id) },
  "decks/[slug]/community/route.ts#GET": {
    access: "checked",
    call: async (f) => (await import("@/app/api/decks/[slug]/community/route")).GET(new Request("http://app.test/x"), { params: Promise.resolve({ slug: f.privateDeck.slug }) }),
    expect: { guest: "denied", other: "denied", owner: "denied", admin: "denied" },
  },
  "cards/[key]/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/cards/[key]/route")).GET(new Request("http://app.test/api/cards/DEMO-1"), { params: Promise.resolve({ key: "DEMO-1" }) }), expect: PUBLIC },
  "catalog/export/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/catalog/export/route")).GET(new Request("http://app.test/api/catalog/export?format=csv")), expect: ADMIN },
  "collection/export/route.ts#GET": {
    access: "checked",
    call: async (f) => (await import("@/app/api/collection/export/route")).GET(new NextRequest(`http://app.test/api/collection/export?format=csv&userId=${f.users.owner.id}`)),
    expect: SIGNED_IN,
  },
  "collection/lookup/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/collection/lookup/route")).GET(new NextRequest("http://app.test/api/collection/lookup?q=1")), expect: SIGNED_IN },
  "decks/want-list/route.ts#GET": { access: "checked", call: async (f) => (await import("@/app/api/decks/want-list/route")).GET(new NextRequest(want(`deck:${f.privateDeck.id}`))), expect: OWNER_ONLY },
  "health/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/health/route")).GET(), expect: PUBLIC },
};

// ---- enumeration: the table must match the code --------------------------------------------

const isClass = (v: unknown) => typeof v === "function" && /^class[\s{]/.test(Function.prototype.toString.call(v));
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

async function dalExports(): Promise<string[]> {
  const dir = path.join(root, "lib/dal");
  const files = walk(dir, (p) => p.endsWith(".ts") && !p.endsWith(".test.ts") && path.basename(p) !== "index.ts");
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
  const asOwner = async <T,>(fn: () => Promise<T>): Promise<T> => {
    const was = current.user;
    current.user = users.owner;
    try {
      return await fn();
    } finally {
      current.user = was;
    }
  };
  const makeDeck = async (visibility: "private" | "public") =>
    asOwner(async () => {
      const r = await deckWrite.createDeck({ name: `Owner's ${visibility} deck`, description: "", cards: [5, 6, 8, 11, 13, 15].map((n) => ({ cardId: card(n), quantity: 5 })) });
      if (!r.ok) throw new Error(r.message);
      if (visibility === "public") await deckWrite.setDeckVisibility(r.id, "public");
      const d = await t.prisma.deck.findUniqueOrThrow({ where: { id: r.id } });
      return { id: d.id, slug: d.shareSlug };
    });
  const privateDeck = await makeDeck("private");
  const publicDeck = await makeDeck("public");
  await asOwner(async () => {
    await quantities.setOwned(card(1), 9);
    for (const n of [5, 6, 8, 11, 13, 15]) await quantities.setOwned(card(n), 9);
    await packs.recordPackOpening([card(1)]);
    await suggestions.createSuggestion(validCard(700), null);
  });
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
    ownerPack: () => asOwner(async () => (await packs.recordPackOpening([card(2)])).id),
    ownerComment: () => asOwner(async () => (await community.addComment(publicDeck.slug, "The owner's comment")).id),
  };
});

describe("the access-control matrix covers the code", () => {
  it("has a row for every exported lib/dal function, and no row for a function that is gone", async () => {
    expect(Object.keys(DAL).sort()).toEqual(await dalExports());
  });

  it("has a row for every route handler under app/api", async () => {
    expect(Object.keys(ROUTES).sort()).toEqual(await routeHandlers());
  });

  it("lib/dal index files only re-export (so every function has its row under its own file)", () => {
    for (const file of walk(path.join(root, "lib/dal"), (p) => path.basename(p) === "index.ts")) {
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
      const modulePath = `@/lib/dal/${file.replace(/\.ts$/, "")}`;
      const users = texts
        .filter(({ file: f, text }) => f !== `lib/dal/${file}` && text.includes(`"${modulePath}"`) && new RegExp(`\\b${name}\\b`).test(text))
        .map(({ file: f }) => f)
        .sort();
      expect(users, key).toEqual([...row.importers].sort());
    }
  });
});

function checkedRows(table: Record<string, Row>): [string, Checked][] {
  return Object.entries(table).filter((e): e is [string, Checked] => e[1].access === "checked");
}

describe.each([
  ["lib/dal", DAL],
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
        result = await row.call(f, prepared);
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
    current.user = f.users.other;
    try {
      await expect(bulk.applyInOneTransaction(forged, 1, { kind: "collection", timeoutMs: 10_000, range: async () => {} })).rejects.toMatchObject({ code: "auth/forbidden" });
      await expect(bulk.applyInChunks(forged, 1, { kind: "catalog", timeoutMs: 10_000, begin: async () => {}, chunk: async () => {}, publish: async () => {} })).rejects.toMatchObject({ code: "auth/forbidden" });
      await expect(bulk.dropImportJob(forged)).rejects.toMatchObject({ code: "auth/forbidden" });
      // a job of one's own does not open anyone else's either: the job row is matched with its owner
      const mine = await bulk.startImportJob("collection", 0);
      expect(mine.userId).toBe(f.users.other.id);
    } finally {
      current.user = null;
    }
    expect(await t.prisma.importJob.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ status: "staging", userId: f.users.owner.id });
    expect(await t.prisma.importCollectionStage.count({ where: { jobId: theirs.id } })).toBe(1);
  });
});
