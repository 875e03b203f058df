/**
 * The access-control matrix: every exported function of the data layer
 * (lib/<feature>/data, lib/server/db and the page helpers) and every route
 * handler under app/api has a row saying who may use it (a guest, another
 * signed-in user, the owner of the data, an admin) and what each of them gets.
 * The rows are checked by calling the code as each of the four; the table is
 * checked against the code, so a new exported data function or route handler
 * without a row fails this file.
 *
 * The rows live one file per feature in test/access/rows/ (test/access/harness.ts
 * has the callers, outcomes and fixture); docs/architecture.md, "The access
 * matrix", says how to add one.
 *
 * Outcomes: "ok" (answered), "unauthenticated" (AuthError / 401 / redirect to
 * sign-in), "forbidden" (AuthError / 403), "denied" (nothing of someone
 * else's: null, a not-found or refusal result, 404). After every call made by
 * a guest or the other user, the owner's data must be unchanged.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/server/errors";
import { GUEST } from "@/test/actors";
import { dataFiles, walk } from "@/test/walk";
import type { Checked, Fixture, Outcome, Row, Who } from "@/test/access/harness";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", () => ({ refresh: () => undefined, revalidatePath: () => undefined, revalidateTag: () => undefined, unstable_cache: <T,>(fn: T) => fn }));
vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).nextNavigationMock());

const t = createTestDatabase("access-matrix");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const root = path.resolve(__dirname, "../..");
// loaded after the mocks and the database are in place
const { WHO, makeFixture, nextCard, ownerFingerprint, loadRowFiles, mergeRows } = await import("@/test/access/harness");
const catalogAdmin = await import("@/lib/catalog/data/catalog-admin");
const bulk = await import("@/lib/server/db/bulk");
const rowFiles = await loadRowFiles();
/** Every exported data function, by file (relative to lib/) and name. */
const DAL = mergeRows(rowFiles, "data");
/** Every route handler under app/api, by route file (relative to app/api) and method. */
const ROUTES = mergeRows(rowFiles, "routes");

// ---- enumeration: the table must match the code --------------------------------------------

const isClass = (v: unknown) => typeof v === "function" && /^class[\s{]/.test(Function.prototype.toString.call(v));
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

async function dalExports(): Promise<string[]> {
  const dir = path.join(root, "lib");
  const files = dataFiles(root).filter((p) => path.basename(p) !== "index.ts");
  const names: string[] = [];
  for (const file of files) {
    const mod = await vi.importActual<Record<string, unknown>>(file);
    for (const [name, value] of Object.entries(mod)) if (typeof value === "function" && !isClass(value)) names.push(`${path.relative(dir, file)}#${name}`);
  }
  return names.sort();
}

async function routeHandlers(): Promise<string[]> {
  const dir = path.join(root, "app/api");
  const names: string[] = [];
  for (const file of walk(dir, (p) => /route\.tsx?$/.test(p))) {
    const mod = await vi.importActual<Record<string, unknown>>(file);
    for (const name of Object.keys(mod)) if (HTTP_METHODS.includes(name)) names.push(`${path.relative(dir, file)}#${name}`);
  }
  return names.sort();
}

// ---- calling as each of the four ------------------------------------------------------------

function outcomeOfError(e: unknown): Outcome {
  if (e instanceof DomainError) {
    if (e.code === "auth/unauthenticated") return "unauthenticated";
    if (e.code === "auth/forbidden") return "forbidden";
    return "denied";
  }
  const message = e instanceof Error ? e.message : "";
  if (message.startsWith("NEXT_REDIRECT:/signin")) return "unauthenticated";
  if (message === "NEXT_HTTP_ERROR_FALLBACK;403") return "forbidden";
  throw e;
}

async function outcomeOf(result: unknown): Promise<Outcome> {
  if (result instanceof Response) {
    if (result.status < 300) {
      // read it all: a streamed answer (the catalog import) finishes its work while it is read
      await result.clone().arrayBuffer();
      return "ok";
    }
    const body = (await result.json()) as { error?: { code?: unknown; message?: unknown } };
    // the one JSON error shape
    expect(typeof body.error?.code).toBe("string");
    expect(typeof body.error?.message).toBe("string");
    if (result.status === 401) return "unauthenticated";
    if (result.status === 403) return "forbidden";
    return "denied";
  }
  if (result === null) return "denied";
  if (typeof result === "object" && result !== null && "ok" in result && (result as { ok: unknown }).ok === false) return "denied";
  return "ok";
}

let f: Fixture;
beforeAll(async () => {
  f = await makeFixture(t.prisma);
});

describe("the access-control matrix covers the code", () => {
  it("has a row for every exported lib/dal function, and no row for a function that is gone", async () => {
    expect(Object.keys(DAL).sort()).toEqual(await dalExports());
  });

  it("has a row for every route handler under app/api", async () => {
    expect(Object.keys(ROUTES).sort()).toEqual(await routeHandlers());
  });

  it("keeps each data function's row in its feature's file (test/access/rows/<feature>.ts for lib/<feature>/)", () => {
    for (const { file, data } of rowFiles) for (const key of Object.keys(data)) expect(`${key.split("/")[0]}.ts`, key).toBe(file);
  });

  it("data index files only re-export (so every function has its row under its own file)", () => {
    for (const file of dataFiles(root).filter((p) => path.basename(p) === "index.ts")) {
      const code = readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .split("\n")
        .filter((l) => l.trim() && !l.trim().startsWith("//") && !l.includes('import "server-only"'));
      for (const line of code) expect(line, file).toMatch(/^export (type )?\{[^}]*\} from "[^"]+";$/);
    }
  });

  it("authentication and system-path functions are imported only where the table says", () => {
    const sources = [...walk(path.join(root, "app"), (p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p)), ...walk(path.join(root, "lib"), (p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p) && !p.includes("/generated/")), ...walk(path.join(root, "components"), (p) => /\.tsx?$/.test(p)), ...walk(path.join(root, "scripts"), (p) => /\.(ts|mjs)$/.test(p) && !p.endsWith(".test.ts")), path.join(root, "prisma/seed.ts"), path.join(root, "proxy.ts"), path.join(root, "test/import-child.ts")];
    const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    const texts = sources.map((file) => ({ file: path.relative(root, file), text: withoutComments(readFileSync(file, "utf8")) }));
    for (const [key, row] of Object.entries(DAL)) {
      if (row.access !== "auth" && row.access !== "system" && row.access !== "internal") continue;
      if (!row.importers || row.importers.includes("*")) continue;
      const [file, name] = key.split("#");
      const modulePath = `@/lib/${file.replace(/\.ts$/, "")}`;
      // another feature reaches a data function through its feature's data/index.ts
      const barrel = /^([a-z-]+)\/data\//.exec(file)?.[1];
      const barrelPath = barrel && barrelExports(barrel).has(name) ? `@/lib/${barrel}/data` : null;
      const users = texts
        .filter(({ file: f, text }) => f !== `lib/${file}` && (text.includes(`"${modulePath}"`) || (barrelPath !== null && text.includes(`"${barrelPath}"`))) && new RegExp(`\\b${name}\\b`).test(text))
        .map(({ file: f }) => f)
        .sort();
      expect(users, key).toEqual([...row.importers].sort());
    }
  });
});

/** The names a feature's data/index.ts re-exports. */
function barrelExports(feature: string): Set<string> {
  const file = path.join(root, "lib", feature, "data", "index.ts");
  const names = new Set<string>();
  if (!existsSync(file)) return names;
  for (const m of readFileSync(file, "utf8").matchAll(/export (?:type )?\{([^}]*)\}/g)) for (const n of m[1].split(",")) if (n.trim()) names.add(n.trim().split(/\s+as\s+/).pop()!);
  return names;
}

function checkedRows(table: Record<string, Row>): [string, Checked][] {
  return Object.entries(table).filter((e): e is [string, Checked] => e[1].access === "checked");
}

describe.each([
  ["data access", DAL],
  ["app/api", ROUTES],
])("%s: each caller gets what the table says, and the owner's data stays the owner's", (_where, table) => {
  it.each(checkedRows(table))("%s", async (_key, row) => {
    const got: Partial<Record<Who, Outcome>> = {};
    for (const who of WHO) {
      const prepared = row.prepare ? await row.prepare(f) : "";
      const before = who === "guest" || who === "other" ? await ownerFingerprint(f) : null;
      current.user = who === "guest" ? null : f.users[who];
      let result: unknown;
      try {
        result = await row.call(who === "guest" ? GUEST : f.users[who], f, prepared);
        got[who] = await outcomeOf(result);
      } catch (e) {
        got[who] = outcomeOfError(e);
      } finally {
        current.user = null;
      }
      if (got[who] === "ok") await row.verify?.(who, result, f);
      if (before !== null) expect(await ownerFingerprint(f), `${who} changed the owner's data`).toBe(before);
    }
    expect(got).toEqual(row.expect);
  });
});

describe("catalog writes inside a transaction need the proof the admin check mints", () => {
  it("a made-up writer naming an admin is refused, and nothing is written", async () => {
    const before = await t.prisma.card.count();
    const forged = { userId: f.users.admin.id };
    await expect(t.prisma.$transaction((tx) => catalogAdmin.createCardTx(tx, nextCard(), forged))).rejects.toMatchObject({ code: "auth/forbidden" });
    await expect(t.prisma.$transaction((tx) => catalogAdmin.updateCardTx(tx, f.card(1), nextCard(), forged))).rejects.toMatchObject({ code: "auth/forbidden" });
    expect(await t.prisma.card.count()).toBe(before);
  });
});

describe("the steps of an import act only on a job the session started", () => {
  it("a made-up job naming someone else's is refused, and their job and staged rows stay", async () => {
    const theirs = await t.prisma.importJob.create({ data: { kind: "collection", userId: f.users.owner.id, total: 1 } });
    await t.prisma.importCollectionStage.create({ data: { jobId: theirs.id, seq: 0, cardId: f.card(1), quantity: 3 } });
    const forged = { id: theirs.id, userId: f.users.owner.id };
    {
      await expect(bulk.applyInOneTransaction(forged, 1, { kind: "collection", timeoutMs: 10_000, range: async () => {} })).rejects.toMatchObject({ code: "auth/forbidden" });
      await expect(bulk.dropImportJob(forged)).rejects.toMatchObject({ code: "auth/forbidden" });
      // a job of one's own does not open anyone else's either: the job row is matched with its owner
      const mine = await bulk.startImportJob(f.users.other, "collection", 0);
      expect(mine.userId).toBe(f.users.other.id);
    }
    expect(await t.prisma.importJob.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ status: "staging", userId: f.users.owner.id });
    expect(await t.prisma.importCollectionStage.count({ where: { jobId: theirs.id } })).toBe(1);
  });
});
