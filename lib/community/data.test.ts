import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { GUEST } from "@/test/actors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));

vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));

const t = createTestDatabase("community");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const decks = await import("@/lib/decks/data");
const community = await import("@/lib/community/data");

let owner: SessionUser;
let bob: SessionUser;
let carol: SessionUser;
let admin: SessionUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  const mk = async (email: string, role: "user" | "admin" = "user"): Promise<SessionUser> => {
    const u = await t.prisma.user.create({ data: { email, displayName: email.split("@")[0], passwordHash: "x", role } });
    return { id: u.id, email: u.email, displayName: u.displayName, role } as SessionUser;
  };
  owner = await mk("owner@test.dev");
  bob = await mk("bob@test.dev");
  carol = await mk("carol@test.dev");
  admin = await mk("admin@test.dev", "admin");
  for (const c of await t.prisma.card.findMany({ include: { set: true } })) ids[`${c.set.code}-${String(c.number).padStart(3, "0")}`] = c.id;
});
beforeEach(() => {
});

function legalList() {
  return ["DEMO-005", "DEMO-006", "DEMO-008", "DEMO-011", "DEMO-013", "DEMO-015"].map((k) => ({ cardId: ids[k], quantity: 5 }));
}

/** A deck of `owner` with the given visibility; returns its id and share slug. */
async function deck(visibility: "private" | "unlisted" | "public", name = "Deck") {
  const r = await decks.createDeck(owner, { name, description: "", cards: legalList() });
  if (!r.ok) throw new Error(r.message);
  if (visibility !== "private") {
    const v = await decks.setDeckVisibility(owner, r.id, visibility);
    if (!v.ok) throw new Error(v.message);
  }
  const row = await t.prisma.deck.findUniqueOrThrow({ where: { id: r.id } });
  return { id: r.id, slug: row.shareSlug };
}

async function stats(deckId: string) {
  return t.prisma.deckStats.findUniqueOrThrow({ where: { deckId } });
}

describe("likes", () => {
  it("one like per user, toggled, counted; guests are refused", async () => {
    const d = await deck("public");
    await expect(community.setDeckLike(GUEST, d.slug, true)).rejects.toMatchObject({ code: "auth/unauthenticated" });
    expect(await community.setDeckLike(bob, d.slug, true)).toEqual({ liked: true, likes: 1 });
    expect(await community.setDeckLike(bob, d.slug, true)).toEqual({ liked: true, likes: 1 });
    expect(await community.setDeckLike(carol, d.slug, true)).toEqual({ liked: true, likes: 2 });
    expect(await community.setDeckLike(bob, d.slug, false)).toEqual({ liked: false, likes: 1 });
    expect(await t.prisma.deckLike.count({ where: { deckId: d.id } })).toBe(1);
    expect((await stats(d.id)).likes).toBe(1);
    const seen = await community.getDeckCommunity(carol, d.slug);
    expect(seen?.viewer.liked).toBe(true);
    expect(seen?.counts.likes).toBe(1);
  });

  it("cannot like a private deck (not found) or an unlisted one (closed), nor one's own deck", async () => {
    const priv = await deck("private");
    const unl = await deck("unlisted");
    const pub = await deck("public");
    await expect(community.setDeckLike(bob, priv.slug, true)).rejects.toMatchObject({ code: "deck/not-found" });
    await expect(community.setDeckLike(bob, unl.slug, true)).rejects.toMatchObject({ code: "community/closed" });
    await expect(community.setDeckLike(owner, pub.slug, true)).rejects.toMatchObject({ code: "community/own-deck" });
    expect(await t.prisma.deckLike.count({ where: { deckId: { in: [priv.id, unl.id, pub.id] } } })).toBe(0);
  });
});

describe("views", () => {
  it("counts once per visitor per day, not the owner, not private decks", async () => {
    const d = await deck("public");
    const day1 = new Date("2026-11-30T10:00:00Z");
    expect(await community.recordDeckView(null, d.slug, "10.0.0.1", day1)).toBe(true);
    expect(await community.recordDeckView(null, d.slug, "10.0.0.1", new Date("2026-11-30T23:59:00Z"))).toBe(false);
    expect(await community.recordDeckView(null, d.slug, "10.0.0.2", day1)).toBe(true);
    expect(await community.recordDeckView(bob, d.slug, "10.0.0.1", day1)).toBe(true);
    expect(await community.recordDeckView(bob, d.slug, "10.9.9.9", day1)).toBe(false);
    expect(await community.recordDeckView(owner, d.slug, "10.0.0.7", day1)).toBe(false);
    expect(await community.recordDeckView(null, d.slug, "10.0.0.1", new Date("2026-12-01T00:01:00Z"))).toBe(true);
    expect((await stats(d.id)).views).toBe(4);
    // No address is stored, and keys older than yesterday are pruned.
    const keys = await t.prisma.deckView.findMany({ where: { deckId: d.id } });
    expect(keys.some((k) => k.visitorKey.includes("10.0.0"))).toBe(false);
    await community.recordDeckView(null, d.slug, "10.0.0.3", new Date("2026-12-03T00:00:00Z"));
    expect((await t.prisma.deckView.findMany({ where: { deckId: d.id } })).map((k) => k.day)).toEqual(["2026-12-03"]);
    expect((await stats(d.id)).views).toBe(5);

    const priv = await deck("private");
    expect(await community.recordDeckView(bob, priv.slug, "10.0.0.1", day1)).toBe(false);
    expect((await stats(priv.id)).views).toBe(0);
    const unl = await deck("unlisted");
    expect(await community.recordDeckView(bob, unl.slug, "10.0.0.1", day1)).toBe(true);
  });
});

describe("copies", () => {
  it("counts each other person once; the owner's duplicates do not count", async () => {
    const d = await deck("unlisted");
    for (const who of [bob, bob, carol]) {
      const r = await decks.copyDeck(who, { slug: d.slug });
      expect(r.ok).toBe(true);
    }
    const own = await decks.copyDeck(owner, { deckId: d.id });
    expect(own.ok).toBe(true);
    expect((await stats(d.id)).copies).toBe(2);
    expect((await community.getDeckCommunity(null, d.slug))?.counts.copies).toBe(2);
  });
});

describe("comments", () => {
  it("signed-in users comment on public decks only; guests and unlisted/private decks are refused", async () => {
    const pub = await deck("public");
    const unl = await deck("unlisted");
    const priv = await deck("private");
    await expect(community.addComment(GUEST, pub.slug, "hi")).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(community.addComment(bob, unl.slug, "hi")).rejects.toMatchObject({ code: "community/closed" });
    await expect(community.addComment(bob, priv.slug, "hi")).rejects.toMatchObject({ code: "deck/not-found" });
    const c = await community.addComment(bob, pub.slug, "**Nice** list");
    expect(c).toMatchObject({ body: "**Nice** list", authorName: "bob", mine: true, hidden: false });
    expect((await stats(pub.id)).comments).toBe(1);
    expect(await community.getDeckCommunity(null, unl.slug)).toMatchObject({ open: false, comments: [] });
    expect(await community.getDeckCommunity(owner, priv.slug)).toBeNull();
  });

  it("only the author edits; the author or an admin deletes", async () => {
    const d = await deck("public");
    const c = await community.addComment(bob, d.slug, "first");
    await expect(community.editComment(carol, c.id, "hijacked")).rejects.toMatchObject({ code: "comment/forbidden" });
    await expect(community.editComment(owner, c.id, "hijacked")).rejects.toMatchObject({ code: "comment/forbidden" });
    await expect(community.deleteComment(carol, c.id)).rejects.toMatchObject({ code: "comment/forbidden" });
    expect((await t.prisma.deckComment.findUniqueOrThrow({ where: { id: c.id } })).body).toBe("first");
    const edited = await community.editComment(bob, c.id, "first, edited");
    expect(edited.comment.body).toBe("first, edited");
    expect(edited.comment.editedAt).not.toBeNull();
    const c2 = await community.addComment(carol, d.slug, "second");
    await community.deleteComment(admin, c2.id);
    await community.deleteComment(bob, c.id);
    expect(await t.prisma.deckComment.count({ where: { deckId: d.id } })).toBe(0);
    expect((await stats(d.id)).comments).toBe(0);
    await expect(community.deleteComment(bob, c.id)).rejects.toMatchObject({ code: "comment/not-found" });
  });
});

describe("reports and moderation", () => {
  it("reports go to the admins' queue; non-admins cannot moderate; hidden comments are invisible to others", async () => {
    const d = await deck("public");
    const c = await community.addComment(bob, d.slug, "rude words");
    await expect(community.reportComment(GUEST, c.id, "spam")).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(community.reportComment(bob, c.id, "oops")).rejects.toMatchObject({ code: "comment/own" });
    await community.reportComment(carol, c.id, "Insults the owner");
    await expect(community.reportComment(carol, c.id, "again")).rejects.toMatchObject({ code: "comment/already-reported" });
    expect((await community.getDeckCommunity(carol, d.slug))?.comments[0].reportedByMe).toBe(true);

    await expect(community.listModerationQueue(carol)).rejects.toMatchObject({ code: "auth/forbidden" });
    await expect(community.moderateComment(carol, c.id, "hide")).rejects.toMatchObject({ code: "auth/forbidden" });
    await expect(community.moderateComment(owner, c.id, "delete")).rejects.toMatchObject({ code: "auth/forbidden" });
    expect((await t.prisma.deckComment.findUniqueOrThrow({ where: { id: c.id } })).status).toBe("visible");

    const queue = await community.listModerationQueue(admin);
    const item = queue.find((q) => q.id === c.id);
    expect(item).toMatchObject({ openReports: 1, hidden: false, authorName: "bob", reports: [{ reporterName: "carol", reason: "Insults the owner", open: true }] });
    expect(await community.countOpenReports(admin)).toBeGreaterThanOrEqual(1);

    await community.moderateComment(admin, c.id, "hide");
    expect((await stats(d.id)).comments).toBe(0);
    expect((await community.getDeckCommunity(null, d.slug))?.comments).toEqual([]);
    expect((await community.getDeckCommunity(carol, d.slug))?.comments).toEqual([]);
    expect((await community.getDeckCommunity(owner, d.slug))?.comments).toEqual([]);
    expect((await community.getDeckCommunity(bob, d.slug))?.comments.map((x) => x.hidden)).toEqual([true]);
    expect((await community.getDeckCommunity(admin, d.slug))?.comments.map((x) => x.hidden)).toEqual([true]);
    await expect(community.editComment(bob, c.id, "sneaky")).rejects.toMatchObject({ code: "comment/hidden" });
    await expect(community.reportComment(carol, c.id, "still rude")).rejects.toMatchObject({ code: "comment/not-found" });
    const after = (await community.listModerationQueue(admin)).find((q) => q.id === c.id);
    expect(after).toMatchObject({ hidden: true, openReports: 0 });

    await community.moderateComment(admin, c.id, "restore");
    expect((await stats(d.id)).comments).toBe(1);
    expect((await community.getDeckCommunity(null, d.slug))?.comments.map((x) => x.body)).toEqual(["rude words"]);
    expect((await community.listModerationQueue(admin)).some((q) => q.id === c.id)).toBe(false);

    await community.moderateComment(admin, c.id, "delete");
    expect(await t.prisma.commentReport.count({ where: { commentId: c.id } })).toBe(0);
    expect((await stats(d.id)).comments).toBe(0);
  });
});

describe("sorting public decks", () => {
  it("orders by views and by likes, and lists only public decks", async () => {
    await t.prisma.deck.updateMany({ where: { visibility: "public" }, data: { visibility: "private" } });
    const a = await deck("public", "Sort A");
    const b = await deck("public", "Sort B");
    const c = await deck("public", "Sort C");
    await deck("unlisted", "Sort hidden");
    for (const ip of ["1.1.1.1", "1.1.1.2", "1.1.1.3"]) await community.recordDeckView(null, a.slug, ip);
    await community.recordDeckView(null, b.slug, "1.1.1.1");
    await community.setDeckLike(bob, b.slug, true);
    await community.setDeckLike(carol, b.slug, true);
    await community.setDeckLike(bob, c.slug, true);
    const names = async (sort: "new" | "popular" | "liked") => (await decks.listPublicDecks({ sort })).map((d) => d.name);
    expect(await names("new")).toEqual(["Sort C", "Sort B", "Sort A"]);
    expect(await names("popular")).toEqual(["Sort A", "Sort B", "Sort C"]);
    expect(await names("liked")).toEqual(["Sort B", "Sort C", "Sort A"]);
    const listed = await decks.listPublicDecks({ sort: "liked" });
    expect(listed[0].counts).toEqual({ likes: 2, views: 1, copies: 0, comments: 0 });
    expect(listed[0].ownerId).toBe(owner.id);
  });
});

describe("a deleted account", () => {
  it("stops counting on others' decks when it goes: its likes, copies and comments, and the reports on and by it", async () => {
    const d = await deck("public");
    const u = await t.prisma.user.create({ data: { email: "dave@test.dev", displayName: "dave", passwordHash: "x" } });
    const dave = { id: u.id, email: u.email, displayName: u.displayName, role: "user" } as SessionUser;
    await community.setDeckLike(dave, d.slug, true);
    await decks.copyDeck(dave, { slug: d.slug });
    const mine = await community.addComment(dave, d.slug, "dave was here");
    const other = await community.addComment(bob, d.slug, "bob too");
    await community.reportComment(dave, other.id, "Off topic");
    await community.reportComment(carol, mine.id, "Spam");
    expect(await stats(d.id)).toMatchObject({ likes: 1, copies: 1, comments: 2 });

    await t.prisma.$transaction(async (tx) => {
      await community.removeUserCommunityTx(tx, dave.id);
      await tx.deckVersion.deleteMany({ where: { authorId: dave.id } });
      await tx.deck.deleteMany({ where: { ownerId: dave.id } });
      await tx.user.delete({ where: { id: dave.id } });
    });
    expect(await stats(d.id)).toMatchObject({ likes: 0, copies: 0, comments: 1 });
    expect(await t.prisma.commentReport.count({ where: { commentId: { in: [other.id, mine.id] } } })).toBe(0);
    expect((await community.getDeckCommunity(null, d.slug))?.comments.map((c) => c.body)).toEqual(["bob too"]);
  });
});
