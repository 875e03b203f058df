import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { applyAction, legalActions, newGame, type GameState } from "@/lib/engine";
import { deckListKeys } from "@/lib/playtest/cards";
import { parseSetupParams, resolveSetup, setupCardKeys } from "@/lib/playtest/setup-params";
import { AI, HUMAN, startSession } from "@/lib/playtest/session";
import type { CatalogCard } from "@/lib/catalog/schemas";

type U = { id: string; email: string; displayName: string; role: "user" | "admin" };
const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));

vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);

const t = createTestDatabase("playtest-cards");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const { getDeckForPlaytest } = await import("@/lib/decks/data");
const { createCard, updateCard } = await import("@/lib/catalog/data/catalog-admin");
const { getPlaytestCards } = await import("@/lib/playtest/data");

let alice: U;
let bob: U;
let admin: U;
let promoId: string;
let deckId: string;
let deckSlug: string;
const promo: CatalogCard = {
  set: "PROMO",
  number: 1,
  title: "Promo Shadow",
  traits: ["Hedgehog"],
  colors: ["red"],
  rings: 6,
  rarity: "promo",
  text: "When flipped, draw 1 card.",
  effect: { trigger: "flip", actions: [{ type: "draw", count: 1 }] },
  imageUrl: null,
};

async function mkUser(email: string, role: "user" | "admin" = "user"): Promise<U> {
  const u = await t.prisma.user.create({ data: { email, displayName: email.split("@")[0], passwordHash: "x", role } });
  return { id: u.id, email: u.email, displayName: u.displayName, role };
}

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  alice = await mkUser("alice@test.dev");
  bob = await mkUser("bob@test.dev");
  admin = await mkUser("admin@test.dev", "admin");
  current.user = admin;
  const created = await createCard(admin, promo);
  current.user = null;
  if (!created.ok) throw new Error("promo card not created");
  promoId = created.id;
  // A legal 30-card deck: five copies each of five demo titles plus five of the PROMO card.
  const demo = await t.prisma.card.findMany({ where: { set: { code: "DEMO" } }, orderBy: { number: "asc" } });
  const titles = new Set<string>();
  const picks: string[] = [];
  for (const c of demo) {
    if (titles.has(c.titleKey) || c.titleKey === "promo shadow") continue;
    titles.add(c.titleKey);
    picks.push(c.id);
    if (picks.length === 5) break;
  }
  const deck = await t.prisma.deck.create({
    data: { ownerId: alice.id, name: "Alice's promo deck", shareSlug: "alice-private-slug", visibility: "private", cards: { create: [...picks, promoId].map((cardId) => ({ cardId, quantity: 5 })) } },
  });
  deckId = deck.id;
  deckSlug = deck.shareSlug;
});

function playToEnd(s0: GameState, maxActions = 3000): GameState {
  let s = s0;
  let k = 12345;
  for (let i = 0; i < maxActions && s.winner === null; i++) {
    const p = legalActions(s, HUMAN).length ? HUMAN : AI;
    const acts = legalActions(s, p);
    k = (k * 48271) % 2147483647;
    const r = applyAction(s, acts[k % acts.length]);
    if (!r.ok) throw new Error(r.error.reason);
    s = r.state;
  }
  return s;
}

describe("playtest decks resolve against the database", () => {
  it("plays a user's deck holding a card of a non-DEMO set, with its structured effect", async () => {
    current.user = alice;
    const d = await getDeckForPlaytest(alice, { deckId });
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const custom = { name: d.name, keys: deckListKeys(d.cards) };
    expect(custom.keys).toContain("PROMO-001");
    const choice = parseSetupParams({ start: "1", deck: deckId });
    const catalog = await getPlaytestCards(setupCardKeys(choice, custom));
    const r = resolveSetup(choice, 7, catalog, custom);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const def = r.setup.decks[0].find((c) => c.key === "PROMO-001");
    expect(def).toMatchObject({ title: "Promo Shadow", rings: 6, colors: ["red"], effect: { trigger: "flip", optional: false, actions: [{ type: "draw", count: 1, who: "you" }] }, effectError: null });
    const end = playToEnd(startSession(r.setup).state);
    expect(end.winner).not.toBeNull();
  });

  it("an admin's edit of a card's rings shows in the next game setup", async () => {
    current.user = alice;
    const before = await getPlaytestCards(["PROMO-001"]);
    expect(before.get("PROMO-001")?.rings).toBe(6);
    current.user = admin;
    const edited = await updateCard(admin, promoId, { ...promo, rings: 9, colors: ["blue", "red"] });
    current.user = alice;
    expect(edited.ok).toBe(true);
    const d = await getDeckForPlaytest(alice, { deckId });
    if (!d.ok) throw new Error(d.message);
    const custom = { name: d.name, keys: deckListKeys(d.cards) };
    const choice = parseSetupParams({ start: "1", deck: deckId });
    const r = resolveSetup(choice, 7, await getPlaytestCards(setupCardKeys(choice, custom)), custom);
    if (!r.ok) throw new Error(r.error.reason);
    const state = newGame({ decks: r.setup.decks, seed: 7 });
    const inGame = state.cards.filter((c) => c.title === "Promo Shadow");
    expect(inGame).toHaveLength(5);
    for (const c of inGame) expect(c).toMatchObject({ rings: 9, colors: ["blue", "red"] });
  });

  it("another user's private deck is not found, by id or by slug; an unlisted one is playable by slug", async () => {
    current.user = bob;
    expect(await getDeckForPlaytest(bob, { deckId })).toMatchObject({ ok: false, code: "deck/not-found" });
    expect(await getDeckForPlaytest(bob, { slug: deckSlug })).toMatchObject({ ok: false, code: "deck/not-found" });
    current.user = null;
    expect(await getDeckForPlaytest(null, { slug: deckSlug })).toMatchObject({ ok: false, code: "deck/not-found" });
    await t.prisma.deck.update({ where: { id: deckId }, data: { visibility: "unlisted" } });
    current.user = bob;
    expect(await getDeckForPlaytest(bob, { deckId })).toMatchObject({ ok: false, code: "deck/not-found" });
    const shared = await getDeckForPlaytest(bob, { slug: deckSlug });
    expect(shared.ok).toBe(true);
    await t.prisma.deck.update({ where: { id: deckId }, data: { visibility: "private" } });
  });

  it("a stored effect that fails the engine's validation plays vanilla and is flagged", async () => {
    const set = await t.prisma.cardSet.findUniqueOrThrow({ where: { code: "PROMO" } });
    await t.prisma.card.create({
      data: { setId: set.id, number: 2, title: "Broken Effect", titleKey: "broken effect", colorMask: 1, colorCount: 1, rings: 3, rarity: "promo", text: "Discard everything.", effect: JSON.stringify({ trigger: "flip", actions: [] }) },
    });
    const m = await getPlaytestCards(["PROMO-002", "PROMO-404", "not a key"]);
    expect([...m.keys()]).toEqual(["PROMO-002"]);
    expect(m.get("PROMO-002")).toMatchObject({ effect: null, effectError: expect.stringContaining("actions") });
  });

  it("a deck with a card missing from the catalog names it", async () => {
    const choice = parseSetupParams({ start: "1" });
    const custom = { name: "Ghost deck", keys: ["PROMO-404", "DEMO-001"] };
    const r = resolveSetup(choice, 1, await getPlaytestCards(setupCardKeys(choice, custom)), custom);
    expect(r).toMatchObject({ ok: false, error: { code: "playtest/unknown-card", reason: expect.stringContaining("PROMO-404") } });
  });
});
