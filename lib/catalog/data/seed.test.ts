import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/test/db";
import { readDemoSet, seedDemoCatalog } from "@/lib/catalog/data/seed";
import { BASE_TRAITS } from "@/lib/catalog/rarity";
import { COLORS } from "@/lib/catalog/colors";
import { titleKey } from "@/lib/catalog/keys";

const t = createTestDatabase("seed");
afterAll(() => t.cleanup());

describe("demo set data", () => {
  const { data } = readDemoSet();
  it("is labelled unofficial", () => {
    expect(data.set.unofficial).toBe(true);
    expect(data.set.name.toLowerCase()).toContain("unofficial");
  });
  it("exercises the whole rulebook", () => {
    expect(data.cards.length).toBeGreaterThanOrEqual(60);
    for (const c of COLORS) expect(data.cards.some((card) => card.colors.includes(c))).toBe(true);
    expect(data.cards.filter((c) => c.colors.length > 1).length).toBeGreaterThanOrEqual(3);
    for (const trait of BASE_TRAITS) expect(data.cards.some((c) => c.traits.includes(trait))).toBe(true);
    const rings = new Set(data.cards.map((c) => c.rings));
    for (let r = 0; r <= 9; r++) expect(rings.has(r)).toBe(true);
    expect(new Set(data.cards.map((c) => c.rarity)).size).toBeGreaterThanOrEqual(3);
    // same color and rings under different titles, so copy discards happen
    const byColorRings = new Map<string, Set<string>>();
    for (const c of data.cards.filter((c) => c.colors.length === 1)) {
      const k = `${c.colors[0]}:${c.rings}`;
      byColorRings.set(k, (byColorRings.get(k) ?? new Set()).add(c.title));
    }
    expect([...byColorRings.values()].filter((s) => s.size > 1).length).toBeGreaterThanOrEqual(3);
    // some titles printed twice, so the per-title limit matters
    const titles = new Map<string, number>();
    for (const c of data.cards) titles.set(titleKey(c.title), (titles.get(titleKey(c.title)) ?? 0) + 1);
    expect([...titles.values()].filter((n) => n > 1).length).toBeGreaterThanOrEqual(2);
    expect(new Set(data.cards.map((c) => c.number)).size).toBe(data.cards.length);
  });
});

describe("seedDemoCatalog", () => {
  beforeAll(async () => {
    await seedDemoCatalog(t.prisma);
  });

  it("loads every card with its traits", async () => {
    const { data } = readDemoSet();
    expect(await t.prisma.card.count()).toBe(data.cards.length);
    const sonic = await t.prisma.card.findFirst({ where: { number: 1 }, include: { traits: true, set: true } });
    expect(sonic?.set.unofficial).toBe(true);
    expect(sonic?.traits.map((x) => x.trait)).toEqual(data.cards.find((c) => c.number === 1)?.traits);
  });

  it("is idempotent: a second run changes nothing", async () => {
    const before = await t.prisma.card.findMany({ orderBy: { number: "asc" }, include: { traits: true } });
    const report = await seedDemoCatalog(t.prisma);
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: before.length });
    const after = await t.prisma.card.findMany({ orderBy: { number: "asc" }, include: { traits: true } });
    expect(after).toEqual(before);
  });

  it("repairs a card changed in the database back to the shipped data", async () => {
    const card = await t.prisma.card.findFirstOrThrow({ where: { number: 2 } });
    await t.prisma.card.update({ where: { id: card.id }, data: { rings: 42 } });
    const report = await seedDemoCatalog(t.prisma);
    expect(report.updated).toBe(1);
    expect((await t.prisma.card.findUniqueOrThrow({ where: { id: card.id } })).rings).toBe(card.rings);
  });

  it("skips work when the set was seeded from the same file and onlyIfChanged is set", async () => {
    const report = await seedDemoCatalog(t.prisma, { onlyIfChanged: true });
    expect(report.skipped).toBe(true);
  });
});
