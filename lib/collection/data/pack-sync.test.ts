/** Booster packs saved with the browser's pack id (entered online, or queued offline and synced later): once, into the right account. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { SessionUser } from "@/lib/accounts/data/users";

const t = vi.hoisted(() => ({ db: null as unknown as import("@/lib/server/db/db").PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return t.db;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", async () => (await import("@/test/next-mocks")).nextCacheMock());

import { seedDemoCatalog } from "@/lib/catalog/data/seed";
import { listPackOpenings } from "@/lib/collection/data";
import { savePackOpening } from "@/lib/collection/actions";
import { form } from "@/test/collection-fixture";

const testDb = createTestDatabase("pack-sync");
t.db = testDb.prisma;
afterAll(() => testDb.cleanup());

let alice: SessionUser;
let bob: SessionUser;
let cardIds: string[] = [];
const PACK_ID = "6f1c1d8e-3b0a-4f5e-9a55-0c2d7b1e4a90";

async function owned(userId: string): Promise<number> {
  const rows = await testDb.prisma.collectionEntry.findMany({ where: { userId } });
  return rows.reduce((s, r) => s + r.quantity, 0);
}

beforeAll(async () => {
  await seedDemoCatalog(testDb.prisma);
  const mk = async (email: string, displayName: string): Promise<SessionUser> => {
    const u = await testDb.prisma.user.create({ data: { email, displayName, passwordHash: "x" } });
    return { id: u.id, email, displayName, role: "user" };
  };
  alice = await mk("alice@example.test", "Alice");
  bob = await mk("bob@example.test", "Bob");
  cardIds = (await testDb.prisma.card.findMany({ select: { id: true }, orderBy: { number: "asc" }, take: 3 })).map((c) => c.id);
});

beforeEach(async () => {
  await testDb.prisma.packOpening.deleteMany();
  await testDb.prisma.collectionEntry.deleteMany();
  current.user = alice;
});

describe("a pack saved with its client id", () => {
  it("is recorded once when it is sent twice, and the second answer says so", async () => {
    const pack = form({ cardId: [cardIds[0], cardIds[0], cardIds[1]], clientId: PACK_ID });
    const first = await savePackOpening(null, pack);
    expect(first).toMatchObject({ ok: true, message: "Saved a pack of 3 cards." });
    const again = await savePackOpening(null, pack);
    expect(again).toMatchObject({ ok: true, message: "That pack of 3 cards was already saved." });
    expect(again.ok && again.data.replayed).toBe(true);
    expect(again.ok && first.ok && again.data.id).toBe(first.ok && first.data.id);
    expect(await owned(alice.id)).toBe(3);
    expect(await listPackOpenings(alice)).toHaveLength(1);
  });

  it("is recorded once when two saves race", async () => {
    const pack = form({ cardId: [cardIds[2]], clientId: PACK_ID });
    const results = await Promise.all([savePackOpening(null, pack), savePackOpening(null, pack), savePackOpening(null, pack)]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await owned(alice.id)).toBe(1);
    expect(await testDb.prisma.packOpening.count()).toBe(1);
  });

  it("is its own pack per account: the same id under two accounts is two packs", async () => {
    await savePackOpening(null, form({ cardId: [cardIds[0]], clientId: PACK_ID }));
    current.user = bob;
    expect(await savePackOpening(null, form({ cardId: [cardIds[0]], clientId: PACK_ID }))).toMatchObject({ ok: true, message: "Saved a pack of 1 card." });
    expect(await owned(alice.id)).toBe(1);
    expect(await owned(bob.id)).toBe(1);
  });

  it("entered under another account is refused and changes nothing", async () => {
    current.user = bob;
    const r = await savePackOpening(null, form({ cardId: [cardIds[0]], clientId: PACK_ID, forUser: alice.id }));
    expect(r).toMatchObject({ ok: false, code: "collection/other-account" });
    expect(await testDb.prisma.packOpening.count()).toBe(0);
    expect(await owned(bob.id)).toBe(0);
  });

  it("with a malformed id is refused before anything is written", async () => {
    const r = await savePackOpening(null, form({ cardId: [cardIds[0]], clientId: "not-a-uuid" }));
    expect(r).toMatchObject({ ok: false, message: "The pack's id is not valid" });
    expect(await testDb.prisma.packOpening.count()).toBe(0);
  });

  it("without an id still saves as before (each save a new pack)", async () => {
    await savePackOpening(null, form({ cardId: [cardIds[0]] }));
    await savePackOpening(null, form({ cardId: [cardIds[0]] }));
    expect(await owned(alice.id)).toBe(2);
  });
});
