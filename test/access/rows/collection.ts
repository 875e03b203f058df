/**
 * Access-matrix rows for the collection: quantities, browse, lookup, packs, completion, import and export, and the collection routes
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import { expect } from "vitest";
import { NextRequest } from "next/server";
import * as collectionImport from "@/lib/collection/data/import";
import * as browse from "@/lib/collection/data/browse";
import * as quantities from "@/lib/collection/data/quantities";
import * as lookup from "@/lib/collection/data/lookup";
import * as packs from "@/lib/collection/data/packs";
import * as completion from "@/lib/collection/data/completion";
import * as transfer from "@/lib/collection/data/transfer";
import * as binders from "@/lib/collection/data/binders";
import * as reservations from "@/lib/collection/data/reservations";
import * as collectionAccount from "@/lib/collection/data/account";
import { SIGNED_IN, OWNER_ONLY, type Fixture, type Rows } from "@/test/access/harness";

/** Every exported function of this feature's data access (key: file under lib/, then #name). */
export const data: Rows = {
  "collection/data/import.ts#resolveImport": { access: "checked", call: (actor) => collectionImport.resolveImport(actor, collectionImport.parseOrThrow("csv", "set,number,quantity\nDEMO,1,1\n").rows, "add", () => {}), expect: SIGNED_IN },
  "collection/data/import.ts#previewOf": { access: "pure", why: "shapes a resolved import" },
  "collection/data/import.ts#parseOrThrow": { access: "pure", why: "parses a file" },
  "collection/data/import.ts#applyCollectionImportToMine": { access: "checked", call: (actor) => collectionImport.applyCollectionImportToMine(actor, "csv", "set,number,quantity\nDEMO,9,1\n", "add"), expect: SIGNED_IN },
  "collection/data/account.ts#collectionForExport": {
    access: "checked",
    call: (actor) => collectionAccount.collectionForExport(actor),
    expect: SIGNED_IN,
    // each caller's export holds their own copies only: its totals are what they own
    verify: async (who, r, f) =>
      expect((r as { collection: { quantity: number }[] }).collection.reduce((n, e) => n + e.quantity, 0)).toBe(Object.values(await f.ownedBy(who)).reduce((a, b) => a + b, 0)),
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
  "collection/data/lookup.ts#lookupIndex": {
    access: "checked",
    call: (actor) => lookup.lookupIndex(actor),
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
};

const ownerBinder = async (f: Fixture) => (await binders.createBinder(f.users.owner, `Matrix ${Math.random().toString(36).slice(2, 10)}`)).id!;

Object.assign(data, {
  "collection/data/lots.ts#detailsOf": { access: "pure", why: "reads a stored lot's details" },
  "collection/data/lots.ts#plainCopies": { access: "internal", why: "a step of moveCopies, inside its transaction" },
  "collection/data/lots.ts#addToLot": { access: "internal", why: "a step of the binder writes and the import, inside their transaction" },
  "collection/data/lots.ts#takeFromLot": { access: "internal", why: "a step of the binder writes, inside their transaction" },
  "collection/data/lots.ts#trimToTotals": { access: "internal", why: "keeps lots and reservations within the totals inside the collection writes' transaction" },
  "collection/data/binders.ts#listBinders": {
    access: "checked",
    call: (actor) => binders.listBinders(actor),
    expect: SIGNED_IN,
    verify: async (who, r, f) => expect((r as { copies: number }[]).reduce((n, b) => n + b.copies, 0)).toBe(Object.values(await f.ownedBy(who)).reduce((a, b) => a + b, 0)),
  },
  "collection/data/binders.ts#createBinder": { access: "checked", call: (actor) => binders.createBinder(actor, `Mine ${Math.random().toString(36).slice(2, 10)}`), expect: SIGNED_IN },
  "collection/data/binders.ts#renameBinder": { access: "checked", prepare: ownerBinder, call: (actor, _f, id) => binders.renameBinder(actor, id, `Renamed ${Math.random().toString(36).slice(2, 10)}`), expect: OWNER_ONLY },
  "collection/data/binders.ts#deleteBinder": { access: "checked", prepare: ownerBinder, call: (actor, _f, id) => binders.deleteBinder(actor, id), expect: OWNER_ONLY },
  "collection/data/binders.ts#binderPage": { access: "checked", prepare: ownerBinder, call: (actor, _f, id) => binders.binderPage(actor, id), expect: OWNER_ONLY },
  "collection/data/binders.ts#moveCopies": {
    access: "checked",
    prepare: ownerBinder,
    call: (actor, f, id) => binders.moveCopies(actor, { cardId: f.card(1), lotId: null, quantity: 1, toBinderId: id }),
    expect: OWNER_ONLY,
  },
  "collection/data/reservations.ts#reserveDeckCopies": { access: "checked", prepare: (f) => f.ownerDeck(), call: (actor, _f, id) => reservations.reserveDeckCopies(actor, id), expect: OWNER_ONLY },
  "collection/data/reservations.ts#releaseDeckCopies": { access: "checked", prepare: (f) => f.ownerDeck(), call: (actor, _f, id) => reservations.releaseDeckCopies(actor, id), expect: OWNER_ONLY },
  "collection/data/reservations.ts#deckCopies": { access: "checked", prepare: (f) => f.ownerDeck(), call: (actor, _f, id) => reservations.deckCopies(actor, id), expect: OWNER_ONLY },
} satisfies Rows);

/** This feature's route handlers under app/api (key: route file under app/api, then #method). */
export const routes: Rows = {
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
  "me/owned/route.ts#GET": { access: "checked", call: async (actor, f) => (await import("@/app/api/me/owned/route")).GET(new NextRequest(`http://app.test/api/me/owned?ids=${f.card(1)}`)), expect: SIGNED_IN, verify: async (who, r) => who !== "owner" && expect(await (r as Response).clone().text()).not.toContain('":9') },
  "collection/export/route.ts#GET": {
    access: "checked",
    call: async (actor, f) => (await import("@/app/api/collection/export/route")).GET(new NextRequest(`http://app.test/api/collection/export?format=csv&userId=${f.users.owner.id}`)),
    expect: SIGNED_IN,
  },
  "collection/lookup-index/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/collection/lookup-index/route")).GET(new NextRequest("http://app.test/api/collection/lookup-index")), expect: SIGNED_IN },
  "collection/lookup/route.ts#GET": { access: "checked", call: async () => (await import("@/app/api/collection/lookup/route")).GET(new NextRequest("http://app.test/api/collection/lookup?q=1")), expect: SIGNED_IN },
};
