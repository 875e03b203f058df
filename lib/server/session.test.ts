import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";

// The real session gate (other DAL tests mock it with test/session-mock.ts, which must follow these rules).
const h = vi.hoisted(() => ({ db: null as unknown as import("@/lib/server/db/db").PrismaClient, sessionUserId: null as string | null }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.db;
  },
}));
vi.mock("@/lib/accounts/auth", () => ({ sessionUserId: async () => h.sessionUserId }));

import { getCurrentUser, requireAdmin, requireUser } from "@/lib/server/session";
import { runAsSystemAdmin } from "@/lib/accounts/data/system";

const t = createTestDatabase("session-gate");
h.db = t.prisma;
afterAll(() => t.cleanup());

let player: string;
let admin: string;
beforeAll(async () => {
  player = (await t.prisma.user.create({ data: { email: "player@gate.test", displayName: "Player", passwordHash: "x" } })).id;
  admin = (await t.prisma.user.create({ data: { email: "admin@gate.test", displayName: "Admin", passwordHash: "x", role: "admin" } })).id;
});

describe("the session gate (lib/server/session.ts)", () => {
  it("a guest is unauthenticated for requireUser and requireAdmin", async () => {
    h.sessionUserId = null;
    expect(await getCurrentUser()).toBeNull();
    await expect(requireUser()).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(requireAdmin()).rejects.toMatchObject({ code: "auth/unauthenticated" });
  });

  it("a signed-in user passes requireUser and is forbidden by requireAdmin; the role is read fresh from the account", async () => {
    h.sessionUserId = player;
    expect(await requireUser()).toMatchObject({ id: player, role: "user" });
    await expect(requireAdmin()).rejects.toMatchObject({ code: "auth/forbidden" });
    h.sessionUserId = admin;
    expect(await requireAdmin()).toMatchObject({ id: admin, role: "admin" });
    await t.prisma.user.update({ where: { id: admin }, data: { role: "user" } });
    await expect(requireAdmin()).rejects.toMatchObject({ code: "auth/forbidden" });
    await t.prisma.user.update({ where: { id: admin }, data: { role: "admin" } });
  });

  it("a token whose account is gone is a guest", async () => {
    h.sessionUserId = "no-such-account";
    await expect(requireUser()).rejects.toMatchObject({ code: "auth/unauthenticated" });
  });

  it("inside the command-line system path the gate answers with the tool's admin, and only there", async () => {
    h.sessionUserId = null;
    expect(await runAsSystemAdmin(undefined, () => requireAdmin())).toMatchObject({ id: admin });
    await expect(requireAdmin()).rejects.toMatchObject({ code: "auth/unauthenticated" });
    // a signed-in user's request is never upgraded by it: the app cannot enter the system path
    process.env.NEXT_RUNTIME = "nodejs";
    try {
      await expect(runAsSystemAdmin(undefined, () => requireAdmin())).rejects.toThrow("cannot run inside the app");
    } finally {
      delete process.env.NEXT_RUNTIME;
    }
  });
});
