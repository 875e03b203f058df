/** The /play forms: validate, authenticate, rate-limit, act; success goes to the game page. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("play-actions"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).nextNavigationMock());
process.env.RATE_LIMIT_PREFIX = `test-play-actions-${process.pid}-${Date.now()}`;
afterAll(() => t.cleanup());

const { current } = await import("@/test/session-mock");
const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const { cancelGameAction, createGameAction, joinGameAction, rematchAction } = await import("./actions");
const { makeUser } = await import("./test-fixture");

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const redirectOf = async (p: Promise<unknown>) => {
  try {
    return { result: await p };
  } catch (e) {
    const m = /^NEXT_REDIRECT:(.*)$/.exec((e as Error).message);
    if (!m) throw e;
    return { to: m[1] };
  }
};
const NEW = { deck: "starter:team-sonic-speed", columnRule: "priority", pace: "live", listing: "open" };

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
});

describe("the /play forms", () => {
  it("refuse a malformed form and a guest, creating nothing", async () => {
    current.user = await makeUser(t.prisma, "Former");
    expect(await createGameAction(null, form({ ...NEW, pace: "blitz" }))).toMatchObject({ ok: false, fieldErrors: { pace: expect.any(Array) } });
    expect(await createGameAction(null, form({ ...NEW, deck: "../etc" }))).toMatchObject({ ok: false, fieldErrors: { deck: expect.any(Array) } });
    current.user = null;
    expect(await createGameAction(null, form(NEW))).toMatchObject({ ok: false, code: "auth/unauthenticated" });
    expect(await t.prisma.playGame.count()).toBe(0);
  });

  it("create a game with a spectator delay from the list, and refuse one off it", async () => {
    current.user = await makeUser(t.prisma, "Delayer");
    expect(await createGameAction(null, form({ ...NEW, spectatorDelay: "3" }))).toMatchObject({ ok: false, fieldErrors: { spectatorDelay: expect.any(Array) } });
    const made = await redirectOf(createGameAction(null, form({ ...NEW, spectatorDelay: "5" })));
    const game = await t.prisma.playGame.findUniqueOrThrow({ where: { code: made.to!.split("/").pop()! } });
    expect((await t.prisma.playSpectatorDelay.findUniqueOrThrow({ where: { gameId: game.id } })).moves).toBe(5);
    await t.prisma.playGame.update({ where: { id: game.id }, data: { status: "cancelled" } });
    current.user = null;
  });

  it("create, join, finish, rematch and withdraw games, each landing on its page", async () => {
    const host = await makeUser(t.prisma, "Host");
    const guest = await makeUser(t.prisma, "Guest");
    current.user = host;
    const created = await redirectOf(createGameAction(null, form(NEW)));
    const code = /^\/play\/g\/(.+)$/.exec(created.to!)![1];
    current.user = guest;
    expect(await redirectOf(joinGameAction(null, form({ deck: "starter:eggman-empire", code })))).toEqual({ to: `/play/g/${code}` });
    expect(await rematchAction(null, form({ code }))).toMatchObject({ ok: false, code: "play/not-finished" });
    await t.prisma.playGame.update({ where: { code }, data: { status: "finished", result: "1", endReason: "concede" } });
    const re = await redirectOf(rematchAction(null, form({ code })));
    current.user = host;
    // the other player's rematch is the same game
    expect(await redirectOf(rematchAction(null, form({ code })))).toEqual(re);
    const next = await t.prisma.playGame.findFirstOrThrow({ where: { rematchOf: { code } } });
    expect([next.status, next.lead]).toEqual(["active", 1 - (await t.prisma.playGame.findUniqueOrThrow({ where: { code } })).lead]);
    const second = await redirectOf(createGameAction(null, form({ ...NEW, listing: "invite" })));
    const code2 = second.to!.split("/").pop()!;
    current.user = guest;
    expect(await cancelGameAction(null, form({ code: code2 }))).toMatchObject({ ok: false, code: "play/not-found" });
    current.user = host;
    expect(await redirectOf(cancelGameAction(null, form({ code: code2 })))).toEqual({ to: "/play" });
    expect((await t.prisma.playGame.findUniqueOrThrow({ where: { code: code2 } })).status).toBe("cancelled");
    current.user = null;
  });
});
