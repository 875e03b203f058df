/**
 * Access-matrix rows for the catalog: card pages, search, the cached public pages, catalog admin and import, and the catalog routes
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import { expect } from "vitest";
import { NextRequest } from "next/server";
import * as cardPage from "@/lib/catalog/data/card-page";
import * as cards from "@/lib/catalog/data/cards";
import * as catalogAdmin from "@/lib/catalog/data/catalog-admin";
import * as catalogImport from "@/lib/catalog/data/catalog-import";
import * as publicPages from "@/lib/catalog/data/public-pages";
import * as cardImages from "@/lib/catalog/data/card-images";
import * as searchRun from "@/lib/catalog/data/card-search/run";
import * as searchCatalog from "@/lib/catalog/data/card-search/catalog";
import * as searchOwned from "@/lib/catalog/data/card-search/owned";
import { CATALOG_COLUMNS } from "@/lib/catalog/io";
import { PUBLIC, SIGNED_IN, ADMIN, sameForEveryone, ownerDeckIds, nextCard, nextNumber, db, type Rows } from "@/test/access/harness";

/** Every exported function of this feature's data access (key: file under lib/, then #name). */
export const data: Rows = {
  "catalog/data/census-cards.ts#writeCensusCardTx": { access: "internal", why: "writes a printing the census verified, inside the census transaction whose vote or settlement checked its actor", importers: ["lib/census/data/shared.ts"] },
  "catalog/data/census-cards.ts#writeCensusCorrectionTx": { access: "internal", why: "writes a correction the census verified into its card, inside the census transaction whose vote or settlement checked its actor", importers: ["lib/census/data/shared.ts"] },
  "catalog/data/card-images.ts#getCardImage": {
    access: "checked",
    prepare: async () => {
      await db().cardImage.upsert({ where: { id: "f".repeat(64) }, create: { id: "f".repeat(64), contentType: "image/png", byteSize: 1, data: Buffer.from("x") }, update: {} });
      return "f".repeat(64);
    },
    call: (actor, _f, sha) => cardImages.getCardImage(sha, "image/png"),
    expect: PUBLIC,
  },
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
  "catalog/data/cards.ts#toCardDTO": { access: "pure", why: "maps a row the caller already read" },
  "catalog/data/cards.ts#listCards": { access: "checked", call: () => cards.listCards({ take: 3 }), expect: PUBLIC },
  "catalog/data/cards.ts#databaseAnswers": { access: "checked", call: () => cards.databaseAnswers(), expect: PUBLIC },
  "catalog/data/catalog-admin.ts#adminOverview": { access: "checked", call: (actor) => catalogAdmin.adminOverview(actor), expect: ADMIN },
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
      return db().$transaction((tx) => catalogAdmin.createCardTx(tx, nextCard(), writer));
    },
    expect: ADMIN,
  },
  "catalog/data/catalog-admin.ts#updateCardTx": {
    access: "checked",
    prepare: (f) => f.spareCard(),
    call: async (actor, _f, id) => {
      const writer = await catalogAdmin.requireCatalogAdmin(actor);
      return db().$transaction((tx) => catalogAdmin.updateCardTx(tx, id, nextCard(), writer));
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
  "catalog/data/catalog-import.ts#applyImport": { access: "checked", call: (actor) => catalogImport.applyImport(actor, `${CATALOG_COLUMNS.join(",")}\nMATRIX,${800 + nextNumber()},Imported,Robot,red,1,common,,\n`, "csv"), expect: ADMIN },
  "catalog/data/catalog-import.ts#exportCatalog": { access: "checked", call: (actor) => catalogImport.exportCatalog(actor), expect: ADMIN },
  "catalog/data/seed.ts#readDemoSet": { access: "pure", why: "reads the shipped demo set file" },
  "catalog/data/seed.ts#seedDemoCatalog": { access: "system", why: "seeds the catalog from the command line and on start-up, with the client it is given", importers: ["prisma/seed.ts", "scripts/prepare-app.ts", "scripts/reset-db.ts"] },
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
  "catalog/data/card-search/catalog.ts#searchVocabulary": { access: "checked", call: async () => (await searchCatalog.searchVocabulary()).traits.size, expect: PUBLIC },
  "catalog/data/card-search/owned.ts#searchOwnedCards": {
    access: "checked",
    call: (actor) => searchOwned.searchOwnedCards(actor, { ownership: "owned" }),
    expect: SIGNED_IN,
    verify: async (who, r, f) => expect((r as { total: number }).total).toBe(Object.keys(await f.ownedBy(who)).length),
  },
};

/** This feature's route handlers under app/api (key: route file under app/api, then #method). */
export const routes: Rows = {
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
  "me/card-usage/route.ts#GET": { access: "checked", call: async (actor, f) => (await import("@/app/api/me/card-usage/route")).GET(new NextRequest(`http://app.test/api/me/card-usage?card=${f.card(5)}`)), expect: SIGNED_IN, verify: async (who, r, f) => who !== "owner" && expect(await (r as Response).clone().text()).not.toContain(f.privateDeck.id) },
  "cards/[key]/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/cards/[key]/route")).GET(new Request("http://app.test/api/cards/DEMO-1"), { params: Promise.resolve({ key: "DEMO-1" }) }), expect: PUBLIC },
  "catalog/export/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/catalog/export/route")).GET(new Request("http://app.test/api/catalog/export?format=csv")), expect: ADMIN },
};
