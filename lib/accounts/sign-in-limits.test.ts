import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("sign-in-limits"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));

process.env.RATE_LIMIT_PREFIX = `test-signin-${process.pid}-${Date.now()}`;
const { authorizeCredentials, InvalidLogin, RateLimitedLogin, SignInUnavailable } = await import("@/lib/accounts/authorize");
const { signInRetryAfter, signInFailed, refuseLockedOutSignIn, CREDENTIALS_CALLBACK_PATH } = await import("@/lib/accounts/sign-in-limits");
const { hashPassword } = await import("@/lib/accounts/password");

const PASSWORD = "correct horse battery";
const headersFrom = (address: string) => new Headers({ "x-ringbinder-peer": address });
const signInAs = (email: string, password: string, address: string) => authorizeCredentials({ email, password }, headersFrom(address));

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  for (const email of ["victim@example.test", "bystander@example.test", "outage@example.test"]) {
    await t.prisma.user.create({ data: { email, displayName: email.split("@")[0], passwordHash } });
  }
});
afterAll(() => t.cleanup());
afterEach(() => {
  delete process.env.RATE_LIMIT_SIGNIN_ADDRESS;
  vi.restoreAllMocks();
});

describe("sign-in limits", () => {
  it("nobody locks somebody else out: an attacker's wrong passwords delay the attacker, never the owner from their own address", async () => {
    let refused = 0;
    for (let i = 0; i < 30; i++) {
      const e = await signInAs("victim@example.test", `wrong guess ${i}`, "203.0.113.66").catch((err) => err);
      if (e instanceof RateLimitedLogin) refused++;
      else expect(e).toBeInstanceOf(InvalidLogin);
    }
    // 5 free failures, the 6th makes the pair wait: every later try is refused before hashing
    expect(refused).toBe(24);
    expect(await signInRetryAfter("victim@example.test", "203.0.113.66")).toBeGreaterThan(0);
    await expect(signInAs("victim@example.test", PASSWORD, "198.51.100.1")).resolves.toMatchObject({ email: "victim@example.test" });
    expect(await signInRetryAfter("victim@example.test", "198.51.100.1")).toBe(0);
    // another account from the attacker's address is not delayed either (the address is far below its own threshold)
    await expect(signInAs("bystander@example.test", PASSWORD, "203.0.113.66")).resolves.toMatchObject({ email: "bystander@example.test" });
  });

  it("past 5 free failures the waits grow (1 s, 2 s, 4 s …) up to 15 minutes, and a right password clears them", async () => {
    const pair = ["bystander@example.test", "192.0.2.50"] as const;
    for (let i = 0; i < 5; i++) await signInFailed(...pair);
    expect(await signInRetryAfter(...pair)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await signInFailed(...pair);
      waits.push(await signInRetryAfter(...pair));
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    for (let i = 0; i < 20; i++) await signInFailed(...pair);
    expect(await signInRetryAfter(...pair)).toBe(15 * 60);
    // the owner on another address is not refused, and a success there clears only that pair
    await expect(signInAs("bystander@example.test", PASSWORD, "192.0.2.51")).resolves.toMatchObject({ email: "bystander@example.test" });
    // still waiting (the password check took some of the 15 minutes: a second or more on a loaded machine)
    expect(await signInRetryAfter(...pair)).toBeGreaterThan(15 * 60 - 60);
  });

  it("an outage is ours: the right password gets 'unavailable', not 'incorrect', and nothing is counted, so nobody is locked out after it", async () => {
    vi.spyOn(t.prisma.user, "findUnique").mockRejectedValue(new Error("Can't reach database server"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (let i = 0; i < 20; i++) await expect(signInAs("outage@example.test", PASSWORD, "192.0.2.60")).rejects.toBeInstanceOf(SignInUnavailable);
    expect(await signInRetryAfter("outage@example.test", "192.0.2.60")).toBe(0);
    vi.mocked(t.prisma.user.findUnique).mockRestore();
    await expect(signInAs("outage@example.test", PASSWORD, "192.0.2.60")).resolves.toMatchObject({ email: "outage@example.test" });
  });

  it("a limiter store that fails is our outage too: refused as unavailable, counted against nobody", async () => {
    const g = globalThis as unknown as { ringbinderLimiters?: Map<string, { get: unknown }> };
    const [id, made] = [...g.ringbinderLimiters!.entries()].find(([k]) => k.includes(":signin-pair:wait"))!;
    g.ringbinderLimiters!.set(id, { ...made, get: () => Promise.reject(new Error("store down")) });
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expect(signInAs("outage@example.test", PASSWORD, "192.0.2.61")).rejects.toBeInstanceOf(SignInUnavailable);
    } finally {
      g.ringbinderLimiters!.set(id, made);
    }
  });

  it("one address spraying many emails waits once past its free failures; its successes count for nothing", async () => {
    process.env.RATE_LIMIT_SIGNIN_ADDRESS = "3/900";
    const address = "203.0.113.7";
    // people behind one address signing in rightly: never delayed
    for (let i = 0; i < 6; i++) await signInAs("bystander@example.test", PASSWORD, address);
    for (let i = 0; i < 3; i++) await expect(signInAs(`nobody${i}@example.test`, "x", address)).rejects.toBeInstanceOf(InvalidLogin);
    expect(await signInRetryAfter("", address)).toBe(0);
    await expect(signInAs("nobody3@example.test", "x", address)).rejects.toBeInstanceOf(InvalidLogin);
    expect(await signInRetryAfter("", address)).toBe(1);
    await expect(signInAs("nobody4@example.test", "x", address)).rejects.toBeInstanceOf(RateLimitedLogin);
  });

  it("the proxy's gate answers an address that owes a wait 429 + Retry-After before Auth.js runs, counting nothing; others pass", async () => {
    process.env.RATE_LIMIT_SIGNIN_ADDRESS = "3/900";
    const post = (address: string, pathname = CREDENTIALS_CALLBACK_PATH, method = "POST") => ({ method, nextUrl: { pathname }, headers: headersFrom(address) });
    expect(await refuseLockedOutSignIn(post("198.51.100.9"))).toBeNull();
    for (let i = 0; i < 10; i++) await signInFailed(`gate${i}@example.test`, "198.51.100.9");
    const wait = await signInRetryAfter("", "198.51.100.9");
    expect(wait).toBe(64);
    const refused = await refuseLockedOutSignIn(post("198.51.100.9"));
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("retry-after"))).toBe(64);
    expect(await refused?.json()).toEqual({ error: { code: "rate/limited", message: "Too many failed sign-ins from your network. Try again in 2 minutes." } });
    // other paths and methods, and other addresses, are not the gate's business
    expect(await refuseLockedOutSignIn(post("198.51.100.9", "/api/auth/signout"))).toBeNull();
    expect(await refuseLockedOutSignIn(post("198.51.100.9", CREDENTIALS_CALLBACK_PATH, "GET"))).toBeNull();
    expect(await refuseLockedOutSignIn(post("198.51.100.10"))).toBeNull();
    // peeking counted nothing
    for (let i = 0; i < 5; i++) expect(await refuseLockedOutSignIn(post("198.51.100.11"))).toBeNull();
    expect(await signInRetryAfter("", "198.51.100.11")).toBe(0);
  });
});
