import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("search-help"));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/server/db/db")>()), db: t.prisma, dbDialect: () => t.provider }));

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const { searchCards } = await import("@/lib/catalog/data/card-search");
const { SYNTAX_SECTIONS } = await import("@/lib/catalog/search/help-examples");

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
});
afterAll(() => t.cleanup());

describe("the search syntax help, on the shipped demo catalog", () => {
  const examples = SYNTAX_SECTIONS.flatMap((s) => s.examples.map((e) => e.q));
  it.each(examples)("%s finds cards", async (q) => {
    const r = await searchCards({ q });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    if (r.ok) expect(r.total).toBeGreaterThan(0);
  });
});

describe("a search that finds nothing says what it may have meant", () => {
  it("a misspelt title word: sonc → sonic, and the suggestion finds cards", async () => {
    const r = await searchCards({ q: "sonc" });
    expect(r).toMatchObject({ ok: true, total: 0, suggestion: { query: "sonic", changes: [{ from: "sonc", to: "sonic" }] } });
    const fixed = await searchCards({ q: r.ok && "suggestion" in r ? r.suggestion!.query : "" });
    expect(fixed.ok && fixed.total).toBeGreaterThan(0);
  });

  it("an unknown trait: t:robto → t:robot, keeping the rest of the query", async () => {
    const r = await searchCards({ q: "r>=0 t:Robto -c:gray" });
    expect(r).toMatchObject({ ok: true, total: 0, suggestion: { query: "r>=0 t:robot -c:gray" } });
  });

  it("nothing to suggest: a word far from every title, or a search that found cards", async () => {
    expect(await searchCards({ q: "zzzzqqq" })).not.toHaveProperty("suggestion");
    expect(await searchCards({ q: "sonic" })).not.toHaveProperty("suggestion");
  });

  it("an unknown color is a parse error that names the color meant", async () => {
    const r = await searchCards({ q: "c:bleu" });
    expect(r).toMatchObject({ ok: false, error: { message: "Unknown color “bleu”. Did you mean blue?" } });
  });
});
