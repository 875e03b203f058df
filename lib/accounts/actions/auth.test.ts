import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("auth-actions"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
const signIn = vi.hoisted(() => vi.fn());
vi.mock("@/lib/accounts/auth", () => ({ signIn: (...args: unknown[]) => signIn(...args), signOut: vi.fn(), sessionUserId: async () => null }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-ringbinder-peer": "192.0.2.10" }) }));
// a sign-up's mail goes out after the response: collected here and awaited by the test
const pending = vi.hoisted(() => [] as Promise<unknown>[]);
vi.mock("next/server", () => ({ after: (fn: () => Promise<unknown>) => pending.push(fn()) }));
const sent = vi.hoisted(() => [] as { to: string; subject: string; text: string }[]);
vi.mock("@/lib/server/mailer", () => ({ sendMail: async (m: { to: string; subject: string; text: string }) => void sent.push(m), mailDestination: () => null }));
// Next's redirect throws; here it throws where it would go
class Redirect extends Error {}
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw new Redirect(to);
  },
}));
process.env.RATE_LIMIT_PREFIX = `test-auth-actions-${process.pid}-${Date.now()}`;
// these tests sign up more than the default 10 accounts an hour from one address; one test sets its own rule
const SIGNUP_ADDRESS_RULE = "1000/3600";
process.env.RATE_LIMIT_SIGNUP_ADDRESS = SIGNUP_ADDRESS_RULE;

const { signUpAction, signInAction } = await import("@/lib/accounts/actions/auth");

afterAll(() => t.cleanup());
beforeEach(() => {
  signIn.mockReset();
  sent.length = 0;
});

/** Runs a sign-up to its end: where it redirected (null when it answered instead), the answer, and the mail it sent. */
async function signUp(fields: Record<string, string>) {
  let to: string | null = null;
  let res: Awaited<ReturnType<typeof signUpAction>> | null = null;
  try {
    res = await signUpAction(null, form(fields));
  } catch (e) {
    if (!(e instanceof Redirect)) throw e;
    to = e.message;
  }
  await Promise.all(pending.splice(0));
  return { to, res, mail: sent.splice(0) };
}

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

describe("signUpAction", () => {
  it("rejects bad input field by field and writes nothing", async () => {
    const res = await signUpAction(null, form({ email: "nope", displayName: "x", password: "short" }));
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(Object.keys(res.fieldErrors ?? {}).sort()).toEqual(["displayName", "email", "password"]);
    expect(await t.prisma.user.count()).toBe(0);
    expect(signIn).not.toHaveBeenCalled();
  });

  it("creates a regular user with a hashed password, mails a welcome and lands on sign-in with a safe callback", async () => {
    const { to, mail } = await signUp({ email: " New@Example.test ", displayName: "New Player", password: "long enough password", callbackUrl: "//evil.example" });
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email: "new@example.test" } });
    expect(user.role).toBe("user");
    expect(user.passwordHash).not.toContain("long enough password");
    // no session yet: the sign-in form, an unsafe callback replaced by the new account's next steps
    expect(to).toBe("/signin?signup=1&callbackUrl=%2Fwelcome");
    expect(signIn).not.toHaveBeenCalled();
    expect(mail).toEqual([expect.objectContaining({ to: "new@example.test", subject: "Welcome to Ringbinder" })]);
  });

  it("lands a new account on its next steps unless it was going somewhere", async () => {
    expect((await signUp({ email: "second@example.test", displayName: "Second", password: "long enough password", callbackUrl: "/" })).to).toBe("/signin?signup=1&callbackUrl=%2Fwelcome");
    expect((await signUp({ email: "third@example.test", displayName: "Third", password: "long enough password", callbackUrl: "/decks/public" })).to).toBe(
      "/signin?signup=1&callbackUrl=%2Fdecks%2Fpublic",
    );
    await t.prisma.user.deleteMany({ where: { email: { in: ["second@example.test", "third@example.test"] } } });
  });

  it("answers a taken email exactly as a new one, changes nothing, and mails the owner instead", async () => {
    const before = await t.prisma.user.findUniqueOrThrow({ where: { email: "new@example.test" } });
    const taken = await signUp({ email: "new@example.test", displayName: "Other", password: "another long password" });
    const fresh = await signUp({ email: "fresh@example.test", displayName: "Other", password: "another long password" });
    // the same landing, no answer of its own, no session for either
    expect(taken.res).toBeNull();
    expect(taken.to).toBe(fresh.to);
    expect(signIn).not.toHaveBeenCalled();
    expect(await t.prisma.user.findUniqueOrThrow({ where: { email: "new@example.test" } })).toEqual(before);
    expect(taken.mail).toEqual([expect.objectContaining({ to: "new@example.test", subject: "You already have a Ringbinder account" })]);
    expect(taken.mail[0].text).toMatch(/\/forgot-password/);
    await t.prisma.user.deleteMany({ where: { email: "fresh@example.test" } });
  });

  it("sends a few sign-up mails an hour to one email, then none, still answering the same (signup-email)", async () => {
    process.env.RATE_LIMIT_SIGNUP_EMAIL = "2/3600";
    try {
      const tries = [];
      for (let i = 0; i < 3; i++) tries.push(await signUp({ email: "new@example.test", displayName: "Other", password: "another long password" }));
      expect(tries.map((r) => r.mail.length)).toEqual([1, 1, 0]);
      expect(new Set(tries.map((r) => r.to)).size).toBe(1);
    } finally {
      delete process.env.RATE_LIMIT_SIGNUP_EMAIL;
    }
  });

  it("costs a taken email the same password hash as a new one", async () => {
    const password = await import("@/lib/accounts/password");
    const spy = vi.spyOn(password, "hashPassword");
    try {
      await signUp({ email: "new@example.test", displayName: "Other", password: "another long password" });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("never makes an admin by signing up, even the first account", async () => {
    // an empty database: this sign-up is the very first account
    await t.prisma.user.deleteMany();
    expect((await signUp({ email: "first@example.test", displayName: "First", password: "long enough password" })).to).toMatch(/^\/signin\?signup=1/);
    expect(await t.prisma.user.findUniqueOrThrow({ where: { email: "first@example.test" } })).toMatchObject({ role: "user" });
    expect(await t.prisma.user.count({ where: { role: "admin" } })).toBe(0);
  });

  it("an address once listed in ADMIN_EMAILS signs up as a regular user and stays one", async () => {
    process.env.ADMIN_EMAILS = "boss@example.test";
    try {
      expect((await signUp({ email: "boss@example.test", displayName: "Not the boss", password: "long enough password" })).to).toMatch(/^\/signin\?signup=1/);
      const user = await t.prisma.user.findUniqueOrThrow({ where: { email: "boss@example.test" } });
      expect(user.role).toBe("user");
      const { findSessionUser } = await import("@/lib/accounts/data/users");
      expect((await findSessionUser(user.id))?.role).toBe("user");
    } finally {
      delete process.env.ADMIN_EMAILS;
    }
  });

  it.each(["aaaaaaaaaa", "1234567890", "password12"])("refuses the weak password %s with advice and creates nothing", async (password) => {
    const before = await t.prisma.user.count();
    const res = await signUpAction(null, form({ email: "weak@example.test", displayName: "Weak", password }));
    expect(res).toMatchObject({ ok: false, fieldErrors: { password: [expect.stringMatching(/too easy to guess/)] } });
    expect(await t.prisma.user.count()).toBe(before);
  });

  it("limits new accounts per client address, saying when to try again", async () => {
    process.env.RATE_LIMIT_SIGNUP_ADDRESS = "1/3600";
    try {
      // the earlier sign-ups counted under the default rule; this rule starts its own count
      expect((await signUp({ email: "one@example.test", displayName: "One", password: "long enough password" })).to).toMatch(/^\/signin\?signup=1/);
      const second = await signUpAction(null, form({ email: "two@example.test", displayName: "Two", password: "long enough password" }));
      expect(second).toMatchObject({ ok: false, code: "rate/limited", message: expect.stringMatching(/Try again in (about 1 hour|60 minutes)/) });
      expect(await t.prisma.user.count({ where: { email: "two@example.test" } })).toBe(0);
      // over the limit, the address is refused before the password's strength is even estimated
      const weak = await signUpAction(null, form({ email: "three@example.test", displayName: "Three", password: "password12" }));
      expect(weak).toMatchObject({ ok: false, code: "rate/limited" });
    } finally {
      process.env.RATE_LIMIT_SIGNUP_ADDRESS = SIGNUP_ADDRESS_RULE;
    }
  });
});

describe("signInAction", () => {
  it("validates fields before trying credentials", async () => {
    const res = await signInAction(null, form({ email: "", password: "" }));
    expect(res).toMatchObject({ ok: false, fieldErrors: { email: expect.any(Array), password: expect.any(Array) } });
    expect(signIn).not.toHaveBeenCalled();
  });

  it("says an outage of ours is ours, and a wrong password is the one message for both unknown email and wrong password", async () => {
    const { CredentialsSignin } = await import("next-auth");
    const { SignInUnavailable } = await import("@/lib/accounts/authorize");
    signIn.mockRejectedValueOnce(new SignInUnavailable());
    const down = await signInAction(null, form({ email: "amy@example.test", password: "whatever it is" }));
    expect(down).toMatchObject({ ok: false, code: "service/unavailable", message: expect.stringContaining("on our side") });
    signIn.mockRejectedValueOnce(new CredentialsSignin());
    expect(await signInAction(null, form({ email: "amy@example.test", password: "whatever it is" }))).toMatchObject({ ok: false, message: "Email or password is incorrect." });
  });
});
