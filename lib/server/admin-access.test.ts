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
import { acceptSuggestionAction, rejectSuggestionAction, suggestCardAction } from "@/lib/catalog/actions/suggestions";
import { importCatalogAction } from "@/lib/catalog/actions/catalog-import";
import { adjustOwnedQuantity } from "@/lib/collection/actions";
import { GET as exportRoute } from "@/app/api/catalog/export/route";
import { requireAdminPage } from "@/lib/server/request-actor";
import { CATALOG_COLUMNS } from "@/lib/catalog/io";
import { listMySuggestions } from "@/lib/catalog/data/suggestions";

const testDb = createTestDatabase("admin-access");
t.db = testDb.prisma;

let admin: SessionUser;
let player: SessionUser;
let cardId: string;
let suggestionId: string;

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
  const [cards, traits, audits, suggestions, entries] = await Promise.all([
    testDb.prisma.card.findMany({ orderBy: { id: "asc" } }),
    testDb.prisma.cardTrait.count(),
    testDb.prisma.cardAudit.count(),
    testDb.prisma.cardSuggestion.findMany({ orderBy: { id: "asc" } }),
    testDb.prisma.collectionEntry.findMany(),
  ]);
  return JSON.stringify({ cards, traits, audits, suggestions, entries });
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
  suggestionId = (await testDb.prisma.cardSuggestion.create({ data: { userId: player.id, payload: JSON.stringify({ ...cardFields, number: 300, traits: ["Animal"], colors: ["blue"], rings: 2, title: "Suggested" }) } })).id;
});
afterAll(() => testDb.cleanup());

const csvFile = () => new File([`${CATALOG_COLUMNS.join(",")}\nDEMO,7,Big the Cat,Animal,blue,1,uncommon,,\n`], "cards.csv", { type: "text/csv" });

/** Every catalog-editing entry point, called with valid input. */
const EDITING_ROUTES: [string, () => Promise<unknown>][] = [
  ["saveCardAction (edit)", () => saveCardAction(null, form({ id: cardId, ...cardFields }))],
  ["saveCardAction (create)", () => saveCardAction(null, form({ ...cardFields, number: "500" }))],
  ["deleteCardAction", () => deleteCardAction(null, form({ id: cardId }))],
  ["acceptSuggestionAction", () => acceptSuggestionAction(null, form({ id: suggestionId }))],
  ["rejectSuggestionAction", () => rejectSuggestionAction(null, form({ id: suggestionId, reason: "Not a real card" }))],
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

  it("deletes an unused card (audited) and accepts a suggestion as an audited change", async () => {
    const unused = await testDb.prisma.card.findFirstOrThrow({ where: { number: 66 } });
    await expect(deleteCardAction(null, form({ id: unused.id }))).rejects.toThrow("NEXT_REDIRECT:/admin/cards?deleted=DEMO-066");
    expect(await testDb.prisma.card.findUnique({ where: { id: unused.id } })).toBeNull();
    expect(await testDb.prisma.cardAudit.count({ where: { cardKey: "DEMO-066", action: "delete" } })).toBe(1);

    await expect(acceptSuggestionAction(null, form({ id: suggestionId }))).rejects.toThrow("NEXT_REDIRECT:/admin/suggestions?accepted=DEMO-300");
    const audit = await testDb.prisma.cardAudit.findFirstOrThrow({ where: { cardKey: "DEMO-300" } });
    expect(audit).toMatchObject({ action: "suggestion", note: "Suggested by player" });
    expect((await testDb.prisma.cardSuggestion.findUniqueOrThrow({ where: { id: suggestionId } })).status).toBe("accepted");
    expect(await rejectSuggestionAction(null, form({ id: suggestionId, reason: "too late" }))).toMatchObject({ ok: false, message: "That suggestion was already accepted." });
  });

  it("accepts a correction as an audited update, and shows rejections with their reason to the suggester", async () => {
    current.user = player;
    const target = await testDb.prisma.card.findFirstOrThrow({ where: { number: 12 } });
    await expect(suggestCardAction(null, form({ ...cardFields, cardId: target.id, number: "12", title: "Chuck Thorndyke", traits: "Human", colors: ["gray"], rings: "4", rarity: "common" }))).rejects.toThrow("NEXT_REDIRECT:/cards/suggestions?sent=1");
    await expect(suggestCardAction(null, form({ ...cardFields, number: "301", title: "Not A Card" }))).rejects.toThrow("NEXT_REDIRECT");
    const [correction, bogus] = await Promise.all([
      testDb.prisma.cardSuggestion.findFirstOrThrow({ where: { cardId: target.id } }),
      testDb.prisma.cardSuggestion.findFirstOrThrow({ where: { payload: { contains: "Not A Card" } } }),
    ]);
    current.user = admin;
    await expect(acceptSuggestionAction(null, form({ id: correction.id }))).rejects.toThrow("NEXT_REDIRECT:/admin/suggestions?accepted=DEMO-012");
    expect((await testDb.prisma.card.findUniqueOrThrow({ where: { id: target.id } })).rings).toBe(4);
    const audit = await testDb.prisma.cardAudit.findFirstOrThrow({ where: { cardId: target.id, action: "suggestion" } });
    expect(JSON.parse(audit.before!).rings).toBe(3);
    expect(await rejectSuggestionAction(null, form({ id: bogus.id, reason: "x" }))).toMatchObject({ ok: false, fieldErrors: { reason: ["Give the suggester a reason (at least 3 characters)."] } });
    await expect(rejectSuggestionAction(null, form({ id: bogus.id, reason: "Not a real printing" }))).rejects.toThrow("NEXT_REDIRECT:/admin/suggestions?rejected=1");
    current.user = player;
    const mine = await listMySuggestions(player);
    expect(mine.find((s) => s.id === bogus.id)).toMatchObject({ status: "rejected", reason: "Not a real printing" });
    expect(mine.find((s) => s.id === correction.id)).toMatchObject({ status: "accepted", kind: "correction" });
  });

  it("exports the catalog as CSV", async () => {
    const res = await exportRoute(new Request("http://localhost/api/catalog/export?format=csv"));
    expect(res.status).toBe(200);
    expect((await res.text()).split("\n")[0]).toBe(CATALOG_COLUMNS.join(","));
  });
});

describe("suggestions and owned counts for signed-in users", () => {
  it("rate-limits suggestions per user", async () => {
    const u = await user("eager@example.test", "user");
    current.user = u;
    const results = [];
    for (let i = 0; i < 11; i++) {
      results.push(await suggestCardAction(null, form({ ...cardFields, number: String(400 + i) })).catch((e: Error) => e.message));
    }
    expect(results.slice(0, 10).every((r) => r === "NEXT_REDIRECT:/cards/suggestions?sent=1")).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, message: "You can send at most 10 suggestions an hour. Please try again later." });
    expect(await testDb.prisma.cardSuggestion.count({ where: { userId: u.id } })).toBe(10);
  });

  it("guests cannot suggest; owned counts never go below zero and reject forged card ids", async () => {
    current.user = null;
    expect(await suggestCardAction(null, form({ ...cardFields, number: "450" }))).toMatchObject({ ok: false, message: "Please sign in first." });
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
