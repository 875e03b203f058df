import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * Writes invalidate exactly the tags of what they changed: the cached public
 * pages that show it, and the owner's own (signed-in, never cached) pages,
 * whose server action re-renders them. The tags handed to Next's
 * revalidateTag are recorded here.
 */
const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient, tags: [] as string[] }));

vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("next/cache", () => ({
  revalidateTag: (tag: string) => {
    h.tags.push(tag);
  },
}));

const t = createTestDatabase("cache-invalidation");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const decks = await import("@/lib/decks/data");
const { updateCard } = await import("@/lib/catalog/data/catalog-admin");
const { parseCatalogCard } = await import("@/lib/catalog/schemas");
const { applyImport, dryRunImport } = await import("@/lib/catalog/data/catalog-import");
const { adjustOwned } = await import("@/lib/collection/data");
const { updateDisplayName } = await import("@/lib/accounts/data/account");

const ids: Record<string, string> = {};
let user: { id: string; email: string; displayName: string; role: "user" };
let admin: { id: string; email: string; displayName: string; role: "admin" };

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  const u = await t.prisma.user.create({ data: { email: "deckbuilder@test.dev", displayName: "Deck Builder", passwordHash: "x" } });
  user = { id: u.id, email: u.email, displayName: u.displayName, role: "user" };
  const a = await t.prisma.user.create({ data: { email: "editor@test.dev", displayName: "Editor", passwordHash: "x", role: "admin" } });
  admin = { id: a.id, email: a.email, displayName: a.displayName, role: "admin" };
  for (const c of await t.prisma.card.findMany({ include: { set: true } })) ids[`${c.set.code}-${String(c.number).padStart(3, "0")}`] = c.id;
});
beforeEach(() => {
  h.tags = [];
});

const KEYS = ["DEMO-005", "DEMO-006", "DEMO-008", "DEMO-011", "DEMO-013", "DEMO-015"];
const list = () => KEYS.map((k) => ({ cardId: ids[k], quantity: 5 }));

async function deck(visibility: "private" | "unlisted" | "public") {
  const r = await decks.createDeck(user, { name: `A ${visibility} deck`, description: "", cards: list() });
  if (!r.ok) throw new Error(r.message);
  if (visibility !== "private") expect(await decks.setDeckVisibility(user, r.id, visibility)).toMatchObject({ ok: true });
  const row = await t.prisma.deck.findUniqueOrThrow({ where: { id: r.id } });
  h.tags = [];
  return { id: r.id, slug: row.shareSlug, version: row.version };
}

describe("cache invalidation", () => {
  it("saving a public deck invalidates its page, the public deck list and the decks-using-it of its cards, nothing else", async () => {
    const d = await deck("public");
    const cards = [...list().slice(1), { cardId: ids["DEMO-017"], quantity: 5 }];
    expect(await decks.saveDeck(user, { deckId: d.id, expectedVersion: d.version, name: "Renamed", description: "", cards })).toMatchObject({ ok: true });
    const expected = [`user:${user.id}`, `deck:${d.slug}`, "decks:public", ...new Set([...KEYS.map((k) => `card-decks:${ids[k]}`), `card-decks:${ids["DEMO-017"]}`])];
    expect(new Set(h.tags)).toEqual(new Set(expected));
    expect(h.tags).not.toContain("catalog");
    expect(h.tags).not.toContain("cards");
  });

  it("saving an unlisted deck invalidates its page and its owner's pages only (it is in no public list)", async () => {
    const d = await deck("unlisted");
    expect(await decks.saveDeck(user, { deckId: d.id, expectedVersion: d.version, name: "Still unlisted", description: "", cards: list() })).toMatchObject({ ok: true });
    expect(h.tags).toEqual([`user:${user.id}`, `deck:${d.slug}`]);
  });

  it("a new deck and a collection change invalidate their owner's pages only: no public page shows them", async () => {
    expect(await decks.createDeck(user, { name: "Fresh", description: "", cards: list() })).toMatchObject({ ok: true });
    expect(h.tags).toEqual([`user:${user.id}`]);
    h.tags = [];
    await adjustOwned(user, ids["DEMO-005"], 2);
    expect(h.tags).toEqual([`user:${user.id}`]);
  });

  it("a new display name invalidates the pages showing it: the owner's, the public list, their shared decks' pages", async () => {
    const shared = await deck("public");
    const unlisted = await deck("unlisted");
    const hidden = await deck("private");
    await updateDisplayName(user, "Deck Builder Prime");
    expect(h.tags).toEqual(expect.arrayContaining([`user:${user.id}`, "decks:public", `deck:${shared.slug}`, `deck:${unlisted.slug}`, `card-decks:${ids["DEMO-005"]}`]));
    expect(h.tags).not.toContain(`deck:${hidden.slug}`);
    expect(h.tags).not.toContain("catalog");
  });

  it("a card edit invalidates its page, its title's printings, the card lists and the shared decks holding it", async () => {
    const hidden = await deck("private");
    const shared = (await t.prisma.deck.findMany({ where: { visibility: { not: "private" }, cards: { some: { cardId: ids["DEMO-005"] } } }, select: { shareSlug: true } })).map((d) => `deck:${d.shareSlug}`);
    expect(shared.length).toBeGreaterThanOrEqual(1);
    const holder = await t.prisma.card.findUniqueOrThrow({ where: { id: ids["DEMO-005"] }, include: { set: true, traits: true } });
    const parsed = parseCatalogCard({
      set: "DEMO",
      number: String(holder.number),
      title: `${holder.title} Prime`,
      traits: holder.traits.map((x) => x.trait),
      colors: ["blue"],
      rings: String(holder.rings),
      rarity: holder.rarity,
      text: "Edited.",
      effect: "",
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    expect(await updateCard(admin, holder.id, parsed.card)).toMatchObject({ ok: true });
    expect(new Set(h.tags)).toEqual(new Set(["cards", `card:DEMO-${holder.number}`, `title:${holder.title.toLowerCase()}`, `title:${holder.title.toLowerCase()} prime`, ...shared]));
    // a private deck holding it has no shared page to refresh
    // another card's page is not touched
    expect(h.tags).not.toContain(`card:DEMO-6`);
    expect(h.tags).not.toContain(`deck:${hidden.slug}`);
  });

  it("an applied import (a bulk catalog change) invalidates every page that shows catalog data; a dry run nothing", async () => {
    const text = JSON.stringify({ cards: [{ set: "DEMO", number: 240, title: "Imported Runner", traits: ["Animal"], colors: ["blue"], rings: 2, rarity: "common", text: "", effect: null }] });
    const dry = await dryRunImport(admin, text, "json");
    expect(dry.ok).toBe(true);
    expect(h.tags).toEqual([]);
    const applied = await applyImport(admin, text, "json");
    expect(applied).toMatchObject({ ok: true, applied: true });
    expect(new Set(h.tags)).toEqual(new Set(["catalog", "cards"]));
  });
});
