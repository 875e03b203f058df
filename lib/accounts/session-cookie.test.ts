import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";

// the real decode and cookie reading, counted: the memos' point is how often they run
const decodeCalls = vi.hoisted(() => ({ n: 0 }));
const readCalls = vi.hoisted(() => ({ n: 0 }));
vi.mock("next-auth/jwt", async (importOriginal) => {
  const real = await importOriginal<typeof import("next-auth/jwt")>();
  return {
    ...real,
    decode: (params: Parameters<typeof real.decode>[0]) => {
      decodeCalls.n++;
      return real.decode(params);
    },
    getToken: ((params: Parameters<typeof real.getToken>[0]) => {
      readCalls.n++;
      return real.getToken(params);
    }) as typeof real.getToken,
  };
});

const { sessionToken } = await import("./session-cookie");

const NAME = "authjs.session-token";
const SECRET = "a test secret of the session cookie memo, long enough";

async function cookieFor(uid: string, maxAge: number): Promise<string> {
  return `theme=dark; ${NAME}=${await encode({ token: { uid, sid: `s-${uid}`, sv: 0 }, secret: SECRET, salt: NAME, maxAge })}`;
}

describe("sessionToken", () => {
  beforeEach(() => {
    vi.stubEnv("AUTH_SECRET", SECRET);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-07T12:00:00Z"));
    decodeCalls.n = readCalls.n = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it("decodes a cookie once and remembers it until the token expires, not for a fixed time", async () => {
    const cookie = await cookieFor("u-memo", 30 * 24 * 3600);
    const first = await sessionToken(cookie, false);
    expect(first?.uid).toBe("u-memo");
    expect(decodeCalls.n).toBe(1);
    // ten minutes and then a day later: the same claims, no decode (a fixed minute made every cookie of a server decode again together)
    vi.setSystemTime(new Date("2026-12-07T12:10:00Z"));
    expect((await sessionToken(cookie, false))?.uid).toBe("u-memo");
    vi.setSystemTime(new Date("2026-12-08T12:00:00Z"));
    expect((await sessionToken(cookie, false))?.sid).toBe("s-u-memo");
    expect(decodeCalls.n).toBe(1);
  });

  it("never returns a token past its expiry, remembered or not", async () => {
    const cookie = await cookieFor("u-short", 120);
    expect((await sessionToken(cookie, false))?.uid).toBe("u-short");
    vi.setSystemTime(new Date("2026-12-07T12:05:00Z"));
    expect(await sessionToken(cookie, false)).toBeNull();
    // and it stays refused (forgotten, then decoded and refused again)
    expect(await sessionToken(cookie, false)).toBeNull();
  });

  it("refuses a tampered cookie, a cookie under another secret, and no cookie", async () => {
    const cookie = await cookieFor("u-tamper", 3600);
    // read (and remembered) as the plain cookie it is
    expect((await sessionToken(cookie, false))?.uid).toBe("u-tamper");
    const tampered = cookie.slice(0, -6) + (cookie.endsWith("AAAAAA") ? "BBBBBB" : "AAAAAA");
    expect(await sessionToken(tampered, false)).toBeNull();
    const other = `${NAME}=${await encode({ token: { uid: "u-other" }, secret: "another secret altogether, also long", salt: NAME, maxAge: 3600 })}`;
    expect(await sessionToken(other, false)).toBeNull();
    expect(await sessionToken(null, false)).toBeNull();
    // the secure cookie's name is another: a plain cookie is not read as it, remembered or not
    expect(await sessionToken(cookie, true)).toBeNull();
  });

  it("keeps a usual Cookie header, and reads a long one every time instead of keeping it", async () => {
    const usual = await cookieFor("u-usual", 3600);
    expect((await sessionToken(usual, false))?.uid).toBe("u-usual");
    expect((await sessionToken(usual, false))?.uid).toBe("u-usual");
    expect(readCalls.n).toBe(1);
    const long = `${await cookieFor("u-long", 3600)}; junk=${"x".repeat(5000)}`;
    expect((await sessionToken(long, false))?.uid).toBe("u-long");
    expect((await sessionToken(long, false))?.uid).toBe("u-long");
    // the long header is read again; its token is decoded once all the same (the decode memo is by token)
    expect(readCalls.n).toBe(3);
    expect(decodeCalls.n).toBe(2);
  });
});
