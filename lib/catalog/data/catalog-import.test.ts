import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";

const t = vi.hoisted(() => ({ db: null as unknown as import("@/lib/server/db/db").PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return t.db;
  },
}));
// No request here: Auth.js sees no session (a guest), so only the system path gets in.
vi.mock("@/lib/accounts/auth", () => ({ sessionUserId: async () => null }));

import { seedDemoCatalog } from "@/lib/catalog/data/seed";
import { catalogFacets, searchCards } from "@/lib/catalog/data/card-search";
import * as catalogImport from "@/lib/catalog/data/catalog-import";
import { runAsSystemAdmin } from "@/lib/accounts/data/system";
import { GUEST } from "@/test/actors";
import { MAX_IMPORT_ROWS, toCsv, toJson, CATALOG_COLUMNS, type CatalogFormat } from "@/lib/catalog/io";

// These tests go through the command-line tools' system path (scripts/catalog.ts):
// it loads the admin's account and the tool hands that actor to the data functions.
const ADMIN_EMAIL = "admin@example.test";
const dryRunImport = (text: string, format: CatalogFormat) => runAsSystemAdmin(ADMIN_EMAIL, (actor) => catalogImport.dryRunImport(actor, text, format));
const applyImport = (text: string, format: CatalogFormat, ...rest: [onProgress?: Parameters<typeof catalogImport.applyImport>[3], applyTimeoutMs?: number]) =>
  runAsSystemAdmin(ADMIN_EMAIL, (actor) => catalogImport.applyImport(actor, text, format, ...rest));
const exportCatalog = () => runAsSystemAdmin(undefined, (actor) => catalogImport.exportCatalog(actor));

const testDb = createTestDatabase("catalog-import");
t.db = testDb.prisma;

const HEADER = CATALOG_COLUMNS.join(",");

/** What the app sees and what the tables hold. */
async function fingerprint() {
  const cards = await testDb.prisma.card.findMany({ include: { traits: true }, orderBy: { id: "asc" } });
  return { cards: JSON.stringify(cards), audits: await testDb.prisma.cardAudit.count(), sets: await testDb.prisma.cardSet.count(), tables: await tableCounts() };
}

async function tableCounts() {
  const [row] = await testDb.prisma.$queryRaw<Record<string, number | bigint>[]>`SELECT (SELECT count(*) FROM "Card") AS "cards", (SELECT count(*) FROM "CardTrait") AS "traits",
    (SELECT count(*) FROM "CardAudit") AS "audits"`;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

type Progress = { phase: string; done: number; total: number };

/**
 * Counts as a reader sees them while an import's one apply transaction is open, taken from its progress (`watch`,
 * to be called with every progress step; `seen` has the counts). SQLite: read synchronously at the first apply
 * progress (inside the transaction, which runs on the writer thread meanwhile), on a connection of its own.
 * PostgreSQL: a transaction of the test locks the import jobs as the staging ends, so the import's last statement
 * (marking its job applied) waits for it, and reads there once the apply has written its first range.
 */
function readWhileOpen(counts: Record<string, string>): { watch: (p: Progress) => void; seen: () => Promise<Record<string, number>> } {
  let seen: Promise<Record<string, number>> | null = null;
  if (testDb.provider === "sqlite") {
    return {
      watch: (p) => {
        if (p.phase !== "apply" || p.done === 0 || seen) return;
        const conn = new Database(testDb.url.replace(/^file:/, ""), { readonly: true });
        try {
          seen = Promise.resolve(Object.fromEntries(Object.entries(counts).map(([k, q]) => [k, Number((conn.prepare(q).get() as { n: number }).n)])));
        } finally {
          conn.close();
        }
      },
      seen: () => seen ?? Promise.reject(new Error("the apply reported no progress")),
    };
  }
  let applying!: () => void;
  const applied = new Promise<void>((resolve) => (applying = resolve));
  return {
    watch: (p) => {
      if (p.phase === "stage" && p.done === p.total && !seen) {
        seen = testDb.prisma.$transaction(async (tx) => {
          await tx.$queryRaw`SELECT 1 FROM "ImportJob" FOR UPDATE`;
          await applied;
          const out: Record<string, number> = {};
          for (const [k, q] of Object.entries(counts)) out[k] = Number((await tx.$queryRawUnsafe<{ n: number | bigint }[]>(q))[0].n);
          return out;
        });
      }
      if (p.phase === "apply" && p.done > 0) applying();
    },
    seen: () => seen ?? Promise.reject(new Error("the staging reported no end")),
  };
}

beforeAll(async () => {
  await seedDemoCatalog(testDb.prisma);
  await testDb.prisma.user.create({ data: { email: ADMIN_EMAIL, displayName: "Admin", passwordHash: "x", role: "admin" } });
});
afterAll(() => testDb.cleanup());

describe("malformed import files are rejected with row-level errors and nothing is written", () => {
  let before: Awaited<ReturnType<typeof fingerprint>>;
  beforeEach(async () => {
    before = await fingerprint();
  });

  async function expectNothingWritten() {
    expect(await fingerprint()).toEqual(before);
  }

  it("rejects a bad color on its row", async () => {
    const csv = `${HEADER}\nDEMO,900,Good Card,Animal,blue,3,common,,\nDEMO,901,Bad Color,Animal,purple,3,common,,\n`;
    const r = await applyImport(csv, "csv");
    expect(r.applied).toBe(false);
    expect(r.counts).toEqual({ create: 1, update: 0, unchanged: 0, reject: 1 });
    expect(r.rows.find((x) => x.line === 3)).toMatchObject({ action: "reject", key: "DEMO-901" });
    expect(r.rows.find((x) => x.line === 3)!.errors.join()).toMatch(/Unknown color "purple"/);
    await expectNothingWritten();
  });

  it("rejects negative rings", async () => {
    const json = JSON.stringify([{ set: "DEMO", number: 902, title: "Minus", traits: ["Thing"], colors: ["red"], rings: -2, rarity: "common", text: "", effect: null }]);
    const r = await applyImport(json, "json");
    expect(r.applied).toBe(false);
    expect(r.rows[0].errors.join()).toMatch(/Rings cannot be negative/);
    await expectNothingWritten();
  });

  it("rejects a duplicate set + number within the file", async () => {
    const csv = `${HEADER}\nDEMO,103,One,Animal,blue,3,common,,\ndemo,103,Two,Animal,red,3,common,,\n`;
    const r = await applyImport(csv, "csv");
    expect(r.applied).toBe(false);
    expect(r.rows[1]).toMatchObject({ line: 3, action: "reject", key: "DEMO-103" });
    expect(r.rows[1].errors.join()).toMatch(/appears twice in the file \(first at row 2\)/);
    await expectNothingWritten();
  });

  it("a dry run rejects a repeated set + number even when its first row was rejected (never 'create')", async () => {
    const csv = `${HEADER}\nDEMO,104,One,Animal,purple,3,common,,\nDEMO,104,Two,Animal,red,3,common,,\n`;
    const r = await dryRunImport(csv, "csv");
    expect(r.rows.map((x) => x.action)).toEqual(["reject", "reject"]);
    expect(r.counts).toEqual({ create: 0, update: 0, unchanged: 0, reject: 2 });
    expect(r.rows[1].errors.join()).toMatch(/DEMO-104 appears twice in the file \(first at row 2\)/);
    await expectNothingWritten();
  });

  it("rejects wrong columns for the whole file", async () => {
    const csv = `set,number,name,traits,colors,rings,rarity,text,effect,power\nDEMO,104,X,Animal,blue,1,common,,,9\n`;
    const r = await applyImport(csv, "csv");
    expect(r.fileError?.code).toBe("import/bad-columns");
    expect(r.fileError?.message).toMatch(/unknown columns “name”, “power”; missing column “title”/);
    const j = await dryRunImport(JSON.stringify([{ set: "DEMO", number: 1, titel: "x" }]), "json");
    expect(j.fileError?.code).toBe("import/bad-columns");
    await expectNothingWritten();
  });

  it("rejects a file over the size limit", async () => {
    const row = `DEMO,1,${"x".repeat(70)},Animal,blue,1,common,${"y".repeat(900)},\n`;
    const huge = HEADER + "\n" + row.repeat(Math.ceil((5.5 * 1024 * 1024) / row.length));
    const r = await applyImport(huge, "csv");
    expect(r.fileError?.code).toBe("import/too-large");
    await expectNothingWritten();
  });

  it("rejects a file with too many rows", async () => {
    const csv = HEADER + "\n" + Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `S,${i},T,A,b,1,c,,`).join("\n");
    const r = await applyImport(csv, "csv");
    expect(r.fileError?.code).toBe("import/too-many-rows");
    await expectNothingWritten();
  });

  it("rejects bad JSON, an effect outside the engine schema, and CSV rows with extra fields", async () => {
    expect((await applyImport("{ not json", "json")).fileError?.code).toBe("import/bad-format");
    const bad = await applyImport(JSON.stringify({ cards: [{ set: "DEMO", number: 105, title: "E", traits: ["Thing"], colors: ["gray"], rings: 1, rarity: "common", text: "", effect: { trigger: "sometimes", actions: [] } }] }), "json");
    expect(bad.rows[0].errors.join()).toMatch(/effect: Effect does not match the engine's schema/);
    const csv = `${HEADER}\nDEMO,106,Extra,Animal,blue,1,common,,,surprise\n`;
    const extra = await applyImport(csv, "csv");
    expect(extra.rows[0].action).toBe("reject");
    expect(extra.rows[0].errors.join()).toMatch(/CSV:/);
    await expectNothingWritten();
  });
});

describe("valid imports", () => {
  it("dry-runs without writing, then applies creates and updates atomically with audit rows", async () => {
    const current = await exportCatalog();
    const sonic1 = current.find((c) => c.set === "DEMO" && c.number === 1)!;
    const tails2 = current.find((c) => c.set === "DEMO" && c.number === 2)!;
    const csv = toCsv([
      { ...sonic1, rings: 6 },
      { set: "NEW", number: 1, title: "Brand New", traits: ["Robot", "Thing"], colors: ["red", "gray"], rings: 4, rarity: "super rare", text: "Draw a card.", effect: { trigger: "flip", actions: [{ type: "draw", count: 1 }] } },
      tails2,
    ]);
    expect(sonic1.rings).toBe(5);
    const before = await fingerprint();
    const dry = await dryRunImport(csv, "csv");
    expect(dry.counts).toEqual({ create: 1, update: 1, unchanged: 1, reject: 0 });
    expect(dry.rows[0].changes).toEqual([{ field: "rings", before: "5", after: "6" }]);
    expect(await fingerprint()).toEqual(before);

    const applied = await applyImport(csv, "csv");
    expect(applied.applied).toBe(true);
    const sonic = await testDb.prisma.card.findFirst({ where: { set: { code: "DEMO" }, number: 1 } });
    expect(sonic?.rings).toBe(6);
    const fresh = await testDb.prisma.card.findFirst({ where: { set: { code: "NEW" }, number: 1 }, include: { traits: true } });
    expect(fresh).toMatchObject({ title: "Brand New", colorMask: 2 | 8, colorCount: 2, rarity: "super rare" });
    expect(fresh?.traits.map((x) => x.trait).sort()).toEqual(["Robot", "Thing"]);
    const audits = await testDb.prisma.cardAudit.findMany({ where: { action: "import" } });
    expect(audits.map((a) => a.cardKey).sort()).toEqual(["DEMO-001", "NEW-001"]);

    // applying again changes nothing
    const again = await applyImport(csv, "csv");
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 3, reject: 0 });
  });

  it("round-trips: an export imports back as all unchanged, in both formats", async () => {
    const cards = await exportCatalog();
    expect(cards.length).toBeGreaterThanOrEqual(67);
    for (const [text, format] of [[toCsv(cards), "csv"], [toJson(cards), "json"]] as const) {
      const r = await dryRunImport(text, format);
      expect(r.fileError).toBeNull();
      expect(r.counts).toEqual({ create: 0, update: 0, unchanged: cards.length, reject: 0 });
    }
  });
});

describe("the system path (command-line tools)", () => {
  it("records the named admin in the audit log", async () => {
    const [first] = await exportCatalog();
    const r = await applyImport(toCsv([{ ...first, rings: first.rings + 1 }]), "csv");
    expect(r.applied).toBe(true);
    const audit = await testDb.prisma.cardAudit.findFirstOrThrow({ where: { action: "import" }, orderBy: { createdAt: "desc" }, include: { user: true } });
    expect(audit.user.email).toBe(ADMIN_EMAIL);
  });

  it("refuses a non-admin, an unknown account, and any use inside the Next.js server", async () => {
    await testDb.prisma.user.create({ data: { email: "player@example.test", displayName: "Player", passwordHash: "x" } });
    await expect(runAsSystemAdmin("player@example.test", (actor) => catalogImport.exportCatalog(actor))).rejects.toThrow("player@example.test is not an admin.");
    await expect(runAsSystemAdmin("nobody@example.test", (actor) => catalogImport.exportCatalog(actor))).rejects.toThrow("No account with email nobody@example.test.");
    process.env.NEXT_RUNTIME = "nodejs";
    try {
      await expect(runAsSystemAdmin(ADMIN_EMAIL, (actor) => catalogImport.exportCatalog(actor))).rejects.toThrow("cannot run inside the app");
    } finally {
      delete process.env.NEXT_RUNTIME;
    }
  });

  it("without an actor (a guest) the same functions refuse and write nothing", async () => {
    const before = await fingerprint();
    await expect(catalogImport.exportCatalog(GUEST)).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(catalogImport.applyImport(GUEST, `${HEADER}\nDEMO,900,X,Animal,blue,1,common,,\n`, "csv")).rejects.toMatchObject({ code: "auth/unauthenticated" });
    expect(await fingerprint()).toEqual(before);
  });
});

describe("large imports", () => {
  const big = (n: number, title = "Big") =>
    JSON.stringify({ cards: Array.from({ length: n }, (_, i) => ({ set: "BIG", number: i + 1, title: `${title} ${i + 1}`, traits: ["Robot"], colors: ["red"], rings: 1, rarity: "common", text: "", effect: null })) });

  it("a timeout is real: past it the apply rolls back, nothing is written, and the import says so", async () => {
    const before = await fingerprint();
    await expect(applyImport(big(1500), "json", () => {}, 1)).rejects.toMatchObject({ code: "import/timeout" });
    expect(await fingerprint()).toEqual(before);
    expect(await testDb.prisma.importJob.count()).toBe(0);
    expect(await testDb.prisma.importCardStage.count()).toBe(0);
  }, 60_000);

  it("reports its progress through every phase, and applies in one transaction", async () => {
    const seen: { phase: string; done: number; total: number }[] = [];
    const r = await applyImport(big(1500, "Ranged"), "json", (p) => seen.push(p));
    expect(r.applied).toBe(true);
    expect([...new Set(seen.map((p) => p.phase))]).toEqual(["check", "compare", "stage", "apply", "done"]);
    const apply = seen.filter((p) => p.phase === "apply");
    // the first report is 0 of 1500, then one per range of the one transaction
    expect(apply[0]).toMatchObject({ done: 0, total: 1500 });
    expect(apply.at(-1)).toMatchObject({ done: 1500, total: 1500 });
    expect(await testDb.prisma.card.count({ where: { set: { code: "BIG" }, title: { startsWith: "Ranged" } } })).toBe(1500);
    expect(await testDb.prisma.importCardStage.count()).toBe(0);
  }, 60_000);

  it("while the apply transaction is open, a reader sees the catalog as before; then all of the import at once", async () => {
    await testDb.prisma.cardSet.create({ data: { code: "VIS", name: "Visibility" } });
    const before = await fingerprint();
    const file = JSON.stringify({ cards: Array.from({ length: 2500 }, (_, i) => ({ set: "VIS", number: i + 1, title: `Visible ${i + 1}`, traits: ["Hiddenness"], colors: ["blue"], rings: 2, rarity: "common", text: "", effect: null })) });
    const probe = readWhileOpen({
      visible: `SELECT count(*) AS "n" FROM "Card" c JOIN "CardSet" s ON s."id" = c."setId" WHERE s."code" = 'VIS'`,
      traits: `SELECT count(*) AS "n" FROM "CardTrait" WHERE "traitKey" = 'hiddenness'`,
      audits: `SELECT count(*) AS "n" FROM "CardAudit"`,
    });
    const r = await applyImport(file, "json", probe.watch);
    expect(r.applied).toBe(true);
    expect(await probe.seen()).toEqual({ visible: 0, traits: 0, audits: before.audits });
    expect(await testDb.prisma.card.count({ where: { set: { code: "VIS" } } })).toBe(2500);
    expect((await searchCards({ q: "set:VIS" })) as { total: number }).toMatchObject({ total: 2500 });
    expect((await catalogFacets()).traits).toContain("Hiddenness");
  }, 60_000);

  it("an import that updates cards: the updates and their audit rows are seen at once, at the commit, for errata and re-keyed cards alike", async () => {
    const cards = (title: string, traits: (i: number) => string[], rings: (i: number) => number) =>
      JSON.stringify({ cards: Array.from({ length: 2500 }, (_, i) => ({ set: "UPD", number: i + 1, title: `${title} ${i + 1}`, traits: traits(i), colors: ["blue"], rings: rings(i), rarity: "common", text: `${title} text`, effect: null })) });
    expect((await applyImport(cards("Before", () => ["Keep", "Drop"], () => 1), "json")).applied).toBe(true);
    const before = await fingerprint();
    const auditsOf = () => testDb.prisma.cardAudit.count({ where: { card: { set: { code: "UPD" } } } });
    const auditsBefore = await auditsOf();
    const probe = readWhileOpen({
      titles: `SELECT count(*) AS "n" FROM "Card" WHERE "title" LIKE 'After %'`,
      audits: `SELECT count(*) AS "n" FROM "CardAudit"`,
    });
    // every other card changes its rings (an indexed column) and its traits, the rest only their title and text
    const r = await applyImport(cards("After", (i) => (i % 2 ? ["Keep", "Added"] : ["Keep", "Drop"]), (i) => (i % 2 ? 7 : 1)), "json", probe.watch);
    expect(r).toMatchObject({ applied: true, counts: { update: 2500, create: 0 } });
    // nothing of the import is seen before its commit, though its audit rows are written by then
    expect(await probe.seen()).toEqual({ titles: 0, audits: before.tables.audits });
    // then all of it
    expect(await auditsOf()).toBe(auditsBefore + 2500);
    const after = await testDb.prisma.card.findMany({ where: { set: { code: "UPD" } }, select: { number: true, title: true, rings: true, text: true, traits: { select: { trait: true }, orderBy: { traitKey: "asc" } } }, orderBy: { number: "asc" } });
    expect(after).toHaveLength(2500);
    for (const c of after) {
      const odd = (c.number - 1) % 2 === 1;
      expect(c).toEqual({ number: c.number, title: `After ${c.number}`, rings: odd ? 7 : 1, text: "After text", traits: (odd ? ["Added", "Keep"] : ["Drop", "Keep"]).map((trait) => ({ trait })) });
    }
    expect(await searchCards({ q: "set:UPD rings:7" })).toMatchObject({ total: 1250 });
  }, 60_000);

  it("a card the file updates is deleted after the file was compared: refused, nothing written", async () => {
    const mix = (title: string, n: number) =>
      JSON.stringify({ cards: Array.from({ length: n }, (_, i) => ({ set: "MIX", number: i + 1, title: `${title} ${i + 1}`, traits: ["Mixed"], colors: ["red"], rings: 3, rarity: "common", text: "", effect: null })) });
    expect((await applyImport(mix("First", 5), "json")).applied).toBe(true);
    const victim = await testDb.prisma.card.findFirstOrThrow({ where: { set: { code: "MIX" }, number: 1 } });
    const auditsBefore = (await tableCounts()).audits;
    let deleting: Promise<unknown> | null = null;
    // five updates and 2,495 creates; MIX-1 is deleted as the staging ends (a write then would wait for the apply's
    // transaction on SQLite: one writer at a time)
    const deleteNow = (p: { phase: string; done: number; total: number }) => p.phase === "stage" && p.done === p.total;
    const attempt = applyImport(mix("Second", 2500), "json", (p) => {
      if (deleteNow(p) && !deleting) deleting = testDb.prisma.$transaction((tx) => tx.card.delete({ where: { id: victim.id } }));
    });
    await expect(attempt).rejects.toMatchObject({ code: "import/conflict" });
    await deleting;
    const after = await fingerprint();
    expect(after.tables.audits).toBe(auditsBefore);
    expect(await testDb.prisma.card.findMany({ where: { set: { code: "MIX" } }, select: { title: true }, orderBy: { number: "asc" } })).toEqual([2, 3, 4, 5].map((n) => ({ title: `First ${n}` })));
    expect(await testDb.prisma.importJob.count()).toBe(0);
  }, 60_000);

  it("a card created at one of the file's numbers after the file was compared: refused, nothing written", async () => {
    const set = await testDb.prisma.cardSet.create({ data: { code: "RACE", name: "Race" } });
    const before = await fingerprint();
    let creating: Promise<unknown> | null = null;
    // as the staging ends, a card takes number 2,500
    const createNow = (p: { phase: string; done: number; total: number }) => p.phase === "stage" && p.done === p.total;
    const file = JSON.stringify({ cards: Array.from({ length: 2500 }, (_, i) => ({ set: "RACE", number: i + 1, title: `Race ${i + 1}`, traits: ["Racer"], colors: ["red"], rings: 1, rarity: "common", text: "", effect: null })) });
    const attempt = applyImport(file, "json", (p) => {
      if (createNow(p) && !creating) {
        creating = testDb.prisma.$transaction((tx) =>
          tx.card.create({ data: { setId: set.id, number: 2500, title: "Early bird", titleKey: "early bird", colorMask: 1, colorCount: 1, rings: 1, rarity: "common" } }),
        );
      }
    });
    await expect(attempt).rejects.toMatchObject({ code: "import/conflict" });
    await creating;
    const after = await fingerprint();
    expect(after.tables).toEqual({ ...before.tables, cards: before.tables.cards + 1 });
    expect(await testDb.prisma.card.findMany({ where: { set: { code: "RACE" } }, select: { title: true } })).toEqual([{ title: "Early bird" }]);
    expect(await testDb.prisma.importJob.count()).toBe(0);
  }, 60_000);
});
