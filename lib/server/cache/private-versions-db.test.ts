/**
 * Every DAL write that changes what signed-in /collection or /decks shows
 * moves that user's data version (lib/server/cache/private-versions.ts), so the
 * private page cache never serves a page from before the write. The table
 * below classifies every exported function of the modules that write those
 * pages' data: a new export without a row fails this file, and a write whose
 * bump is removed fails its row.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import type { PrivateView } from "@/lib/server/cache/private-key";

const h = vi.hoisted(() => {
  // the memory store (this file checks the DAL; lib/server/cache/private-versions.test.ts checks Redis)
  (globalThis as { ringbinderRedis?: null }).ringbinderRedis = null;
  return { prisma: null as unknown as PrismaClient };
});
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined, unstable_cache: <T,>(fn: T) => fn }));

const t = createTestDatabase("private-versions");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const { hashPassword } = await import("@/lib/accounts/password");
const { privateVersion } = await import("@/lib/server/cache/private-versions");
const MODULES = {
  "collection/browse": await import("@/lib/collection/data/browse"),
  "collection/completion": await import("@/lib/collection/data/completion"),
  "collection/import": await import("@/lib/collection/data/import"),
  "collection/lookup": await import("@/lib/collection/data/lookup"),
  "collection/packs": await import("@/lib/collection/data/packs"),
  "collection/quantities": await import("@/lib/collection/data/quantities"),
  "collection/transfer": await import("@/lib/collection/data/transfer"),
  "decks/catalog": await import("@/lib/decks/data/catalog"),
  "decks/lists": await import("@/lib/decks/data/lists"),
  "decks/playtest": await import("@/lib/decks/data/playtest"),
  "decks/read": await import("@/lib/decks/data/read"),
  "decks/versions": await import("@/lib/decks/data/versions"),
  "decks/write": await import("@/lib/decks/data/write"),
  account: await import("@/lib/accounts/data/account"),
};
const m = MODULES;

type Ctx = { user: SessionUser; card: (n: number) => string; deck: () => Promise<{ id: string; version: number }> };
type Row =
  /** Changes what the listed views show: each must move, as the owner, and the others must not. */
  | { bumps: PrivateView[]; call: (c: Ctx) => Promise<unknown> }
  /** Changes nothing those pages show. */
  | { none: string };

const READ = { none: "a read" };
const PASSWORD = "correct horse battery staple";
const legal = (c: Ctx) => [5, 6, 8, 11, 13, 15].map((n) => ({ cardId: c.card(n), quantity: 5 }));

const ROWS: Record<string, Row> = {
  "collection/browse#listCollection": READ,
  "collection/browse#ownedQuantities": READ,
  "collection/completion#collectionCompletion": READ,
  "collection/import#resolveImport": READ,
  "collection/import#previewOf": { none: "pure" },
  "collection/import#parseOrThrow": { none: "pure" },
  "collection/import#applyCollectionImportToMine": { bumps: ["collection"], call: () => m["collection/import"].applyCollectionImportToMine("csv", "set,number,quantity\nDEMO,9,1\n", "add") },
  "collection/lookup#defaultSetCode": READ,
  "collection/lookup#lookupCards": READ,
  "collection/packs#recordPackOpening": { bumps: ["collection"], call: (c) => m["collection/packs"].recordPackOpening([c.card(2), c.card(3)]) },
  "collection/packs#undoLastPackOpening": { bumps: ["collection"], call: () => m["collection/packs"].undoLastPackOpening() },
  "collection/packs#listPackOpenings": READ,
  "collection/quantities#applyDelta": { none: "a step inside adjustOwned / packs / imports, which bump after their transaction" },
  "collection/quantities#assertCardsExist": { none: "a check inside the writes' transaction" },
  "collection/quantities#adjustOwned": { bumps: ["collection"], call: (c) => m["collection/quantities"].adjustOwned(c.card(4), 1) },
  "collection/quantities#setOwned": { bumps: ["collection"], call: (c) => m["collection/quantities"].setOwned(c.card(4), 7) },
  "collection/transfer#previewCollectionImport": READ,
  "collection/transfer#applyCollectionImport": { bumps: ["collection"], call: () => m["collection/transfer"].applyCollectionImport("csv", "set,number,quantity\nDEMO,10,2\n", "replace") },
  "collection/transfer#exportCollection": READ,
  "decks/catalog#getDeckCatalog": READ,
  "decks/catalog#getCardsByIds": READ,
  "decks/catalog#searchCardsForDeck": READ,
  "decks/lists#getAuthor": READ,
  "decks/lists#listMyDecks": READ,
  "decks/lists#listPublicDecks": READ,
  "decks/playtest#getDeckForPlaytest": READ,
  "decks/read#getDeckForOwner": READ,
  "decks/read#getSharedDeck": READ,
  "decks/read#getPublishedDeck": READ,
  "decks/read#getMyOwnedCountsFor": READ,
  "decks/read#resolveDeckList": READ,
  "decks/read#resolvePublicDeckList": READ,
  "decks/read#getMyOwnedCounts": READ,
  "decks/read#cardIdsForList": READ,
  "decks/versions#listDeckVersions": READ,
  "decks/versions#restoreDeckVersion": {
    bumps: ["decks"],
    call: async (c) => {
      const d = await c.deck();
      const saved = await m["decks/write"].saveDeck({ deckId: d.id, expectedVersion: d.version, name: "Renamed", description: "", cards: legal(c) });
      if (!saved.ok) throw new Error(saved.message);
      before = await versions(c.user.id);
      return m["decks/versions"].restoreDeckVersion(d.id, 1, saved.version);
    },
  },
  "decks/write#createDeck": { bumps: ["decks"], call: (c) => m["decks/write"].createDeck({ name: "New", description: "", cards: legal(c) }) },
  "decks/write#saveDeck": {
    bumps: ["decks"],
    call: async (c) => {
      const d = await c.deck();
      before = await versions(c.user.id);
      return m["decks/write"].saveDeck({ deckId: d.id, expectedVersion: d.version, name: "Edited", description: "x", cards: legal(c) });
    },
  },
  "decks/write#deleteDeck": {
    bumps: ["decks"],
    call: async (c) => {
      const d = await c.deck();
      before = await versions(c.user.id);
      return m["decks/write"].deleteDeck(d.id);
    },
  },
  "decks/write#setDeckVisibility": {
    bumps: ["decks"],
    call: async (c) => {
      const d = await c.deck();
      before = await versions(c.user.id);
      return m["decks/write"].setDeckVisibility(d.id, "public");
    },
  },
  "decks/write#copyDeck": {
    bumps: ["decks"],
    call: async (c) => {
      const d = await c.deck();
      before = await versions(c.user.id);
      return m["decks/write"].copyDeck({ deckId: d.id });
    },
  },
  "account#getMyAccount": READ,
  "account#endAllMySessions": { none: "ends sessions (the proxy's memo is cleared; the pages' data is unchanged)" },
  "account#changeMyPassword": { none: "ends the other sessions; the pages' data is unchanged" },
  "account#exportMyData": READ,
  "account#updateDisplayName": { none: "neither page shows the display name (the header reads it from /api/me)" },
  "account#deleteMyAccount": { bumps: ["collection", "decks"], call: () => m.account.deleteMyAccount(PASSWORD) },
  "account#passwordResetTokenFor": { none: "issues a reset token" },
  "account#checkResetToken": READ,
  "account#resetPassword": { none: "sets a password and ends sessions; the pages' data is unchanged" },
};

/** Versions read before a row's write (a row may move it on first, to prepare). */
let before: Record<PrivateView, string> | null = null;
async function versions(uid: string): Promise<Record<PrivateView, string>> {
  return { collection: (await privateVersion(uid, "collection"))!, decks: (await privateVersion(uid, "decks"))! };
}

let n = 0;
async function freshUser(): Promise<SessionUser> {
  n++;
  const row = await t.prisma.user.create({ data: { email: `pv${n}@example.test`, displayName: `PV ${n}`, passwordHash: await hashPassword(PASSWORD) } });
  return { id: row.id, email: row.email, displayName: row.displayName, role: "user" } as SessionUser;
}

let card: (k: number) => string;
beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  const rows = await t.prisma.card.findMany({ where: { set: { code: "DEMO" } }, select: { id: true, number: true } });
  const byNumber = new Map(rows.map((r) => [r.number, r.id]));
  card = (k) => byNumber.get(k)!;
}, 60_000);

describe("private page versions: every write that changes /collection or /decks moves them", () => {
  it("classifies every exported function of the modules that write those pages' data", () => {
    const exported = Object.entries(MODULES).flatMap(([file, mod]) =>
      Object.entries(mod)
        .filter(([, v]) => typeof v === "function" && !/^[A-Z]/.test(v.name))
        .map(([name]) => `${file}#${name}`),
    );
    expect(exported.sort()).toEqual(Object.keys(ROWS).sort());
  });

  for (const [name, row] of Object.entries(ROWS)) {
    if (!("bumps" in row)) continue;
    it(`${name} moves the ${row.bumps.join(" and ")} version${row.bumps.length > 1 ? "s" : ""}, and only its own user's`, async () => {
      const user = await freshUser();
      const other = await freshUser();
      current.user = user;
      const deck = async () => {
        const r = await m["decks/write"].createDeck({ name: "Mine", description: "", cards: legal(ctx) });
        if (!r.ok) throw new Error(r.message);
        return { id: r.id, version: r.version };
      };
      const ctx: Ctx = { user, card, deck };
      // something to undo, and a collection to import over
      await m["collection/quantities"].setOwned(card(1), 3);
      await m["collection/packs"].recordPackOpening([card(1)]);
      const otherBefore = await versions(other.id);
      before = await versions(user.id);
      try {
        const result = await row.call(ctx);
        if (result && typeof result === "object" && "ok" in result) expect(result.ok, JSON.stringify(result)).toBe(true);
      } finally {
        current.user = null;
      }
      const after = await versions(user.id);
      for (const view of ["collection", "decks"] as const) {
        if (row.bumps.includes(view)) expect(BigInt(after[view]), `${name}: ${view}`).toBeGreaterThan(BigInt(before![view]));
        else expect(after[view], `${name} moved ${view}`).toBe(before![view]);
      }
      expect(await versions(other.id)).toEqual(otherBefore);
    });
  }
});
