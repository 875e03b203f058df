import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("account"));
vi.mock("@/lib/db", () => ({ db: t.prisma }));
vi.mock("@/lib/dal/session", async () => (await import("@/test/session-mock")).sessionMock);
process.env.RATE_LIMIT_PREFIX = `test-account-${process.pid}-${Date.now()}`;

const { current } = await import("@/test/session-mock");
const { changeMyPassword, endAllMySessions, getMyAccount } = await import("@/lib/dal/account");
const { revokeSession } = await import("@/lib/dal/session-tokens");
const { sessionIsCurrent, forgetSessionChecks } = await import("@/lib/auth/session-check");
const { hashPassword, verifyPassword } = await import("@/lib/auth/password");

let uid = "";
beforeAll(async () => {
  const u = await t.prisma.user.create({ data: { email: "amy@example.test", displayName: "Amy", passwordHash: await hashPassword("correct horse battery") } });
  uid = u.id;
  current.user = { id: u.id, email: u.email, displayName: u.displayName, role: "user" };
});
afterAll(() => t.cleanup());

describe("sessions end on the server", () => {
  it("a signed-out token is refused; the account's other sessions go on", async () => {
    expect(await sessionIsCurrent({ uid, sid: "laptop", sv: 0 })).toBe(true);
    expect(await sessionIsCurrent({ uid, sid: "phone", sv: 0 })).toBe(true);
    await revokeSession("laptop");
    forgetSessionChecks();
    expect(await sessionIsCurrent({ uid, sid: "laptop", sv: 0 })).toBe(false);
    expect(await sessionIsCurrent({ uid, sid: "phone", sv: 0 })).toBe(true);
  });

  it("sign out everywhere ends every session, and tokens of a deleted account are refused", async () => {
    await endAllMySessions();
    expect(await sessionIsCurrent({ uid, sid: "phone", sv: 0 })).toBe(false);
    expect(await sessionIsCurrent({ uid, sid: "new-sign-in", sv: 1 })).toBe(true);
    expect(await sessionIsCurrent({ uid: "no-such-user", sid: "x", sv: 0 })).toBe(false);
  });

  it("a password change needs the current password and a strong new one, then ends every session", async () => {
    await expect(changeMyPassword("not my password", "blue-ring-spin-dash-42")).rejects.toMatchObject({ code: "account/wrong-password" });
    await expect(changeMyPassword("correct horse battery", "password12")).rejects.toMatchObject({ code: "account/weak-password" });
    expect(await sessionIsCurrent({ uid, sid: "new-sign-in", sv: 1 })).toBe(true);
    await changeMyPassword("correct horse battery", "blue-ring-spin-dash-42");
    const row = await t.prisma.user.findUniqueOrThrow({ where: { id: uid } });
    expect(await verifyPassword("blue-ring-spin-dash-42", row.passwordHash)).toBe(true);
    expect(row.sessionVersion).toBe(2);
    expect(await sessionIsCurrent({ uid, sid: "new-sign-in", sv: 1 })).toBe(false);
  });

  it("guests have no account to read or change", async () => {
    const me = current.user;
    current.user = null;
    await expect(getMyAccount()).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(endAllMySessions()).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(changeMyPassword("a", "b")).rejects.toMatchObject({ code: "auth/unauthenticated" });
    current.user = me;
  });
});
