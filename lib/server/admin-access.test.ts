import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import type { SessionUser } from "@/lib/accounts/data/users";

const t = vi.hoisted(() => ({ db: null as unknown as import("@/lib/server/db/db").PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return t.db;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", () => ({ refresh: () => undefined, revalidatePath: vi.fn() }));
vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).nextNavigationMock());

import { current } from "@/test/session-mock";
import { seedDemoCatalog } from "@/lib/catalog/data/seed";
import { deleteCardAction, saveCardAction } from "@/lib/catalog/actions/catalog";
import { importCatalogAction } from "@/lib/catalog/actions/catalog-import";
import { adjustOwnedQuantity } from "@/lib/collection/actions";
import { GET as exportRoute } from "@/app/api/catalog/export/route";
import { requireAdminPage } from "@/lib/server/request-actor";
import { CATALOG_COLUMNS } from "@/lib/catalog/io";

const testDb = createTestDatabase("admin-access");
t.db = testDb.prisma;

let admin: SessionUser;
let player: SessionUser;
let cardId: string;

function form(fields: Record<string, string | string[] | File>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const x of v) f.append(k, x);
    else f.append(k, v);
  }
  return f;
}

const cardFields = { set: "DEMO", number: "7", title: "Big the Cat", traits: "Animal", colors: ["blue"], rings: "9", rarity: "uncommon", text: "", effect: "" };

async function fingerprint() {
  const [cards, traits, audits, entries] = await Promise.all([
    testDb.prisma.card.findMany({ orderBy: { id: "asc" } }),
    testDb.prisma.cardTrait.count(),
    testDb.prisma.cardAudit.count(),
    testDb.prisma.collectionEntry.findMany(),
  ]);
  return JSON.stringify({ cards, traits, audits, entries });
}

async function user(email: string, role: "admin" | "user"): Promise<SessionUser> {
  const u = await testDb.prisma.user.create({ data: { email, displayName: email.split("@")[0], passwordHash: "x", role } });
  return { id: u.id, email: u.email, displayName: u.displayName, role };
}

beforeAll(async () => {
  await seedDemoCatalog(testDb.prisma);
  admin = await user("admin@example.test", "admin");
  player = await user("player@example.test", "user");
  cardId = (await testDb.prisma.card.findFirstOrThrow({ where: { number: 7 } })).id;
});
afterAll(() => testDb.cleanup());

const csvFile = () => new File([`${CATALOG_COLUMNS.join(",")}\nDEMO,7,Big the Cat,Animal,blue,1,uncommon,,\n`], "cards.csv", { type: "text/csv" });

/** Every catalog-editing entry point, called with valid input. */
const EDITING_ROUTES: [string, () => Promise<unknown>][] = [
  ["saveCardAction (edit)", () => saveCardAction(null, form({ id: cardId, ...cardFields }))],
  ["saveCardAction (create)", () => saveCardAction(null, form({ ...cardFields, number: "500" }))],
  ["deleteCardAction", () => deleteCardAction(null, form({ id: cardId }))],
  ["importCatalogAction (dry run)", () => importCatalogAction(null, form({ mode: "dry-run", file: csvFile() }))],
  ["importCatalogAction (apply)", () => importCatalogAction(null, form({ mode: "apply", file: csvFile() }))],
];

describe.each([
  ["a guest", () => null, "Please sign in first."],
  ["a signed-in non-admin", () => player, "Only admins can do that."],
])("as %s", (_who, who, message) => {
  beforeEach(() => {
    current.user = who();
  });

  it.each(EDITING_ROUTES)("%s is refused and changes nothing", async (_name, call) => {
    const before = await fingerprint();
    const r = (await call()) as { ok: boolean; message: string };
    expect(r).toMatchObject({ ok: false, message });
    expect(await fingerprint()).toBe(before);
  });

  it("the export route answers 401/403", async () => {
    const res = await exportRoute(new Request("http://localhost/api/catalog/export?format=csv"));
    expect(res.status).toBe(current.user ? 403 : 401);
  });

  it("admin pages redirect guests and forbid non-admins", async () => {
    await expect(requireAdminPage("/admin/cards")).rejects.toThrow(current.user ? "NEXT_HTTP_ERROR_FALLBACK;403" : "NEXT_REDIRECT:/signin");
  });
});

describe("as an admin the same routes work", () => {
  beforeEach(() => {
    current.user = admin;
  });

  it("edits a card and records the change in the audit log", async () => {
    const r = await saveCardAction(null, form({ id: cardId, ...cardFields }));
    expect(r).toMatchObject({ ok: true, message: "Card saved." });
    expect((await testDb.prisma.card.findUniqueOrThrow({ where: { id: cardId } })).rings).toBe(9);
    const audit = await testDb.prisma.cardAudit.findFirstOrThrow({ where: { cardId, action: "update" } });
    expect(JSON.parse(audit.before!).rings).toBe(7);
    expect(JSON.parse(audit.after!).rings).toBe(9);
    expect(audit.userId).toBe(admin.id);
  });

  it("returns field errors for invalid input and changes nothing", async () => {
    const before = await fingerprint();
    const r = await saveCardAction(null, form({ id: cardId, ...cardFields, rings: "-1", colors: ["purple"], effect: "{oops" }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.fieldErrors?.rings?.[0]).toMatch(/negative/);
      expect(r.fieldErrors?.colors?.[0]).toMatch(/Unknown color/);
      expect(r.fieldErrors?.effect?.[0]).toMatch(/not valid JSON/);
    }
    const dup = await saveCardAction(null, form({ ...cardFields, number: "8" }));
    expect(dup).toMatchObject({ ok: false, fieldErrors: { number: ["DEMO-008 already exists: pick another number."] } });
    expect(await fingerprint()).toBe(before);
  });

  it("refuses to delete a card used in a collection, with a clear message", async () => {
    await testDb.prisma.collectionEntry.create({ data: { userId: player.id, cardId, quantity: 2 } });
    const before = await fingerprint();
    const r = await deleteCardAction(null, form({ id: cardId }));
    expect(r).toMatchObject({ ok: false, message: "DEMO-007 cannot be deleted: it is used in 1 collection. Edit it instead, or remove it from those first." });
    expect(await fingerprint()).toBe(before);
  });

  it("deletes an unused card (audited)", async () => {
    const unused = await testDb.prisma.card.findFirstOrThrow({ where: { number: 66 } });
    await expect(deleteCardAction(null, form({ id: unused.id }))).rejects.toThrow("NEXT_REDIRECT:/admin/cards?deleted=DEMO-066");
    expect(await testDb.prisma.card.findUnique({ where: { id: unused.id } })).toBeNull();
    expect(await testDb.prisma.cardAudit.count({ where: { cardKey: "DEMO-066", action: "delete" } })).toBe(1);
  });

  it("exports the catalog as CSV", async () => {
    const res = await exportRoute(new Request("http://localhost/api/catalog/export?format=csv"));
    expect(res.status).toBe(200);
    expect((await res.text()).split("\n")[0]).toBe(CATALOG_COLUMNS.join(","));
  });
});

describe("owned counts for signed-in users", () => {
  it("owned counts refuse guests, never go below zero and reject forged card ids", async () => {
    current.user = null;
    expect(await adjustOwnedQuantity(cardId, 1)).toMatchObject({ ok: false });
    current.user = player;
    const other = await testDb.prisma.card.findFirstOrThrow({ where: { number: 1 } });
    expect(await adjustOwnedQuantity(other.id, 2)).toMatchObject({ ok: true, data: { quantity: 2 } });
    expect(await adjustOwnedQuantity(other.id, -5)).toMatchObject({ ok: false });
    expect(await adjustOwnedQuantity(other.id, -2)).toMatchObject({ ok: true, data: { quantity: 0 } });
    expect(await adjustOwnedQuantity("no-such-card", 1)).toMatchObject({ ok: false });
    expect(await adjustOwnedQuantity(other.id, 1.5)).toMatchObject({ ok: false });
  });
});
