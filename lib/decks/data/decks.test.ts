import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { PrismaClient } from "@/lib/generated/prisma/client";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));

vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", () => ({ refresh: () => undefined, revalidatePath: () => undefined }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error("NEXT_REDIRECT"), { to });
  },
  notFound: () => {
    throw new Error("NEXT_NOT_FOUND");
  },
}));

const t = createTestDatabase("decks");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const dal = await import("@/lib/decks/data");
const actions = await import("@/lib/decks/actions");

let A: { id: string; email: string; displayName: string; role: "user" };
let B: { id: string; email: string; displayName: string; role: "user" };
const ids: Record<string, string> = {};

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  const mk = async (email: string) => {
    const u = await t.prisma.user.create({ data: { email, displayName: email.split("@")[0], passwordHash: "x" } });
    return { id: u.id, email: u.email, displayName: u.displayName, role: "user" as const };
  };
  A = await mk("alice@test.dev");
  B = await mk("bob@test.dev");
  for (const c of await t.prisma.card.findMany({ include: { set: true } })) ids[`${c.set.code}-${String(c.number).padStart(3, "0")}`] = c.id;
});
beforeEach(() => {
  current.user = null;
});

/** A legal 30-card list: 5 copies each of six different titles. */
function legalList() {
  return ["DEMO-005", "DEMO-006", "DEMO-008", "DEMO-011", "DEMO-013", "DEMO-015"].map((k) => ({ cardId: ids[k], quantity: 5 }));
}

async function createAs(user: typeof A, cards = legalList(), name = "Deck") {
  current.user = user;
  const r = await dal.createDeck(user, { name, description: "", cards });
  if (!r.ok) throw new Error(r.message);
  return r;
}

describe("deck writes enforce the rules", () => {
  it("creates a legal deck at version 1 with a snapshot and an unguessable slug", async () => {
    const r = await createAs(A);
    expect(r.check.legal).toBe(true);
    const deck = await t.prisma.deck.findUniqueOrThrow({ where: { id: r.id } });
    expect(deck.version).toBe(1);
    expect(deck.shareSlug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await t.prisma.deckVersion.count({ where: { deckId: r.id } })).toBe(1);
  });

  it("saves a draft under 30 cards, marked not legal", async () => {
    const r = await createAs(A, [{ cardId: ids["DEMO-001"], quantity: 2 }]);
    expect(r.check.legal).toBe(false);
    expect(r.check.summary).toBe("2 cards: at least 30 needed.");
  });

  it("refuses a 6th copy of a title sent by a forged request, across printings, and changes nothing", async () => {
    const created = await createAs(A);
    current.user = A;
    const forged = await actions.saveDeckAction({
      deckId: created.id,
      expectedVersion: 1,
      name: "Deck",
      description: "",
      cards: [...legalList(), { cardId: ids["DEMO-001"], quantity: 3 }, { cardId: ids["DEMO-053"], quantity: 3 }],
    });
    expect(forged).toMatchObject({ ok: false, code: "deck/title-limit", message: "Sonic the Hedgehog: 6 copies across DEMO-001 and DEMO-053, at most 5." });
    const single = await actions.saveDeckAction({ deckId: created.id, expectedVersion: 1, name: "Deck", description: "", cards: [{ cardId: ids["DEMO-002"], quantity: 6 }] });
    expect(single).toMatchObject({ ok: false, code: "deck/title-limit" });
    const deck = await t.prisma.deck.findUniqueOrThrow({ where: { id: created.id }, include: { cards: true } });
    expect(deck.version).toBe(1);
    expect(deck.cards.reduce((n, c) => n + c.quantity, 0)).toBe(30);
    const createForged = await dal.createDeck(A, { name: "x", description: "", cards: [{ cardId: ids["DEMO-002"], quantity: 6 }] });
    expect(createForged).toMatchObject({ ok: false, code: "deck/title-limit" });
  });

  it("reads each card by its id: a made-up id beside a legal list is refused by create and save, and nothing is written", async () => {
    current.user = A;
    const forged = [...legalList(), { cardId: "made-up-card-id", quantity: 1 }];
    const decksBefore = await t.prisma.deck.count();
    expect(await dal.createDeck(A, { name: "Forged", description: "", cards: forged })).toEqual({ ok: false, code: "deck/unknown-card", message: "1 card is not in the catalog." });
    expect(await t.prisma.deck.count()).toBe(decksBefore);
    const created = await createAs(A);
    expect(await actions.saveDeckAction({ deckId: created.id, expectedVersion: 1, name: "D", description: "", cards: forged })).toMatchObject({ ok: false, code: "deck/unknown-card" });
    const row = await t.prisma.deck.findUniqueOrThrow({ where: { id: created.id }, include: { cards: true } });
    expect(row.version).toBe(1);
    expect(row.cards.some((c) => c.cardId === "made-up-card-id")).toBe(false);
  });

  it("refuses unknown card ids, bad quantities and guests", async () => {
    const created = await createAs(A);
    current.user = A;
    expect(await actions.saveDeckAction({ deckId: created.id, expectedVersion: 1, name: "D", description: "", cards: [{ cardId: "nope", quantity: 1 }] })).toMatchObject({ ok: false, code: "deck/unknown-card" });
    expect(await actions.saveDeckAction({ deckId: created.id, expectedVersion: 1, name: "D", description: "", cards: [{ cardId: ids["DEMO-001"], quantity: 0 }] })).toMatchObject({ ok: false });
    expect(await actions.saveDeckAction({ deckId: created.id, expectedVersion: 1, name: "D", description: "", cards: [{ cardId: ids["DEMO-001"], quantity: 1 }, { cardId: ids["DEMO-001"], quantity: 1 }] })).toMatchObject({ ok: false });
    current.user = null;
    expect(await actions.saveDeckAction({ deckId: created.id, expectedVersion: 1, name: "D", description: "", cards: [] })).toMatchObject({ ok: false, code: "auth/unauthenticated" });
    expect((await t.prisma.deck.findUniqueOrThrow({ where: { id: created.id } })).version).toBe(1);
  });
});

describe("ownership", () => {
  it("user B cannot read, edit, restore, publish, copy or delete A's private deck by any route", async () => {
    const created = await createAs(A);
    const deck = await t.prisma.deck.findUniqueOrThrow({ where: { id: created.id } });
    current.user = B;
    expect(await dal.getDeckForOwner(B, created.id)).toBeNull();
    expect(await dal.getSharedDeck(B, deck.shareSlug)).toBeNull();
    expect(await dal.listDeckVersions(B, created.id)).toBeNull();
    expect((await dal.listMyDecks(B)).map((d) => d.id)).not.toContain(created.id);
    expect(await actions.saveDeckAction({ deckId: created.id, expectedVersion: 1, name: "Mine now", description: "", cards: [] })).toMatchObject({ ok: false, code: "deck/not-found" });
    expect(await actions.restoreVersionAction({ deckId: created.id, version: 1, expectedVersion: 1 })).toMatchObject({ ok: false, code: "deck/not-found" });
    expect(await actions.setVisibilityAction({ deckId: created.id, visibility: "public" })).toMatchObject({ ok: false, code: "deck/not-found" });
    expect(await dal.copyDeck(B, { slug: deck.shareSlug })).toMatchObject({ ok: false, code: "deck/not-found" });
    expect(await dal.copyDeck(B, { deckId: created.id })).toMatchObject({ ok: false, code: "deck/not-found" });
    const del = new FormData();
    del.set("deckId", created.id);
    expect(await actions.deleteDeckAction(null, del)).toMatchObject({ ok: false, code: "deck/not-found" });
    expect(await actions.applyImportAction({ format: "text", text: "1 Ring" }, { mode: "replace", deckId: created.id, expectedVersion: 1 })).toMatchObject({ ok: false, code: "deck/not-found" });
    current.user = null;
    expect(await dal.getSharedDeck(null, deck.shareSlug)).toBeNull();
    const after = await t.prisma.deck.findUniqueOrThrow({ where: { id: created.id }, include: { cards: true } });
    expect(after).toMatchObject({ name: "Deck", version: 1, visibility: "private" });
    expect(after.cards).toHaveLength(6);
  });

  it("public and unlisted decks are readable and copyable by others; only public ones are listed", async () => {
    const pub = await createAs(A, legalList(), "Listed deck");
    const unl = await createAs(A, legalList(), "Hidden link deck");
    current.user = A;
    expect(await dal.setDeckVisibility(A, pub.id, "public")).toMatchObject({ ok: true });
    expect(await dal.setDeckVisibility(A, unl.id, "unlisted")).toMatchObject({ ok: true });
    const pubSlug = (await t.prisma.deck.findUniqueOrThrow({ where: { id: pub.id } })).shareSlug;
    const unlSlug = (await t.prisma.deck.findUniqueOrThrow({ where: { id: unl.id } })).shareSlug;
    current.user = null;
    expect((await dal.getSharedDeck(null, pubSlug))?.isOwner).toBe(false);
    expect((await dal.getSharedDeck(null, unlSlug))?.name).toBe("Hidden link deck");
    const listed = await dal.listPublicDecks();
    expect(listed.map((d) => d.name)).toContain("Listed deck");
    expect(listed.map((d) => d.name)).not.toContain("Hidden link deck");
    expect((await dal.listPublicDecks({ name: "listed" })).map((d) => d.id)).toEqual([pub.id]);
    expect((await dal.listPublicDecks({ card: "cheese" })).map((d) => d.id)).toContain(pub.id);
    expect(await dal.listPublicDecks({ card: "shadow" })).toEqual([]);
    // an author's page: that author's public decks only, never the unlisted or private ones; their public name, no email
    const priv = await createAs(A, legalList(), "Private deck of A");
    const byA = await dal.listPublicDecks({ ownerId: A.id });
    expect(byA.map((d) => d.id)).toContain(pub.id);
    expect(byA.map((d) => d.id)).not.toContain(unl.id);
    expect(byA.map((d) => d.id)).not.toContain(priv.id);
    expect(byA.every((d) => d.ownerId === A.id && d.visibility === "public")).toBe(true);
    const author = await dal.getAuthor(A.id);
    expect(author).toEqual({ id: A.id, displayName: expect.any(String), since: expect.any(String) });
    expect(JSON.stringify(author)).not.toContain("@");
    expect(await dal.getAuthor("no-such-user")).toBeNull();
    current.user = B;
    const copy = await dal.copyDeck(B, { slug: unlSlug });
    expect(copy.ok).toBe(true);
    if (copy.ok) expect((await t.prisma.deck.findUniqueOrThrow({ where: { id: copy.id } })).ownerId).toBe(B.id);
    expect(await dal.getDeckForOwner(B, pub.id)).toBeNull();
  });

  it("the public-deck filters match % and _ literally", async () => {
    const set = await t.prisma.cardSet.create({ data: { code: "LIT", name: "Literal" } });
    const odd = await t.prisma.card.create({ data: { setId: set.id, number: 1, title: "100% Juice", titleKey: "100% juice", colorMask: 1, colorCount: 1, rings: 1, rarity: "common", text: "" } });
    const withOdd = await createAs(A, [...legalList(), { cardId: odd.id, quantity: 1 }], "Under_score 50% deck");
    const plain = await createAs(A, legalList(), "Underxscore 500 deck");
    current.user = A;
    for (const d of [withOdd, plain]) expect(await dal.setDeckVisibility(A, d.id, "public")).toMatchObject({ ok: true });
    current.user = null;
    const ids = async (opts: { name?: string; card?: string }) => (await dal.listPublicDecks(opts)).map((d) => d.id).filter((id) => id === withOdd.id || id === plain.id);
    expect(await ids({ card: "0%" })).toEqual([withOdd.id]);
    expect(await ids({ card: "%" })).toEqual([withOdd.id]);
    expect(await ids({ card: "_" })).toEqual([]);
    expect(await ids({ name: "r_s" })).toEqual([withOdd.id]);
    expect(await ids({ name: "UNDER_" })).toEqual([withOdd.id]);
    expect(await ids({ name: "50%" })).toEqual([withOdd.id]);
    expect(await ids({ name: "underxscore" })).toEqual([plain.id]);
    // leave the catalog and the public list as the other tests expect them
    await t.prisma.deck.deleteMany({ where: { id: { in: [withOdd.id, plain.id] } } });
    await t.prisma.card.delete({ where: { id: odd.id } });
    await t.prisma.cardSet.delete({ where: { id: set.id } });
  });

  it("publishing needs a legal deck", async () => {
    const draft = await createAs(A, [{ cardId: ids["DEMO-001"], quantity: 1 }]);
    current.user = A;
    const r = await dal.setDeckVisibility(A, draft.id, "public");
    expect(r).toMatchObject({ ok: false, code: "deck/not-legal", message: "Only a legal deck can be shared: 1 card: at least 30 needed." });
  });
});

describe("versions", () => {
  it("every save is a version with a diff, and restore brings back an old list as a new version", async () => {
    const created = await createAs(A);
    current.user = A;
    const v2cards = legalList().map((c) => (c.cardId === ids["DEMO-005"] ? { ...c, quantity: 3 } : c));
    v2cards.push({ cardId: ids["DEMO-053"], quantity: 2 });
    const s2 = await dal.saveDeck(A, { deckId: created.id, expectedVersion: 1, name: "Deck v2", description: "", cards: v2cards });
    expect(s2).toMatchObject({ ok: true, version: 2 });
    const s3 = await dal.saveDeck(A, { deckId: created.id, expectedVersion: 2, name: "Deck v3", description: "", cards: [...v2cards, { cardId: ids["DEMO-030"], quantity: 1 }] });
    expect(s3).toMatchObject({ ok: true, version: 3 });
    const history = await dal.listDeckVersions(A, created.id);
    expect(history?.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(history?.[1].diffText).toBe("−2 Cream the Rabbit, +2 Sonic the Hedgehog");
    expect(history?.[0].diffText).toBe("+1 Egg Pawn");
    const restored = await dal.restoreDeckVersion(A, created.id, 1, 3);
    expect(restored).toMatchObject({ ok: true, version: 4 });
    const deck = await dal.getDeckForOwner(A, created.id);
    expect(deck?.name).toBe("Deck");
    expect(deck?.entries.map((e) => [e.card.key, e.quantity]).sort()).toEqual(legalList().map((c) => [Object.keys(ids).find((k) => ids[k] === c.cardId), 5]).sort());
    const h2 = await dal.listDeckVersions(A, created.id);
    expect(h2?.[0]).toMatchObject({ version: 4, diffText: "+2 Cream the Rabbit, −1 Egg Pawn, −2 Sonic the Hedgehog" });
    expect(await dal.restoreDeckVersion(A, created.id, 99, 4)).toMatchObject({ ok: false, code: "deck/not-found" });
  });

  it("a description-only save is labelled as such; restoring says it brings the description back, and does", async () => {
    const created = await createAs(A);
    current.user = A;
    expect(await dal.saveDeck(A, { deckId: created.id, expectedVersion: 1, name: "Deck", description: "Play fast.", cards: legalList() })).toMatchObject({ ok: true, version: 2 });
    expect(await dal.saveDeck(A, { deckId: created.id, expectedVersion: 2, name: "Fast deck", description: "Play fast.", cards: legalList() })).toMatchObject({ ok: true, version: 3 });
    expect(await dal.saveDeck(A, { deckId: created.id, expectedVersion: 3, name: "Fast deck", description: "Play faster.", cards: legalList() })).toMatchObject({ ok: true, version: 4 });
    expect(await dal.saveDeck(A, { deckId: created.id, expectedVersion: 4, name: "Fast deck", description: "Play faster.", cards: legalList() })).toMatchObject({ ok: true, version: 5 });
    const h = await dal.listDeckVersions(A, created.id);
    expect(h?.map((v) => [v.version, v.changesText])).toEqual([
      [5, "no changes"],
      [4, "description edited"],
      [3, "renamed from “Deck” to “Fast deck”"],
      [2, "description added"],
      [1, expect.stringMatching(/^created with /)],
    ]);
    expect(h?.find((v) => v.version === 1)?.restoreText).toBe("renamed from “Fast deck” to “Deck”; description removed");
    expect(h?.find((v) => v.version === 4)?.restoreText).toBe("no changes");
    expect(await dal.restoreDeckVersion(A, created.id, 2, 5)).toMatchObject({ ok: true, version: 6 });
    expect(await dal.getDeckForOwner(A, created.id)).toMatchObject({ name: "Deck", description: "Play fast." });
  });

  it("a shared deck that a save or a restore makes illegal becomes private, and is no longer listed", async () => {
    const created = await createAs(A, [{ cardId: ids["DEMO-001"], quantity: 2 }], "Unpublish me");
    current.user = A;
    expect(await dal.saveDeck(A, { deckId: created.id, expectedVersion: 1, name: "Unpublish me", description: "", cards: legalList() })).toMatchObject({ ok: true, version: 2 });
    expect(await dal.setDeckVisibility(A, created.id, "public")).toMatchObject({ ok: true });
    const before = await dal.listDeckVersions(A, created.id);
    expect(before?.find((v) => v.version === 1)).toMatchObject({ legal: false, legalSummary: "2 cards: at least 30 needed." });
    expect((await dal.listPublicDecks({ name: "Unpublish me" })).length).toBe(1);
    const r = await actions.restoreVersionAction({ deckId: created.id, version: 1, expectedVersion: 2 });
    expect(r).toMatchObject({ ok: true, data: { version: 3 } });
    expect(r.message).toContain("private now (it was public)");
    expect(await dal.getDeckForOwner(A, created.id)).toMatchObject({ visibility: "private" });
    expect(await dal.listPublicDecks({ name: "Unpublish me" })).toEqual([]);
    // a legal save keeps what the owner chose; an illegal one of an unlisted deck unpublishes it too
    expect(await dal.saveDeck(A, { deckId: created.id, expectedVersion: 3, name: "Unpublish me", description: "", cards: legalList() })).toMatchObject({ ok: true, version: 4 });
    expect(await dal.setDeckVisibility(A, created.id, "unlisted")).toMatchObject({ ok: true });
    expect(await dal.saveDeck(A, { deckId: created.id, expectedVersion: 4, name: "Unpublish me", description: "", cards: legalList() })).not.toHaveProperty("unpublished");
    expect(await dal.saveDeck(A, { deckId: created.id, expectedVersion: 5, name: "Unpublish me", description: "", cards: legalList().slice(1) })).toMatchObject({ ok: true, unpublished: "unlisted" });
    expect(await dal.getDeckForOwner(A, created.id)).toMatchObject({ visibility: "private" });
  });
});

describe("optimistic concurrency", () => {
  it("of two saves from the same version, the second is told of the conflict with the server's list", async () => {
    const created = await createAs(A);
    current.user = A;
    const tabOne = [...legalList(), { cardId: ids["DEMO-001"], quantity: 2 }];
    const tabTwo = [...legalList(), { cardId: ids["DEMO-030"], quantity: 1 }];
    const [r1, r2] = await Promise.all([
      dal.saveDeck(A, { deckId: created.id, expectedVersion: 1, name: "Deck", description: "", cards: tabOne }),
      dal.saveDeck(A, { deckId: created.id, expectedVersion: 1, name: "Deck", description: "", cards: tabTwo }),
    ]);
    const results = [r1, r2];
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const lost = results.find((r) => !r.ok);
    expect(lost).toMatchObject({ ok: false, code: "deck/conflict" });
    if (!lost || lost.ok || lost.code !== "deck/conflict") throw new Error("expected a conflict");
    expect(lost.current.version).toBe(2);
    const winnerIsOne = r1.ok;
    expect(lost.current.diff.map((d) => `${d.delta} ${d.title}`).sort()).toEqual(winnerIsOne ? ["-1 Egg Pawn", "2 Sonic the Hedgehog"] : ["-2 Sonic the Hedgehog", "1 Egg Pawn"]);
    expect(lost.message).toContain("now version 2");
    // the stale tab can save again on top of the version it was shown
    expect(await dal.saveDeck(A, { deckId: created.id, expectedVersion: 2, name: "Deck", description: "", cards: tabTwo })).toMatchObject({ ok: true, version: 3 });
    expect(await t.prisma.deckVersion.count({ where: { deckId: created.id } })).toBe(3);
  });
});

describe("import", () => {
  it("detects the format, says which it read, and imports a Cockatrice deck with its name only after the apply", async () => {
    current.user = A;
    const before = await t.prisma.deck.count();
    const csv = await actions.previewImportAction({ format: "auto", text: "Quantity,Name\n4,Big the Cat\n2,Sonc the Hedgehog" });
    expect(csv).toMatchObject({ ok: false, message: expect.stringMatching(/^Read as Archidekt-style CSV\. 1 line has a problem/), fieldErrors: { text: [expect.stringContaining("Closest names: Sonic the Hedgehog")] } });
    const cod = '<?xml version="1.0"?><cockatrice_deck version="1"><deckname>From Cockatrice</deckname><zone name="main"><card number="4" name="Big the Cat"/></zone></cockatrice_deck>';
    const prev = await actions.previewImportAction({ format: "auto", text: cod });
    expect(prev).toMatchObject({ ok: true, data: { format: "Cockatrice deck (.cod)", name: "From Cockatrice" } });
    expect(await t.prisma.deck.count()).toBe(before);
    const made = await actions.applyImportAction({ format: "auto", text: cod }, { mode: "new" });
    expect(made.ok).toBe(true);
    if (made.ok) expect(await t.prisma.deck.findUniqueOrThrow({ where: { id: made.data.id }, include: { cards: true } })).toMatchObject({ name: "From Cockatrice", cards: [{ quantity: 4 }] });
  });

  it("previews without writing and imports as a new deck or a replacement version", async () => {
    const created = await createAs(A);
    current.user = A;
    const before = await t.prisma.deck.count();
    const bad = await actions.previewImportAction({ format: "text", text: "2 Tails\n1 Nobody" });
    expect(bad).toMatchObject({ ok: false, fieldErrors: { text: [expect.stringContaining("Line 1"), 'Line 2: no card titled "Nobody".'] } });
    const prev = await actions.previewImportAction({ format: "text", text: "3 Ring\n2 Tails [DEMO-002]" });
    expect(prev.ok && prev.data.check.summary).toBe("5 cards: at least 30 needed.");
    expect(await t.prisma.deck.count()).toBe(before);
    const replaced = await actions.applyImportAction({ format: "text", text: "3 Ring" }, { mode: "replace", deckId: created.id, expectedVersion: 1 });
    expect(replaced).toMatchObject({ ok: true, data: { version: 2 } });
    const neu = await actions.applyImportAction({ format: "json", text: JSON.stringify({ name: "From JSON", cards: [{ set: "DEMO", number: 39, quantity: 2 }] }) }, { mode: "new" });
    expect(neu.ok).toBe(true);
    if (neu.ok) expect((await t.prisma.deck.findUniqueOrThrow({ where: { id: neu.data.id } })).name).toBe("From JSON");
    const tooMany = await actions.applyImportAction({ format: "text", text: "6 Ring" }, { mode: "new" });
    expect(tooMany).toMatchObject({ ok: false, code: "deck/title-limit" });
    // the preview refuses exactly what apply refuses: lines of one title add up over the limit
    const merged = "3 Ring\n3 Ring";
    const preview = await actions.previewImportAction({ format: "text", text: merged });
    const applied = await actions.applyImportAction({ format: "text", text: merged }, { mode: "new" });
    expect(preview).toMatchObject({ ok: false, code: "deck/title-limit", message: expect.stringContaining("Ring") });
    expect(applied).toMatchObject({ ok: false, code: "deck/title-limit" });
    // over one printing's line limit too (sums past 99 never reach the write)
    const huge = await actions.previewImportAction({ format: "text", text: "60 Ring\n60 Ring" });
    expect(huge.ok).toBe(false);
  });
});

describe("editor search", () => {
  it("uses the catalog query language and can keep only owned cards", async () => {
    current.user = A;
    const r = await actions.searchCardsForEditor("sonic");
    expect(r.ok && r.data.cards.map((c) => c.key)).toEqual(["DEMO-001", "DEMO-038", "DEMO-053"]);
    const colored = await actions.searchCardsForEditor("c:blue r>=9");
    expect(colored.ok && colored.data.cards.every((c) => c.colors.includes("blue") && c.rings >= 9)).toBe(true);
    expect(await actions.searchCardsForEditor("r>=")).toMatchObject({ ok: false });
    await t.prisma.collectionEntry.create({ data: { userId: A.id, cardId: ids["DEMO-053"], quantity: 2 } });
    const mine = await actions.searchCardsForEditor("sonic", true);
    expect(mine.ok && mine.data.cards.map((c) => c.key)).toEqual(["DEMO-053"]);
    current.user = null;
    expect(await actions.searchCardsForEditor("sonic")).toMatchObject({ ok: false, code: "auth/unauthenticated" });
  });

  it("pages on: the first 60 results, then more on request (at most 200), with the total", async () => {
    current.user = A;
    const catalog = await t.prisma.card.count();
    expect(catalog).toBeGreaterThan(60);
    const first = await actions.searchCardsForEditor("", false);
    expect(first.ok && first.data.cards.length).toBe(60);
    expect(first.ok && first.data.total).toBe(catalog);
    const more = await actions.searchCardsForEditor("", false, 120);
    expect(more.ok && more.data.cards.length).toBe(Math.min(catalog, 120));
    expect(await actions.searchCardsForEditor("", false, 500)).toMatchObject({ ok: false });
    expect(await actions.searchCardsForEditor("", false, 0)).toMatchObject({ ok: false });
  });
});

describe("playtest entry points", () => {
  it("loads decks by id (owner), slug (visible) or code; an illegal deck comes with why (practice mode), an empty one is refused", async () => {
    const mine = await createAs(A, legalList(), "Playable");
    const draft = await createAs(A, [{ cardId: ids["DEMO-001"], quantity: 1 }], "Draft");
    const slug = (await t.prisma.deck.findUniqueOrThrow({ where: { id: mine.id } })).shareSlug;
    current.user = A;
    const byId = await dal.getDeckForPlaytest(A, { deckId: mine.id });
    expect(byId.ok && byId.cards.reduce((n, c) => n + c.quantity, 0)).toBe(30);
    expect(await dal.getDeckForPlaytest(A, { deckId: draft.id })).toMatchObject({ ok: true, name: "Draft", check: { legal: false, summary: "1 card: at least 30 needed." } });
    const empty = await createAs(A, [], "Empty");
    current.user = A;
    expect(await dal.getDeckForPlaytest(A, { deckId: empty.id })).toMatchObject({ ok: false, code: "deck/empty" });
    expect((await dal.listMyDecks(A)).find((d) => d.id === draft.id)).toMatchObject({ legal: false, legalSummary: "1 card: at least 30 needed." });
    current.user = B;
    expect(await dal.getDeckForPlaytest(B, { deckId: mine.id })).toMatchObject({ ok: false, code: "deck/not-found" });
    expect(await dal.getDeckForPlaytest(B, { slug })).toMatchObject({ ok: false, code: "deck/not-found" });
    const { encodeDeckCode } = await import("@/lib/decks");
    const code = encodeDeckCode([{ set: "DEMO", number: 5, quantity: 5 }, { set: "DEMO", number: 6, quantity: 5 }, { set: "DEMO", number: 8, quantity: 5 }, { set: "DEMO", number: 11, quantity: 5 }, { set: "DEMO", number: 13, quantity: 5 }, { set: "DEMO", number: 15, quantity: 5 }]);
    expect(await dal.getDeckForPlaytest(B, { code })).toMatchObject({ ok: true, check: { legal: true, total: 30 } });
    expect(await dal.getDeckForPlaytest(B, { code: "zz" })).toMatchObject({ ok: false, code: "deck/bad-code" });
  });
});
