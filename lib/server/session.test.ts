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
vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).nextNavigationMock());

import { getCurrentUser } from "@/lib/server/session";
import { authenticate, requireAdminPage, requireUserOrRedirect } from "@/lib/server/request-actor";
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

describe("the session gate (lib/server/session.ts, read through lib/server/request-actor.ts)", () => {
  it('a guest is unauthenticated for authenticate("user") and authenticate("admin")', async () => {
    h.sessionUserId = null;
    expect(await getCurrentUser()).toBeNull();
    await expect(authenticate("user")).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(authenticate("admin")).rejects.toMatchObject({ code: "auth/unauthenticated" });
  });

  it('a signed-in user passes authenticate("user") and is forbidden at "admin"; the role is read fresh from the account', async () => {
    h.sessionUserId = player;
    expect(await authenticate("user")).toMatchObject({ id: player, role: "user" });
    await expect(authenticate("admin")).rejects.toMatchObject({ code: "auth/forbidden" });
    h.sessionUserId = admin;
    expect(await authenticate("admin")).toMatchObject({ id: admin, role: "admin" });
    await t.prisma.user.update({ where: { id: admin }, data: { role: "user" } });
    await expect(authenticate("admin")).rejects.toMatchObject({ code: "auth/forbidden" });
    await t.prisma.user.update({ where: { id: admin }, data: { role: "admin" } });
  });

  it("a token whose account is gone is a guest", async () => {
    h.sessionUserId = "no-such-account";
    await expect(authenticate("user")).rejects.toMatchObject({ code: "auth/unauthenticated" });
  });

  it("the command-line system path hands the tool its admin as an actor, and never touches the session", async () => {
    h.sessionUserId = null;
    expect(await runAsSystemAdmin(undefined, async (actor) => actor)).toMatchObject({ id: admin, role: "admin" });
    // the session is still a guest's, inside the tool's callback and after it
    expect(await runAsSystemAdmin(undefined, () => getCurrentUser())).toBeNull();
    await expect(authenticate("admin")).rejects.toMatchObject({ code: "auth/unauthenticated" });
    // the app cannot enter the system path
    process.env.NEXT_RUNTIME = "nodejs";
    try {
      await expect(runAsSystemAdmin(undefined, async (actor) => actor)).rejects.toThrow("cannot run inside the app");
    } finally {
      delete process.env.NEXT_RUNTIME;
    }
  });

  it("the page helpers send a guest to sign in (coming back), and a non-admin to the 403 page", async () => {
    h.sessionUserId = null;
    await expect(requireUserOrRedirect("/decks?x=1")).rejects.toThrow("NEXT_REDIRECT:/signin?callbackUrl=%2Fdecks%3Fx%3D1");
    await expect(requireAdminPage("/admin")).rejects.toThrow("NEXT_REDIRECT:/signin?callbackUrl=%2Fadmin");
    h.sessionUserId = player;
    expect(await requireUserOrRedirect("/decks")).toMatchObject({ id: player });
    await expect(requireAdminPage("/admin")).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;403/);
    h.sessionUserId = admin;
    expect(await requireAdminPage("/admin")).toMatchObject({ id: admin });
  });

});
