import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("sign-in-limits"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));

process.env.RATE_LIMIT_PREFIX = `test-signin-${process.pid}-${Date.now()}`;
const { authorizeCredentials, InvalidLogin, RateLimitedLogin } = await import("@/lib/accounts/authorize");
const { signInRetryAfter, refuseLockedOutSignIn, refusedSignInWait, CREDENTIALS_CALLBACK_PATH } = await import("@/lib/accounts/sign-in-limits");
const { hashPassword } = await import("@/lib/accounts/password");

const PASSWORD = "correct horse battery";
const headersFrom = (address: string) => new Headers({ "x-ringbinder-peer": address });

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  for (const email of ["victim@example.test", "bystander@example.test"]) {
    await t.prisma.user.create({ data: { email, displayName: email.split("@")[0], passwordHash } });
  }
});
afterAll(() => t.cleanup());

describe("sign-in limits", () => {
  it("10 wrong passwords for one email lock it out for a while; other accounts still sign in", async () => {
    // each attempt from a different address: the per-email limit alone does the locking
    for (let i = 0; i < 10; i++) {
      await expect(authorizeCredentials({ email: "victim@example.test", password: `wrong guess ${i}` }, headersFrom(`10.0.0.${i}`))).rejects.toBeInstanceOf(InvalidLogin);
    }
    // now even the right password is refused, before any hashing
    await expect(authorizeCredentials({ email: "victim@example.test", password: PASSWORD }, headersFrom("10.0.1.1"))).rejects.toBeInstanceOf(RateLimitedLogin);
    const wait = await signInRetryAfter("victim@example.test", "10.0.1.1");
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // the others are untouched, even from an address the attacker used
    await expect(authorizeCredentials({ email: "bystander@example.test", password: PASSWORD }, headersFrom("10.0.0.3"))).resolves.toMatchObject({ email: "bystander@example.test" });
  });

  it("a flood from one address is refused once over its limit, whichever emails it tries", async () => {
    process.env.RATE_LIMIT_SIGNIN_ADDRESS = "5/900";
    let refused = 0;
    for (let i = 0; i < 7; i++) {
      try {
        await authorizeCredentials({ email: `nobody${i}@example.test`, password: "x" }, headersFrom("203.0.113.7"));
      } catch (e) {
        if (e instanceof RateLimitedLogin) refused++;
      }
    }
    expect(refused).toBe(2);
    await expect(authorizeCredentials({ email: "bystander@example.test", password: PASSWORD }, headersFrom("203.0.113.7"))).rejects.toBeInstanceOf(RateLimitedLogin);
    delete process.env.RATE_LIMIT_SIGNIN_ADDRESS;
  });

  it("a successful sign-in clears the email's count", async () => {
    for (let i = 0; i < 9; i++) {
      await expect(authorizeCredentials({ email: "bystander@example.test", password: "nope nope" }, headersFrom(`10.9.0.${i}`))).rejects.toBeInstanceOf(InvalidLogin);
    }
    await authorizeCredentials({ email: "bystander@example.test", password: PASSWORD }, headersFrom("10.9.1.1"));
    await expect(authorizeCredentials({ email: "bystander@example.test", password: "nope nope" }, headersFrom("10.9.1.2"))).rejects.toBeInstanceOf(InvalidLogin);
  });

  it("the proxy's gate answers a locked-out address 429 + Retry-After before Auth.js runs, counting nothing; others pass", async () => {
    process.env.RATE_LIMIT_SIGNIN_ADDRESS = "3/900";
    const post = (address: string, pathname = CREDENTIALS_CALLBACK_PATH, method = "POST") => ({ method, nextUrl: { pathname }, headers: headersFrom(address) });
    // under the limit: let through (Auth.js counts the attempt)
    expect(await refuseLockedOutSignIn(post("198.51.100.9"))).toBeNull();
    for (let i = 0; i < 4; i++) await authorizeCredentials({ email: `gate${i}@example.test`, password: "x" }, headersFrom("198.51.100.9")).catch(() => {});
    const before = await signInRetryAfter("", "198.51.100.9");
    expect(before).toBeGreaterThan(14 * 60);
    const refused = await refuseLockedOutSignIn(post("198.51.100.9"));
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(await refused?.json()).toEqual({ error: { code: "rate/limited", message: expect.stringMatching(/^Too many sign-in attempts\. Try again in 1[45] minutes\.$/) } });
    // other paths and methods, and other addresses, are not the gate's business
    expect(await refuseLockedOutSignIn(post("198.51.100.9", "/api/auth/signout"))).toBeNull();
    expect(await refuseLockedOutSignIn(post("198.51.100.9", CREDENTIALS_CALLBACK_PATH, "GET"))).toBeNull();
    expect(await refuseLockedOutSignIn(post("198.51.100.10"))).toBeNull();
    // peeking counted nothing: another address's first attempt is its first, and the bystander still signs in from it
    for (let i = 0; i < 5; i++) expect(await refuseLockedOutSignIn(post("198.51.100.11"))).toBeNull();
    await expect(authorizeCredentials({ email: "bystander@example.test", password: PASSWORD }, headersFrom("198.51.100.11"))).resolves.toMatchObject({ email: "bystander@example.test" });
    delete process.env.RATE_LIMIT_SIGNIN_ADDRESS;
  });

  it("attempts refused because the email is locked still count against the address, so a flood on one account locks its address", async () => {
    process.env.RATE_LIMIT_SIGNIN_ADDRESS = "15/900";
    const address = "198.51.100.20";
    const post = { method: "POST", nextUrl: { pathname: CREDENTIALS_CALLBACK_PATH }, headers: headersFrom(address) };
    // 10 wrong passwords, and the 11th attempt locks the email (11 counted against the address)
    for (let i = 0; i < 10; i++) await expect(authorizeCredentials({ email: "flooded@example.test", password: `guess ${i}` }, headersFrom(address))).rejects.toBeInstanceOf(InvalidLogin);
    await expect(authorizeCredentials({ email: "flooded@example.test", password: "guess 10" }, headersFrom(address))).rejects.toBeInstanceOf(RateLimitedLogin);
    // the next ones are refused before Auth.js for the email's lock, each counted against the address (12 … 16 of 15)
    for (let i = 0; i < 5; i++) {
      expect(await refuseLockedOutSignIn(post)).toBeNull();
      expect(await refusedSignInWait("flooded@example.test", address)).toBeGreaterThan(14 * 60);
    }
    // the address is now over its limit: the proxy's gate answers, and other accounts from it wait too
    expect((await refuseLockedOutSignIn(post))?.status).toBe(429);
    await expect(authorizeCredentials({ email: "bystander@example.test", password: PASSWORD }, headersFrom(address))).rejects.toBeInstanceOf(RateLimitedLogin);
    // an address with nothing locked counts nothing here
    expect(await refusedSignInWait("bystander@example.test", "198.51.100.21")).toBe(0);
    await expect(authorizeCredentials({ email: "bystander@example.test", password: PASSWORD }, headersFrom("198.51.100.21"))).resolves.toMatchObject({ email: "bystander@example.test" });
    delete process.env.RATE_LIMIT_SIGNIN_ADDRESS;
  });
});
