import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("auth-actions"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
const signIn = vi.hoisted(() => vi.fn());
vi.mock("@/lib/accounts/auth", () => ({ signIn: (...args: unknown[]) => signIn(...args), signOut: vi.fn() }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-ringbinder-peer": "192.0.2.10" }) }));
process.env.RATE_LIMIT_PREFIX = `test-auth-actions-${process.pid}-${Date.now()}`;

const { signUpAction, signInAction } = await import("@/lib/accounts/actions/auth");

afterAll(() => t.cleanup());
beforeEach(() => signIn.mockReset());

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

  it("creates a regular user with a hashed password, then signs in to a safe callback", async () => {
    const res = await signUpAction(
      null,
      form({ email: " New@Example.test ", displayName: "New Player", password: "long enough password", callbackUrl: "//evil.example" }),
    );
    expect(res.ok).toBe(true);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email: "new@example.test" } });
    expect(user.role).toBe("user");
    expect(user.passwordHash).not.toContain("long enough password");
    expect(signIn).toHaveBeenCalledWith("credentials", expect.objectContaining({ email: "new@example.test", redirectTo: "/" }));
  });

  it("refuses a second account with the same email", async () => {
    const res = await signUpAction(null, form({ email: "new@example.test", displayName: "Other", password: "another long password" }));
    expect(res).toMatchObject({ ok: false, fieldErrors: { email: [expect.stringContaining("already exists")] } });
    expect(await t.prisma.user.count()).toBe(1);
  });

  it("never makes an admin by signing up, even the first account", async () => {
    // an empty database: this sign-up is the very first account
    await t.prisma.user.deleteMany();
    const res = await signUpAction(null, form({ email: "first@example.test", displayName: "First", password: "long enough password" }));
    expect(res.ok).toBe(true);
    expect(await t.prisma.user.findUniqueOrThrow({ where: { email: "first@example.test" } })).toMatchObject({ role: "user" });
    expect(await t.prisma.user.count({ where: { role: "admin" } })).toBe(0);
  });

  it("an address once listed in ADMIN_EMAILS signs up as a regular user and stays one", async () => {
    process.env.ADMIN_EMAILS = "boss@example.test";
    try {
      const res = await signUpAction(null, form({ email: "boss@example.test", displayName: "Not the boss", password: "long enough password" }));
      expect(res.ok).toBe(true);
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
      const first = await signUpAction(null, form({ email: "one@example.test", displayName: "One", password: "long enough password" }));
      expect(first.ok).toBe(true);
      const second = await signUpAction(null, form({ email: "two@example.test", displayName: "Two", password: "long enough password" }));
      expect(second).toMatchObject({ ok: false, code: "rate/limited", message: expect.stringMatching(/Try again in (about 1 hour|60 minutes)/) });
      expect(await t.prisma.user.count({ where: { email: "two@example.test" } })).toBe(0);
      // over the limit, the address is refused before the password's strength is even estimated
      const weak = await signUpAction(null, form({ email: "three@example.test", displayName: "Three", password: "password12" }));
      expect(weak).toMatchObject({ ok: false, code: "rate/limited" });
    } finally {
      delete process.env.RATE_LIMIT_SIGNUP_ADDRESS;
    }
  });
});

describe("signInAction", () => {
  it("validates fields before trying credentials", async () => {
    const res = await signInAction(null, form({ email: "", password: "" }));
    expect(res).toMatchObject({ ok: false, fieldErrors: { email: expect.any(Array), password: expect.any(Array) } });
    expect(signIn).not.toHaveBeenCalled();
  });
});
