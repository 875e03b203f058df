import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));

vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);

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
  current.user = null;
});

function legalList() {
  return ["DEMO-005", "DEMO-006", "DEMO-008", "DEMO-011", "DEMO-013", "DEMO-015"].map((k) => ({ cardId: ids[k], quantity: 5 }));
}

/** A deck of `owner` with the given visibility; returns its id and share slug. */
async function deck(visibility: "private" | "unlisted" | "public", name = "Deck") {
  current.user = owner;
  const r = await decks.createDeck({ name, description: "", cards: legalList() });
  if (!r.ok) throw new Error(r.message);
  if (visibility !== "private") {
    const v = await decks.setDeckVisibility(r.id, visibility);
    if (!v.ok) throw new Error(v.message);
  }
  const row = await t.prisma.deck.findUniqueOrThrow({ where: { id: r.id } });
  current.user = null;
  return { id: r.id, slug: row.shareSlug };
}

async function as<T>(user: SessionUser | null, fn: () => Promise<T>): Promise<T> {
  current.user = user;
  try {
    return await fn();
  } finally {
    current.user = null;
  }
}

async function stats(deckId: string) {
  return t.prisma.deckStats.findUniqueOrThrow({ where: { deckId } });
}

describe("likes", () => {
  it("one like per user, toggled, counted; guests are refused", async () => {
    const d = await deck("public");
    await expect(as(null, () => community.setDeckLike(d.slug, true))).rejects.toMatchObject({ code: "auth/unauthenticated" });
    expect(await as(bob, () => community.setDeckLike(d.slug, true))).toEqual({ liked: true, likes: 1 });
    expect(await as(bob, () => community.setDeckLike(d.slug, true))).toEqual({ liked: true, likes: 1 });
    expect(await as(carol, () => community.setDeckLike(d.slug, true))).toEqual({ liked: true, likes: 2 });
    expect(await as(bob, () => community.setDeckLike(d.slug, false))).toEqual({ liked: false, likes: 1 });
    expect(await t.prisma.deckLike.count({ where: { deckId: d.id } })).toBe(1);
    expect((await stats(d.id)).likes).toBe(1);
    const seen = await as(carol, () => community.getDeckCommunity(d.slug));
    expect(seen?.viewer.liked).toBe(true);
    expect(seen?.counts.likes).toBe(1);
  });

  it("cannot like a private deck (not found) or an unlisted one (closed), nor one's own deck", async () => {
    const priv = await deck("private");
    const unl = await deck("unlisted");
    const pub = await deck("public");
    await expect(as(bob, () => community.setDeckLike(priv.slug, true))).rejects.toMatchObject({ code: "deck/not-found" });
    await expect(as(bob, () => community.setDeckLike(unl.slug, true))).rejects.toMatchObject({ code: "community/closed" });
    await expect(as(owner, () => community.setDeckLike(pub.slug, true))).rejects.toMatchObject({ code: "community/own-deck" });
    expect(await t.prisma.deckLike.count({ where: { deckId: { in: [priv.id, unl.id, pub.id] } } })).toBe(0);
  });
});

describe("views", () => {
  it("counts once per visitor per day, not the owner, not private decks", async () => {
    const d = await deck("public");
    const day1 = new Date("2026-11-30T10:00:00Z");
    expect(await as(null, () => community.recordDeckView(d.slug, "10.0.0.1", day1))).toBe(true);
    expect(await as(null, () => community.recordDeckView(d.slug, "10.0.0.1", new Date("2026-11-30T23:59:00Z")))).toBe(false);
    expect(await as(null, () => community.recordDeckView(d.slug, "10.0.0.2", day1))).toBe(true);
    expect(await as(bob, () => community.recordDeckView(d.slug, "10.0.0.1", day1))).toBe(true);
    expect(await as(bob, () => community.recordDeckView(d.slug, "10.9.9.9", day1))).toBe(false);
    expect(await as(owner, () => community.recordDeckView(d.slug, "10.0.0.7", day1))).toBe(false);
    expect(await as(null, () => community.recordDeckView(d.slug, "10.0.0.1", new Date("2026-12-01T00:01:00Z")))).toBe(true);
    expect((await stats(d.id)).views).toBe(4);
    // No address is stored, and keys older than yesterday are pruned.
    const keys = await t.prisma.deckView.findMany({ where: { deckId: d.id } });
    expect(keys.some((k) => k.visitorKey.includes("10.0.0"))).toBe(false);
    await as(null, () => community.recordDeckView(d.slug, "10.0.0.3", new Date("2026-12-03T00:00:00Z")));
    expect((await t.prisma.deckView.findMany({ where: { deckId: d.id } })).map((k) => k.day)).toEqual(["2026-12-03"]);
    expect((await stats(d.id)).views).toBe(5);

    const priv = await deck("private");
    expect(await as(bob, () => community.recordDeckView(priv.slug, "10.0.0.1", day1))).toBe(false);
    expect((await stats(priv.id)).views).toBe(0);
    const unl = await deck("unlisted");
    expect(await as(bob, () => community.recordDeckView(unl.slug, "10.0.0.1", day1))).toBe(true);
  });
});

describe("copies", () => {
  it("counts each other person once; the owner's duplicates do not count", async () => {
    const d = await deck("unlisted");
    for (const who of [bob, bob, carol]) {
      const r = await as(who, () => decks.copyDeck({ slug: d.slug }));
      expect(r.ok).toBe(true);
    }
    const own = await as(owner, () => decks.copyDeck({ deckId: d.id }));
    expect(own.ok).toBe(true);
    expect((await stats(d.id)).copies).toBe(2);
    expect((await as(null, () => community.getDeckCommunity(d.slug)))?.counts.copies).toBe(2);
  });
});

describe("comments", () => {
  it("signed-in users comment on public decks only; guests and unlisted/private decks are refused", async () => {
    const pub = await deck("public");
    const unl = await deck("unlisted");
    const priv = await deck("private");
    await expect(as(null, () => community.addComment(pub.slug, "hi"))).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(as(bob, () => community.addComment(unl.slug, "hi"))).rejects.toMatchObject({ code: "community/closed" });
    await expect(as(bob, () => community.addComment(priv.slug, "hi"))).rejects.toMatchObject({ code: "deck/not-found" });
    const c = await as(bob, () => community.addComment(pub.slug, "**Nice** list"));
    expect(c).toMatchObject({ body: "**Nice** list", authorName: "bob", mine: true, hidden: false });
    expect((await stats(pub.id)).comments).toBe(1);
    expect(await as(null, () => community.getDeckCommunity(unl.slug))).toMatchObject({ open: false, comments: [] });
    expect(await as(owner, () => community.getDeckCommunity(priv.slug))).toBeNull();
  });

  it("only the author edits; the author or an admin deletes", async () => {
    const d = await deck("public");
    const c = await as(bob, () => community.addComment(d.slug, "first"));
    await expect(as(carol, () => community.editComment(c.id, "hijacked"))).rejects.toMatchObject({ code: "comment/forbidden" });
    await expect(as(owner, () => community.editComment(c.id, "hijacked"))).rejects.toMatchObject({ code: "comment/forbidden" });
    await expect(as(carol, () => community.deleteComment(c.id))).rejects.toMatchObject({ code: "comment/forbidden" });
    expect((await t.prisma.deckComment.findUniqueOrThrow({ where: { id: c.id } })).body).toBe("first");
    const edited = await as(bob, () => community.editComment(c.id, "first, edited"));
    expect(edited.comment.body).toBe("first, edited");
    expect(edited.comment.editedAt).not.toBeNull();
    const c2 = await as(carol, () => community.addComment(d.slug, "second"));
    await as(admin, () => community.deleteComment(c2.id));
    await as(bob, () => community.deleteComment(c.id));
    expect(await t.prisma.deckComment.count({ where: { deckId: d.id } })).toBe(0);
    expect((await stats(d.id)).comments).toBe(0);
    await expect(as(bob, () => community.deleteComment(c.id))).rejects.toMatchObject({ code: "comment/not-found" });
  });
});

describe("reports and moderation", () => {
  it("reports go to the admins' queue; non-admins cannot moderate; hidden comments are invisible to others", async () => {
    const d = await deck("public");
    const c = await as(bob, () => community.addComment(d.slug, "rude words"));
    await expect(as(null, () => community.reportComment(c.id, "spam"))).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(as(bob, () => community.reportComment(c.id, "oops"))).rejects.toMatchObject({ code: "comment/own" });
    await as(carol, () => community.reportComment(c.id, "Insults the owner"));
    await expect(as(carol, () => community.reportComment(c.id, "again"))).rejects.toMatchObject({ code: "comment/already-reported" });
    expect((await as(carol, () => community.getDeckCommunity(d.slug)))?.comments[0].reportedByMe).toBe(true);

    await expect(as(carol, () => community.listModerationQueue())).rejects.toMatchObject({ code: "auth/forbidden" });
    await expect(as(carol, () => community.moderateComment(c.id, "hide"))).rejects.toMatchObject({ code: "auth/forbidden" });
    await expect(as(owner, () => community.moderateComment(c.id, "delete"))).rejects.toMatchObject({ code: "auth/forbidden" });
    expect((await t.prisma.deckComment.findUniqueOrThrow({ where: { id: c.id } })).status).toBe("visible");

    const queue = await as(admin, () => community.listModerationQueue());
    const item = queue.find((q) => q.id === c.id);
    expect(item).toMatchObject({ openReports: 1, hidden: false, authorName: "bob", reports: [{ reporterName: "carol", reason: "Insults the owner", open: true }] });
    expect(await as(admin, () => community.countOpenReports())).toBeGreaterThanOrEqual(1);

    await as(admin, () => community.moderateComment(c.id, "hide"));
    expect((await stats(d.id)).comments).toBe(0);
    expect((await as(null, () => community.getDeckCommunity(d.slug)))?.comments).toEqual([]);
    expect((await as(carol, () => community.getDeckCommunity(d.slug)))?.comments).toEqual([]);
    expect((await as(owner, () => community.getDeckCommunity(d.slug)))?.comments).toEqual([]);
    expect((await as(bob, () => community.getDeckCommunity(d.slug)))?.comments.map((x) => x.hidden)).toEqual([true]);
    expect((await as(admin, () => community.getDeckCommunity(d.slug)))?.comments.map((x) => x.hidden)).toEqual([true]);
    await expect(as(bob, () => community.editComment(c.id, "sneaky"))).rejects.toMatchObject({ code: "comment/hidden" });
    await expect(as(carol, () => community.reportComment(c.id, "still rude"))).rejects.toMatchObject({ code: "comment/not-found" });
    const after = (await as(admin, () => community.listModerationQueue())).find((q) => q.id === c.id);
    expect(after).toMatchObject({ hidden: true, openReports: 0 });

    await as(admin, () => community.moderateComment(c.id, "restore"));
    expect((await stats(d.id)).comments).toBe(1);
    expect((await as(null, () => community.getDeckCommunity(d.slug)))?.comments.map((x) => x.body)).toEqual(["rude words"]);
    expect((await as(admin, () => community.listModerationQueue())).some((q) => q.id === c.id)).toBe(false);

    await as(admin, () => community.moderateComment(c.id, "delete"));
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
    for (const ip of ["1.1.1.1", "1.1.1.2", "1.1.1.3"]) await as(null, () => community.recordDeckView(a.slug, ip));
    await as(null, () => community.recordDeckView(b.slug, "1.1.1.1"));
    await as(bob, () => community.setDeckLike(b.slug, true));
    await as(carol, () => community.setDeckLike(b.slug, true));
    await as(bob, () => community.setDeckLike(c.slug, true));
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
    await as(dave, () => community.setDeckLike(d.slug, true));
    await as(dave, () => decks.copyDeck({ slug: d.slug }));
    const mine = await as(dave, () => community.addComment(d.slug, "dave was here"));
    const other = await as(bob, () => community.addComment(d.slug, "bob too"));
    await as(dave, () => community.reportComment(other.id, "Off topic"));
    await as(carol, () => community.reportComment(mine.id, "Spam"));
    expect(await stats(d.id)).toMatchObject({ likes: 1, copies: 1, comments: 2 });

    await t.prisma.$transaction(async (tx) => {
      await community.removeUserCommunityTx(tx, dave.id);
      await tx.deckVersion.deleteMany({ where: { authorId: dave.id } });
      await tx.deck.deleteMany({ where: { ownerId: dave.id } });
      await tx.user.delete({ where: { id: dave.id } });
    });
    expect(await stats(d.id)).toMatchObject({ likes: 0, copies: 0, comments: 1 });
    expect(await t.prisma.commentReport.count({ where: { commentId: { in: [other.id, mine.id] } } })).toBe(0);
    expect((await as(null, () => community.getDeckCommunity(d.slug)))?.comments.map((c) => c.body)).toEqual(["bob too"]);
  });
});
