/**
 * Access-matrix rows for community: views, likes, comments and moderation
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import * as community from "@/lib/community/data";
import { PUBLIC, SIGNED_IN, OWNER_ONLY, ADMIN, type Rows } from "@/test/access/harness";

/** Every exported function of this feature's data access (key: file under lib/, then #name). */
export const data: Rows = {
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
};

/** This feature's route handlers under app/api (key: route file under app/api, then #method). */
export const routes: Rows = {
  "decks/[slug]/community/route.ts#GET": {
    access: "checked",
    call: async (actor, f) => (await import("@/app/api/decks/[slug]/community/route")).GET(new Request("http://app.test/x"), { params: Promise.resolve({ slug: f.privateDeck.slug }) }),
    expect: { guest: "denied", other: "denied", owner: "denied", admin: "denied" },
  },
};
