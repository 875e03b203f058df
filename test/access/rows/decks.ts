/**
 * Access-matrix rows for decks: reading, writing, versions, starter decks, and the want-list route
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import { expect } from "vitest";
import { NextRequest } from "next/server";
import * as starterDecks from "@/lib/decks/data/starter-decks";
import * as deckCatalog from "@/lib/decks/data/catalog";
import * as deckLists from "@/lib/decks/data/lists";
import * as deckPlaytest from "@/lib/decks/data/playtest";
import * as deckRead from "@/lib/decks/data/read";
import * as deckVersions from "@/lib/decks/data/versions";
import * as deckWrite from "@/lib/decks/data/write";
import { PUBLIC, SIGNED_IN, OWNER_ONLY, OWNER_ONLY_PUBLIC_READ, noOwnerPrivateDeck, ownerDeckIds, legal, type Rows } from "@/test/access/harness";

/** Every exported function of this feature's data access (key: file under lib/, then #name). */
export const data: Rows = {
  "decks/data/read.ts#getPublishedDeck": { access: "checked", call: (actor, f) => deckRead.getPublishedDeck(f.privateDeck.slug), expect: { guest: "denied", other: "denied", owner: "denied", admin: "denied" } },
  "decks/data/read.ts#getMyOwnedCountsFor": { access: "checked", call: (actor, f) => deckRead.getMyOwnedCountsFor(actor, [f.card(1)]), expect: SIGNED_IN, verify: async (who, r, f) => expect((r as Record<string, number>)[f.card(1)] ?? 0).toBe((await f.ownedBy(who))[f.card(1)] ?? 0) },
  "decks/data/read.ts#resolvePublicDeckList": { access: "checked", call: () => deckRead.resolvePublicDeckList([{ set: "DEMO", number: 1, quantity: 1 }]), expect: PUBLIC },
  "decks/data/starter-decks.ts#listStarterDecks": { access: "checked", call: () => starterDecks.listStarterDecks(), expect: PUBLIC },
  "decks/data/starter-decks.ts#getStarterDeck": { access: "checked", call: async () => starterDecks.getStarterDeck((await starterDecks.listStarterDecks())[0].slug), expect: PUBLIC },
  "decks/data/catalog.ts#getDeckCatalog": { access: "checked", call: () => deckCatalog.getDeckCatalog(), expect: PUBLIC },
  "decks/data/catalog.ts#getCardsByIds": { access: "checked", call: (actor, f) => deckCatalog.getCardsByIds([f.card(1)]), expect: PUBLIC },
  "decks/data/catalog.ts#searchCardsForDeck": { access: "checked", call: (actor) => deckCatalog.searchCardsForDeck(actor, "", { onlyOwned: true }), expect: SIGNED_IN, verify: async (who, r, f) => expect((r as { total: number }).total).toBe(Object.keys(await f.ownedBy(who)).length) },
  "decks/data/lists.ts#getAuthor": { access: "checked", call: (actor, f) => deckLists.getAuthor(f.users.owner.id), expect: PUBLIC, verify: (_who, r, f) => expect(JSON.stringify(r)).not.toContain(f.users.owner.email) },
  "decks/data/lists.ts#listMyDecks": { access: "checked", call: (actor) => deckLists.listMyDecks(actor), expect: SIGNED_IN, verify: noOwnerPrivateDeck },
  "decks/data/lists.ts#listPublicDecks": { access: "checked", call: () => deckLists.listPublicDecks(), expect: PUBLIC, verify: (_who, r, f) => expect(ownerDeckIds(r)).not.toContain(f.privateDeck.id) },
  "decks/data/playtest.ts#getDeckForPlaytest": { access: "checked", call: (actor, f) => deckPlaytest.getDeckForPlaytest(actor, { deckId: f.privateDeck.id }), expect: OWNER_ONLY },
  "decks/data/read.ts#cardIdsForList": { access: "checked", call: () => deckRead.cardIdsForList([{ set: "DEMO", number: 1, quantity: 1 }]), expect: PUBLIC },
  "decks/data/owner-deck.ts#ownerDeckRow": { access: "internal", why: "the deck editor's plain-SQL read of one deck, every query restricted to the given owner; only getDeckForOwner calls it, with the checked actor's id", importers: ["lib/decks/data/read.ts"] },
  "decks/data/owner-deck.ts#ownsDeck": { access: "internal", why: "whether the given user owns the deck (a boolean, no data returned); the deck readers call it with the checked actor's id", importers: ["lib/decks/data/versions.ts"] },
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
};

/** This feature's route handlers under app/api (key: route file under app/api, then #method). */
export const routes: Rows = {
  "decks/want-list/route.ts#GET": { access: "checked", call: async (actor, f) => (await import("@/app/api/decks/want-list/route")).GET(new NextRequest(want(`deck:${f.privateDeck.id}`))), expect: OWNER_ONLY },
};

const want = (deck: string) => `http://app.test/api/decks/want-list?deck=${encodeURIComponent(deck)}`;
