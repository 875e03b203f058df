import { afterAll, describe, expect, it, vi } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("plain-sql"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));

const { isUniqueViolation, plainDate, plainExecute, plainGuardedWrite, plainQuery } = await import("@/lib/server/db/plain-sql");

afterAll(() => t.cleanup());

const sql = Prisma.sql;

/**
 * Plain SQL straight to the Prisma client's driver adapter (on SQLite its
 * writer thread, with a guarded write as one message; on PostgreSQL a pooled
 * connection): values are bound, rows and dates read back as Prisma wrote them,
 * and a guarded write is all or nothing.
 */
describe("plain SQL", () => {
  it("reads rows Prisma wrote, with bound values, and their dates", async () => {
    const u = await t.prisma.user.create({ data: { email: "plain@example.test", displayName: "Plain 'quoted' name", passwordHash: "x" } });
    const rows = await plainQuery<{ id: string; displayName: string; sessionVersion: unknown; createdAt: unknown }>(sql`SELECT "id", "displayName", "sessionVersion", "createdAt" FROM "User" WHERE "email" = ${"plain@example.test"}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(u.id);
    expect(rows[0].displayName).toBe("Plain 'quoted' name");
    expect(Number(rows[0].sessionVersion)).toBe(0);
    expect(plainDate(rows[0].createdAt).toISOString()).toBe(u.createdAt.toISOString());
    expect(await plainQuery(sql`SELECT "id" FROM "User" WHERE "email" = ${"' OR 1=1 --"}`)).toEqual([]);
  });

  it("writes a date Prisma reads back as the same instant", async () => {
    const at = new Date("2026-12-03T10:11:12.345Z");
    expect(await plainExecute(sql`UPDATE "User" SET "updatedAt" = ${at} WHERE "email" = ${"plain@example.test"}`)).toBe(1);
    const u = await t.prisma.user.findUniqueOrThrow({ where: { email: "plain@example.test" } });
    expect(u.updatedAt.toISOString()).toBe(at.toISOString());
  });

  it("a guarded write whose first statement changes nothing writes nothing", async () => {
    const changed = await plainGuardedWrite([
      sql`UPDATE "User" SET "displayName" = ${"Never"} WHERE "email" = ${"nobody@example.test"}`,
      sql`UPDATE "User" SET "displayName" = ${"Never either"} WHERE "email" = ${"plain@example.test"}`,
    ]);
    expect(changed).toBe(0);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { email: "plain@example.test" } })).displayName).toBe("Plain 'quoted' name");
  });

  it("a guarded write writes every statement, or none when one fails", async () => {
    const now = new Date();
    expect(
      await plainGuardedWrite([
        sql`UPDATE "User" SET "displayName" = ${"Both"} WHERE "email" = ${"plain@example.test"}`,
        sql`INSERT INTO "RevokedToken" ("jti", "expiresAt") VALUES (${"jti-1"}, ${now})`,
      ]),
    ).toBe(1);
    expect(await t.prisma.revokedToken.count({ where: { jti: "jti-1" } })).toBe(1);
    const failed = await plainGuardedWrite([
      sql`UPDATE "User" SET "displayName" = ${"Rolled back"} WHERE "email" = ${"plain@example.test"}`,
      sql`INSERT INTO "RevokedToken" ("jti", "expiresAt") VALUES (${"jti-1"}, ${now})`,
    ]).catch((e: unknown) => e);
    expect(isUniqueViolation(failed)).toBe(true);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { email: "plain@example.test" } })).displayName).toBe("Both");
  });
});
