import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { SessionUser } from "@/lib/accounts/data/users";

const t = vi.hoisted(() => ({ db: null as unknown as import("@/lib/server/db/db").PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return t.db;
  },
}));

import { NextRequest } from "next/server";
import { POST } from "@/app/api/catalog/import/route";
import { seedDemoCatalog } from "@/lib/catalog/data/seed";

vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => revalidated.push(path) }));

const testDb = createTestDatabase("import-route");
t.db = testDb.prisma;
let adminUser: SessionUser;

function request(body: FormData | null, origin: string | null = "http://localhost:3000") {
  const headers = new Headers({ host: "localhost:3000" });
  if (origin) headers.set("origin", origin);
  return new NextRequest("http://localhost:3000/api/catalog/import", { method: "POST", body, headers });
}

function importForm(mode: string, cards: unknown[]) {
  const form = new FormData();
  form.set("file", new File([JSON.stringify({ cards })], "cards.json", { type: "application/json" }));
  form.set("mode", mode);
  return form;
}

const card = (n: number) => ({ set: "ROUTE", number: n, title: `Route Card ${n}`, traits: ["Robot"], colors: ["red"], rings: 3, rarity: "common", text: "", effect: null });

async function lines(res: Response) {
  return (await res.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string; phase?: string; done?: number; total?: number; message?: string; ok?: boolean });
}

beforeAll(async () => {
  await seedDemoCatalog(testDb.prisma);
  const admin = await testDb.prisma.user.create({ data: { email: "admin@example.test", displayName: "Admin", passwordHash: "x", role: "admin" } });
  const user = await testDb.prisma.user.create({ data: { email: "user@example.test", displayName: "User", passwordHash: "x", role: "user" } });
  current.user = { id: user.id, email: user.email, displayName: user.displayName, role: "user" };
  adminUser = { id: admin.id, email: admin.email, displayName: admin.displayName, role: "admin" };
});
afterAll(() => testDb.cleanup());

describe("POST /api/catalog/import", () => {
  it("refuses other sites, guests and non-admins before reading the file", async () => {
    current.user = null;
    expect((await POST(request(importForm("apply", [card(1)]), "https://evil.example"))).status).toBe(403);
    expect((await POST(request(importForm("apply", [card(1)]), null))).status).toBe(403);
    expect((await POST(request(importForm("apply", [card(1)])))).status).toBe(401);
    current.user = { id: "u", email: "user@example.test", displayName: "User", role: "user" };
    const res = await POST(request(importForm("apply", [card(1)])));
    expect(res.status).toBe(403);
    expect(await testDb.prisma.card.count({ where: { set: { code: "ROUTE" } } })).toBe(0);
  });

  it("streams progress lines, then the result, and applies the file", async () => {
    current.user = adminUser;
    const res = await POST(request(importForm("apply", Array.from({ length: 1200 }, (_, i) => card(i + 1)))));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/x-ndjson");
    const out = await lines(res);
    const progress = out.filter((l) => l.type === "progress");
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ phase: "done", done: 1200, total: 1200 });
    expect(out.at(-1)).toMatchObject({ type: "result", ok: true, message: "Imported: 1200 created, 0 updated, 0 unchanged." });
    expect(progress.some((l) => l.phase === "apply")).toBe(true);
    expect(await testDb.prisma.card.count({ where: { set: { code: "ROUTE" } } })).toBe(1200);
    expect(revalidated).toContain("/cards");
  }, 60_000);

  it("answers a bad mode or a missing file with a 400 and writes nothing", async () => {
    current.user = adminUser;
    expect((await POST(request(importForm("destroy", [card(5000)])))).status).toBe(400);
    const empty = new FormData();
    empty.set("mode", "apply");
    expect((await POST(request(empty))).status).toBe(400);
    expect(await testDb.prisma.card.count({ where: { set: { code: "ROUTE" }, number: 5000 } })).toBe(0);
  });
});
