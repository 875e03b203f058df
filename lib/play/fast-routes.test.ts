/**
 * The game routes' fast path (lib/server/fast-route.ts, lib/play/routes.ts):
 * served from Node's HTTP server before Next sees the request, with the same
 * gate as the route handlers. A real HTTP server, real session cookies (as
 * Auth.js mints them), a real database: the refusals and their codes, the
 * security headers, a stream and an action, a revoked session refused at once,
 * and every other request left to the server's own handler (Next's).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { createTestDatabase } from "@/test/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import { legalActionsForView } from "@/lib/engine";
import type { PlayMessage } from "./types";
import { decodeMessage, wireDecoder, type WireMessage } from "./wire";

const h = vi.hoisted(() => {
  process.env.AUTH_SECRET = "fast-route-test-secret-0123456789abcdef0123456789";
  process.env.AUTH_URL = "http://127.0.0.1";
  return { prisma: null as unknown as PrismaClient };
});
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));

const t = createTestDatabase("play-fast");
h.prisma = t.prisma;

const { createGame, joinGame } = await import("@/lib/play/data/games");
const { serveFastRoutes } = await import("@/lib/server/fast-dispatch");
const { registerFastPlayRoutes } = await import("./routes");
const { revokeSession } = await import("@/lib/accounts/data/session-tokens");
const { forgetSessionChecks } = await import("@/lib/accounts/session-check");
const { makeUser, starterSeatDeck } = await import("./test-fixture");
const { encode } = await import("next-auth/jwt");

let server: http.Server;
let base: string;
let a: SessionUser;
let b: SessionUser;
let code: string;
const cookies = new Map<string, { cookie: string; sid: string }>();

/** A session cookie for `user`, as Auth.js mints it (its JWT encrypted with AUTH_SECRET under the cookie's name). */
async function cookieFor(user: SessionUser): Promise<{ cookie: string; sid: string }> {
  const sid = randomUUID();
  const name = "authjs.session-token";
  const token = await encode({ token: { uid: user.id, sid, sv: 0, sub: user.id }, secret: process.env.AUTH_SECRET!, salt: name, maxAge: 3600 });
  return { cookie: `${name}=${token}`, sid };
}

beforeAll(async () => {
  serveFastRoutes();
  registerFastPlayRoutes();
  // the server's own handler stands for Next: whatever the fast path leaves reaches it
  server = http.createServer((_req, res) => {
    res.writeHead(299, { "Content-Type": "text/plain" });
    res.end("next");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  a = await makeUser(t.prisma, "Ann");
  b = await makeUser(t.prisma, "Ben");
  ({ code } = await createGame(a, { listing: "open", pace: "live", columnRule: "priority" }, starterSeatDeck()));
  await joinGame(b, { code }, starterSeatDeck("chaotix-mix"));
  cookies.set(a.id, await cookieFor(a));
  cookies.set(b.id, await cookieFor(b));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await t.cleanup();
});

async function post(user: SessionUser | null, body: string, headers: Record<string, string> = { origin: base }, path = `/api/play/${code}/action`) {
  const cookie = user ? cookies.get(user.id)!.cookie : undefined;
  return fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}), ...headers }, body });
}

/** Opens the stream as `user` (null: a guest): its response and a reader of its events. */
async function open(user: SessionUser | null, headers: Record<string, string> = {}) {
  const ac = new AbortController();
  const cookie = user ? cookies.get(user.id)!.cookie : undefined;
  const res = await fetch(`${base}/api/play/${code}/stream`, { signal: ac.signal, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const reader = res.body!.getReader();
  const wire = wireDecoder();
  let buf = "";
  return {
    res,
    /** The next view, decoded from its wire form as the browser does. */
    view: async (): Promise<PlayMessage> => decodeMessage(wire, JSON.parse(await next("view")) as WireMessage),
    next,
    close: () => ac.abort(),
  };
  /** The next event of the given name: its data. */
  async function next(name: string): Promise<string> {
    for (;;) {
      const at = buf.indexOf(`event: ${name}\ndata: `);
      const end = at < 0 ? -1 : buf.indexOf("\n\n", at);
      if (end >= 0) {
        const data = buf.slice(at + name.length + 14, end);
        buf = buf.slice(end + 2);
        return data;
      }
      const { done, value } = await reader.read();
      if (done) throw new Error(`the stream ended before an event "${name}"`);
      buf += new TextDecoder().decode(value);
    }
  }
}

describe("the game routes' fast path", () => {
  it("refuses what the route handlers refuse, with the same codes, changing nothing", async () => {
    const before = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    const pass = JSON.stringify({ seq: 0, move: { type: "pass" } });
    const cases: [() => Promise<Response>, number, string][] = [
      [() => post(b, pass, { origin: "https://evil.example" }), 403, "request/cross-origin"],
      [() => post(b, pass, {}), 403, "request/cross-origin"],
      [() => post(b, JSON.stringify({ seq: 0, move: { type: "pass" }, pad: "x".repeat(5000) })), 413, "input/too-large"],
      [() => post(b, "{not json"), 400, "input/invalid"],
      [() => post(b, JSON.stringify({ seq: 0, move: { type: "teleport" } })), 400, "input/invalid"],
      [() => post(b, JSON.stringify({ seq: 7, move: { type: "pass" } })), 409, "play/stale"],
      [() => post(null, pass), 401, "auth/unauthenticated"],
      [() => post(b, pass, { origin: base }, "/api/play/bad!code!here/action"), 400, "input/invalid"],
      [() => post(b, pass, { origin: base }, "/api/play/NoSuchGame000000/action"), 404, "play/not-found"],
    ];
    for (const [res, status, errCode] of cases) {
      const r = await res();
      expect([r.status, ((await r.json()) as { error: { code: string } }).error.code]).toEqual([status, errCode]);
      expect(r.headers.get("cache-control")).toBe("no-store");
    }
    const after = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    expect([after.seq, after.held0, after.held1, after.status]).toEqual([before.seq, before.held0, before.held1, before.status]);
    const crossStream = await fetch(`${base}/api/play/${code}/stream`, { headers: { "sec-fetch-site": "cross-site" } });
    expect(crossStream.status).toBe(403);
  });

  it("streams each seat its own view, takes an action, and carries the headers every response carries", async () => {
    const sa = await open(a);
    expect(sa.res.status).toBe(200);
    expect(sa.res.headers.get("content-type")).toContain("text/event-stream");
    expect(sa.res.headers.get("x-frame-options")).toBe("DENY");
    expect(sa.res.headers.get("x-content-type-options")).toBe("nosniff");
    const sb = await open(b);
    const watch = await open(null);
    const [ma, mb, mw] = [await sa.view(), await sb.view(), await watch.view()];
    expect([ma.seat, mb.seat, mw.seat]).toEqual([0, 1, null]);
    expect(ma.view.players[0].hand).toHaveLength(7);
    expect(mb.view.players[0].hand).toBeNull();
    const place = legalActionsForView(ma.view)[0] as { cards: (number | null)[] };
    const res = await post(a, JSON.stringify({ seq: ma.seq, move: { type: "place", cards: place.cards } }));
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(await res.json()).toEqual({ ok: true, seq: 0, held: true });
    for (;;) {
      const m = await sb.view();
      if (!m.placed[0]) continue;
      // the other seat learns only that the placement is in
      expect(m.view.players[0].chaos.every((x) => x === null)).toBe(true);
      break;
    }
    for (const s of [sa, sb, watch]) s.close();
  });

  it("refuses a revoked session at once, and tells its open stream", async () => {
    const sb = await open(b);
    await sb.next("view");
    // warm: the session was just checked and its answers remembered
    expect((await post(b, JSON.stringify({ seq: 99, move: { type: "pass" } }))).status).toBe(409);
    await revokeSession(cookies.get(b.id)!.sid);
    forgetSessionChecks();
    const r = await post(b, JSON.stringify({ seq: 0, move: { type: "pass" } }));
    expect([r.status, ((await r.json()) as { error: { code: string } }).error.code]).toEqual([401, "auth/unauthenticated"]);
    expect(JSON.parse(await sb.next("problem"))).toMatchObject({ code: "auth/session-ended" });
  });

  it("reads the session cookie as Next does without AUTH_URL (a plain-http request names the cookie for http)", async () => {
    const url = process.env.AUTH_URL;
    delete process.env.AUTH_URL;
    try {
      const r = await post(a, JSON.stringify({ seq: 99, move: { type: "pass" } }));
      expect([r.status, ((await r.json()) as { error: { code: string } }).error.code]).toEqual([409, "play/stale"]);
    } finally {
      process.env.AUTH_URL = url;
    }
  });

  it("leaves every other request to the server's own handler", async () => {
    for (const [method, path] of [
      ["GET", "/api/health"],
      ["GET", `/api/play/${code}/action`],
      ["POST", `/api/play/${code}/stream`],
      ["GET", `/api/play/${code}/stream/`],
    ]) {
      const r = await fetch(`${base}${path}`, { method, headers: { origin: base } });
      expect([path, r.status, await r.text()]).toEqual([path, 299, "next"]);
    }
  });
});
