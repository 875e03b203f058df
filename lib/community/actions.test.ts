import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";

const h = vi.hoisted(() => {
  // small limits for this file, read when the limiters are first made
  process.env.RATE_LIMIT_COMMENT = "3/600";
  process.env.RATE_LIMIT_DECK_VIEW = "2/600";
  process.env.RATE_LIMIT_PREFIX = `rb:test-community-actions:${process.pid}:${Date.now()}`;
  return { prisma: null as unknown as PrismaClient };
});

vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", () => ({ refresh: () => undefined, revalidatePath: () => undefined }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-ringbinder-peer": "10.1.2.3" }) }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error("NEXT_REDIRECT"), { to });
  },
}));

const t = createTestDatabase("community-actions");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const decks = await import("@/lib/decks/data");
const actions = await import("@/lib/community/actions");

let owner: SessionUser;
let bob: SessionUser;
let slug = "";

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  const mk = async (email: string) => {
    const u = await t.prisma.user.create({ data: { email, displayName: email.split("@")[0], passwordHash: "x" } });
    return { id: u.id, email: u.email, displayName: u.displayName, role: "user" } as SessionUser;
  };
  owner = await mk("owner@test.dev");
  bob = await mk("bob@test.dev");
  const cards = await t.prisma.card.findMany({ include: { set: true } });
  const id = (n: number) => cards.find((c) => c.number === n)!.id;
  current.user = owner;
  const r = await decks.createDeck(owner, { name: "Shared", description: "", cards: [5, 6, 8, 11, 13, 15].map((n) => ({ cardId: id(n), quantity: 5 })) });
  if (!r.ok) throw new Error(r.message);
  await decks.setDeckVisibility(owner, r.id, "public");
  slug = (await t.prisma.deck.findUniqueOrThrow({ where: { id: r.id } })).shareSlug;
});
beforeEach(() => {
  current.user = null;
});

describe("community actions", () => {
  it("refuse bad input with a clear message and change nothing", async () => {
    current.user = bob;
    const long = await actions.addCommentAction({ slug, body: "y".repeat(2001) });
    expect(long).toMatchObject({ ok: false, message: "A comment is at most 2,000 characters; this one has 2,001." });
    expect(await actions.addCommentAction({ slug, body: "   " })).toMatchObject({ ok: false, message: "Write a comment first." });
    expect(await actions.addCommentAction({ slug: "../etc", body: "hi" })).toMatchObject({ ok: false });
    expect(await actions.reportCommentAction({ commentId: "x", reason: "" })).toMatchObject({ ok: false, message: "Say why this comment should be reviewed (at least 3 characters)." });
    expect(await actions.setDeckLikeAction({ slug, like: "yes" })).toMatchObject({ ok: false });
    expect(await t.prisma.deckComment.count()).toBe(0);
    expect(await t.prisma.deckLike.count()).toBe(0);
  });

  it("guests are told to sign in", async () => {
    expect(await actions.addCommentAction({ slug, body: "hi" })).toMatchObject({ ok: false, code: "auth/unauthenticated" });
    expect(await actions.setDeckLikeAction({ slug, like: true })).toMatchObject({ ok: false, code: "auth/unauthenticated" });
  });

  it("comment writes are rate-limited per user, with the wait in the message", async () => {
    current.user = bob;
    for (let i = 0; i < 3; i++) expect((await actions.addCommentAction({ slug, body: `comment ${i}` })).ok).toBe(true);
    const over = await actions.addCommentAction({ slug, body: "one too many" });
    expect(over).toMatchObject({ ok: false, code: "rate/limited" });
    expect(over.ok ? "" : over.message).toMatch(/^Too many comment changes\. Try again in \d+ (seconds|minutes?)\.$/);
    expect(await t.prisma.deckComment.count()).toBe(3);
  });

  it("views over the per-address limit are not counted", async () => {
    expect(await actions.recordDeckViewAction(slug)).toEqual({ ok: true, data: { counted: true } });
    expect(await actions.recordDeckViewAction(slug)).toEqual({ ok: true, data: { counted: false } });
    expect(await actions.recordDeckViewAction(slug)).toMatchObject({ ok: false, code: "rate/limited" });
    expect(await actions.recordDeckViewAction("not a slug!")).toMatchObject({ ok: false, fieldErrors: { _form: ["Not a deck link."] } });
    expect((await t.prisma.deckStats.findFirstOrThrow({ where: { deck: { shareSlug: slug } } })).views).toBe(1);
  });

  it("non-admins cannot moderate", async () => {
    current.user = bob;
    const comment = await t.prisma.deckComment.findFirstOrThrow();
    const form = new FormData();
    form.set("commentId", comment.id);
    form.set("action", "hide");
    expect(await actions.moderateCommentAction(null, form)).toMatchObject({ ok: false, code: "auth/forbidden" });
    expect((await t.prisma.deckComment.findUniqueOrThrow({ where: { id: comment.id } })).status).toBe("visible");
  });
});
