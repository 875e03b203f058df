/**
 * The sign-in path, unmocked, against a real database (SQLite, and PostgreSQL
 * in the "postgres" project): Auth.js's credentials endpoint (through the app's
 * route handler, with its rate limits), the JWT callbacks of lib/accounts/auth.ts, the
 * session reads of lib/server/session.ts, admin checks, sign-out (a copied token
 * is refused afterwards) and "sign out everywhere". Only Next's request scope
 * (next/headers) is stood in for: it hands lib/accounts/auth the cookie of the request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("auth-integration"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
/** The cookie header of the "current request" that auth() reads through next/headers. */
const request = vi.hoisted(() => ({ cookie: "" }));
vi.mock("next/headers", () => ({
  // what Next hands a server component of http://localhost:3000: the host, the protocol and the cookies
  headers: async () => new Headers({ host: "localhost:3000", "x-forwarded-proto": "http", cookie: request.cookie, "x-ringbinder-peer": "192.0.2.80" }),
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false, set: () => undefined, delete: () => undefined }),
}));
process.env.RATE_LIMIT_PREFIX = `test-auth-integration-${process.pid}-${Date.now()}`;

const { GET, POST } = await import("@/app/api/auth/[...nextauth]/route");
const { getCurrentUser } = await import("@/lib/server/session");
const { authenticate } = await import("@/lib/server/request-actor");
const { endAllMySessions } = await import("@/lib/accounts/data/account");
const { hashPassword } = await import("@/lib/accounts/password");

afterAll(() => t.cleanup());

const BASE = "http://localhost:3000/api/auth";
const PASSWORD = "correct horse battery staple";

/** A cookie jar for one browser: the cookies Auth.js sets, sent back on every request. */
function browser() {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1);
      const expired = attrs.some((a) => /^\s*max-age=0$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  const headers = (extra: Record<string, string> = {}) => ({ cookie: cookie(), "x-ringbinder-peer": "192.0.2.80", ...extra });
  return {
    jar,
    cookie,
    async csrf(): Promise<string> {
      const res = keep(await GET(new NextRequest(`${BASE}/csrf`, { headers: headers() })));
      return ((await res.json()) as { csrfToken: string }).csrfToken;
    },
    async signIn(email: string, password: string): Promise<Response> {
      const csrfToken = await this.csrf();
      const body = new URLSearchParams({ email, password, csrfToken, callbackUrl: "/" });
      return keep(await POST(new NextRequest(`${BASE}/callback/credentials`, { method: "POST", body, headers: headers({ "content-type": "application/x-www-form-urlencoded" }) })));
    },
    async signOut(): Promise<Response> {
      const csrfToken = await this.csrf();
      const body = new URLSearchParams({ csrfToken, callbackUrl: "/" });
      return keep(await POST(new NextRequest(`${BASE}/signout`, { method: "POST", body, headers: headers({ "content-type": "application/x-www-form-urlencoded" }) })));
    },
    /** Auth.js's own session endpoint (the JWT callback runs, checking the token against the database). */
    async session(): Promise<{ user?: { id?: string; email?: string } } | null> {
      const res = keep(await GET(new NextRequest(`${BASE}/session`, { headers: headers() })));
      return (await res.json()) as { user?: { id?: string; email?: string } } | null;
    },
    /** Makes this browser's cookies those of the "current request" that lib/server/session reads. */
    use() {
      request.cookie = cookie();
    },
  };
}

const sessionCookie = (jar: Map<string, string>) => [...jar.keys()].find((k) => /session-token$/.test(k));

let userId = "";
let adminId = "";
beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  userId = (await t.prisma.user.create({ data: { email: "player@example.test", displayName: "Player", passwordHash } })).id;
  adminId = (await t.prisma.user.create({ data: { email: "boss@example.test", displayName: "Boss", passwordHash, role: "admin" } })).id;
});
beforeEach(() => {
  request.cookie = "";
});

describe("sign-in through Auth.js credentials, against the database", () => {
  it("a guest has no session: getCurrentUser is null, authenticate at \"user\" and \"admin\" refuses", async () => {
    expect(await getCurrentUser()).toBeNull();
    await expect(authenticate("user")).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(authenticate("admin")).rejects.toMatchObject({ code: "auth/unauthenticated" });
  });

  it("a wrong password or an unknown email sets no session", async () => {
    for (const [email, password] of [["player@example.test", "not the password"], ["nobody@example.test", PASSWORD]]) {
      const b = browser();
      const res = await b.signIn(email, password);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/error=CredentialsSignin/);
      expect(sessionCookie(b.jar)).toBeUndefined();
      expect(await b.session()).toBeNull();
    }
  });

  it("the right password signs in: Auth.js's session and lib/server/session see the user, with the role from the database", async () => {
    const b = browser();
    const res = await b.signIn("Player@Example.test", PASSWORD);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost:3000/");
    expect(sessionCookie(b.jar)).toBeDefined();
    expect((await b.session())?.user).toMatchObject({ id: userId, email: "player@example.test" });
    b.use();
    expect(await getCurrentUser()).toEqual({ id: userId, email: "player@example.test", displayName: "Player", role: "user" });
    expect(await authenticate("user")).toMatchObject({ id: userId });
    await expect(authenticate("admin")).rejects.toMatchObject({ code: "auth/forbidden" });
  });

  it("admin checks read the role fresh from the database on every request", async () => {
    const b = browser();
    await b.signIn("boss@example.test", PASSWORD);
    b.use();
    expect(await authenticate("admin")).toMatchObject({ id: adminId, role: "admin" });
    await t.prisma.user.update({ where: { id: adminId }, data: { role: "user" } });
    try {
      // the same token: no longer an admin, still signed in
      await expect(authenticate("admin")).rejects.toMatchObject({ code: "auth/forbidden" });
      expect(await authenticate("user")).toMatchObject({ id: adminId, role: "user" });
    } finally {
      await t.prisma.user.update({ where: { id: adminId }, data: { role: "admin" } });
    }
  });

  it("signing out revokes the session on the server: a copy of the token kept from before is refused", async () => {
    const b = browser();
    await b.signIn("player@example.test", PASSWORD);
    const copied = b.cookie();
    expect((await b.session())?.user?.id).toBe(userId);
    const out = await b.signOut();
    expect(out.status).toBe(302);
    expect(sessionCookie(b.jar)).toBeUndefined();
    expect(await t.prisma.revokedToken.count()).toBe(1);
    // the copy still carries a validly signed token, and still gets nothing
    request.cookie = copied;
    expect(await getCurrentUser()).toBeNull();
    await expect(authenticate("user")).rejects.toMatchObject({ code: "auth/unauthenticated" });
    const res = await GET(new NextRequest(`${BASE}/session`, { headers: { cookie: copied } }));
    expect(await res.json()).toBeNull();
  });

  it("“sign out everywhere” ends every session of the account, this one and other devices, and only that account's", async () => {
    const laptop = browser();
    const phone = browser();
    const other = browser();
    await laptop.signIn("player@example.test", PASSWORD);
    await phone.signIn("player@example.test", PASSWORD);
    await other.signIn("boss@example.test", PASSWORD);
    phone.use();
    expect(await authenticate("user")).toMatchObject({ id: userId });
    laptop.use();
    await endAllMySessions(await authenticate("user"));
    for (const b of [laptop, phone]) {
      b.use();
      expect(await getCurrentUser()).toBeNull();
    }
    other.use();
    expect(await authenticate("admin")).toMatchObject({ id: adminId });
    // signing in again works: a new token under the new session version
    const again = browser();
    await again.signIn("player@example.test", PASSWORD);
    again.use();
    expect(await authenticate("user")).toMatchObject({ id: userId });
  });

  it("a deleted account's token is refused", async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const gone = await t.prisma.user.create({ data: { email: "gone@example.test", displayName: "Gone", passwordHash } });
    const b = browser();
    await b.signIn("gone@example.test", PASSWORD);
    b.use();
    expect(await authenticate("user")).toMatchObject({ id: gone.id });
    await t.prisma.user.delete({ where: { id: gone.id } });
    expect(await getCurrentUser()).toBeNull();
  });
});
