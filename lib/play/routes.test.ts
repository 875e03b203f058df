/**
 * The game routes as a browser uses them: the stream pushes each recipient's
 * message on every change, and the action route refuses what it must
 * (cross-site, too large, malformed, stale) with the one JSON error shape,
 * changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import { legalActionsForView } from "@/lib/engine";
import type { PlayMessage } from "./types";
import { decodeMessage, wireDecoder, type WireMessage } from "./wire";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);

const t = createTestDatabase("play-routes");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { createGame, joinGame } = await import("@/lib/play/data/games");
const stream = await import("@/app/api/play/[code]/stream/route");
const action = await import("@/app/api/play/[code]/action/route");
const { makeUser, starterSeatDeck } = await import("./test-fixture");

let a: SessionUser;
let b: SessionUser;
let code: string;
beforeAll(async () => {
  a = await makeUser(t.prisma, "Ann");
  b = await makeUser(t.prisma, "Ben");
  current.user = a;
  ({ code } = await createGame(a, { listing: "open", pace: "live", columnRule: "priority" }, starterSeatDeck()));
  current.user = b;
  await joinGame(b, { code }, starterSeatDeck("chaotix-mix"));
  current.user = null;
});

/** Opens the stream as `user` (null: a guest) and returns a reader of its messages. */
async function open(user: SessionUser | null) {
  current.user = user;
  const ac = new AbortController();
  const res = await stream.GET(new Request(`http://app.test/api/play/${code}/stream`, { signal: ac.signal, headers: { host: "app.test" } }), { params: Promise.resolve({ code }) });
  current.user = null;
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const reader = res.body!.getReader();
  const wire = wireDecoder();
  let buf = "";
  return {
    async next(): Promise<PlayMessage> {
      for (;;) {
        const at = buf.indexOf("event: view\ndata: ");
        const end = at < 0 ? -1 : buf.indexOf("\n\n", at);
        if (end >= 0) {
          const m = decodeMessage(wire, JSON.parse(buf.slice(at + 18, end)) as WireMessage);
          buf = buf.slice(end + 2);
          return m;
        }
        buf += new TextDecoder().decode((await reader.read()).value);
      }
    },
    close: () => ac.abort(),
  };
}

/** The first message of a stream that `ok` accepts (the streams also push spectator counts), within a few. */
async function until(s: Awaited<ReturnType<typeof open>>, ok: (m: PlayMessage) => boolean): Promise<PlayMessage> {
  for (let i = 0; i < 5; i++) {
    const m = await s.next();
    if (ok(m)) return m;
  }
  throw new Error("the stream never sent the message");
}

async function post(user: SessionUser | null, body: string, headers: Record<string, string> = { origin: "http://app.test" }) {
  current.user = user;
  try {
    return await action.POST(new Request(`http://app.test/api/play/${code}/action`, { method: "POST", headers: { host: "app.test", "content-type": "application/json", ...headers }, body }), { params: Promise.resolve({ code }) });
  } finally {
    current.user = null;
  }
}

describe("the game routes", () => {
  it("push every recipient its own message on every change", async () => {
    const [sa, sb, watch] = [await open(a), await open(b), await open(null)];
    const [ma, mb, mw] = [await sa.next(), await sb.next(), await watch.next()];
    expect([ma.seat, mb.seat, mw.seat]).toEqual([0, 1, null]);
    expect(ma.view.players[0].hand).toHaveLength(7);
    expect(mb.view.players[0].hand).toBeNull();
    expect(mw.view.players.map((p) => p.hand)).toEqual([null, null]);
    const place = legalActionsForView(ma.view)[0] as { cards: (number | null)[] };
    const res = await post(a, JSON.stringify({ seq: ma.seq, move: { type: "place", cards: place.cards } }));
    expect(await res.json()).toEqual({ ok: true, seq: 0, held: true });
    // every stream hears of the held placement: the other seat and the watcher see only that it is in
    const placed = (m: PlayMessage) => m.placed[0];
    const [na, nb, nw] = [await until(sa, placed), await until(sb, placed), await until(watch, placed)];
    for (const m of [na, nb, nw]) expect([m.placed, m.seq]).toEqual([[true, false], 0]);
    expect(nb.spectators).toBe(1);
    expect(na.view.players[0].chaos.filter((x) => x?.card).length).toBe(5);
    expect(nb.view.players[0].chaos.every((x) => x === null)).toBe(true);
    for (const s of [sa, sb, watch]) s.close();
  });

  it("refuse a cross-site, oversized, malformed, stale or signed-out action with the one error shape, changing nothing", async () => {
    const before = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    const cases: [() => Promise<Response>, number, string][] = [
      [() => post(b, JSON.stringify({ seq: 0, move: { type: "pass" } }), { origin: "https://evil.example" }), 403, "request/cross-origin"],
      [() => post(b, JSON.stringify({ seq: 0, move: { type: "pass" } }), {}), 403, "request/cross-origin"],
      [() => post(b, JSON.stringify({ seq: 0, move: { type: "pass" }, pad: "x".repeat(5000) })), 413, "input/too-large"],
      [() => post(b, "{not json"), 400, "input/invalid"],
      [() => post(b, JSON.stringify({ seq: 0, move: { type: "teleport" } })), 400, "input/invalid"],
      [() => post(b, JSON.stringify({ seq: 7, move: { type: "pass" } })), 409, "play/stale"],
      [() => post(null, JSON.stringify({ seq: 0, move: { type: "pass" } })), 401, "auth/unauthenticated"],
    ];
    for (const [res, status, errCode] of cases) {
      const r = await res();
      expect([r.status, ((await r.json()) as { error: { code: string } }).error.code]).toEqual([status, errCode]);
    }
    const after = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    expect([after.seq, after.held0, after.held1, after.status]).toEqual([before.seq, before.held0, before.held1, before.status]);
  });

  it("refuse a stream another site opens", async () => {
    const res = await stream.GET(new Request(`http://app.test/api/play/${code}/stream`, { headers: { host: "app.test", "sec-fetch-site": "cross-site" } }), { params: Promise.resolve({ code }) });
    expect(res.status).toBe(403);
  });
});

describe("a stream whose session ends", () => {
  it("is told so and closed as soon as a session ends on this instance", async () => {
    const { gameStream } = await import("./stream");
    const { forgetSessionChecks } = await import("@/lib/accounts/session-memo");
    const g = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    let signedIn = true;
    const res = gameStream({ code, gameId: g.id, seat: 0, viewer: a, signal: new AbortController().signal, stillSignedIn: async () => signedIn });
    const reader = res.body!.getReader();
    let text = "";
    while (!text.includes("event: view")) text += new TextDecoder().decode((await reader.read()).value);
    signedIn = false;
    forgetSessionChecks();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain("event: problem");
    expect(text).toContain('"code":"auth/session-ended"');
  });
});
