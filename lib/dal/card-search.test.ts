import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";

const t = vi.hoisted(() => ({ db: null as unknown as import("@/lib/db").PrismaClient }));
vi.mock("@/lib/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db")>()),
  get db() {
    return t.db;
  },
}));

import { seedDemoCatalog } from "@/lib/dal/seed";
import { cardWhereFromQuery, searchCards } from "@/lib/dal/card-search";
import { listCards } from "@/lib/dal/cards";
import { matchesCard, parseQuery } from "@/lib/search";
import type { CardDTO } from "@/lib/cards/types";

const testDb = createTestDatabase("card-search");
t.db = testDb.prisma;
let all: CardDTO[] = [];

beforeAll(async () => {
  await seedDemoCatalog(testDb.prisma);
  // a small second set with card text and an automated effect, for o: and is:
  const set = await testDb.prisma.cardSet.create({ data: { code: "XTRA", name: "Extra test set" } });
  const extra = [
    { number: 1, title: "Opposing Blue Buster", colorMask: 1, colorCount: 1, rings: 4, rarity: "promo", text: "Discard one opposing blue card.", effect: '{"trigger":"flip","actions":[{"type":"draw","count":1}]}' },
    { number: 2, title: "Sonic the Hedgehog", colorMask: 3, colorCount: 2, rings: 12, rarity: "rare", text: "Draw a card.", effect: null },
  ];
  for (const c of extra) {
    await testDb.prisma.card.create({ data: { ...c, titleKey: c.title.toLowerCase(), setId: set.id, traits: { create: [{ trait: "Animal", traitKey: "animal" }] } } });
  }
  all = (await listCards({ take: 1000 })).cards;
});
afterAll(() => testDb.cleanup());

async function keys(q: string, extra: Record<string, string | number> = {}): Promise<string[]> {
  const r = await searchCards({ q, pageSize: 200, ...extra });
  if (!r.ok) throw new Error(`${q}: ${r.error.message}`);
  return r.cards.map((c) => c.key);
}

function expected(q: string): string[] {
  const p = parseQuery(q);
  if (!p.ok) throw new Error(p.error.message);
  return all.filter((c) => matchesCard(p.ast, c)).map((c) => c.key);
}

const QUERIES = [
  "",
  "c:blue",
  "c:br",
  "c>=rb",
  "c=br",
  "c<=br",
  "c<br",
  "c>b",
  "c!=gray",
  "-c:gray",
  "c:m",
  "t:robot",
  "t:animal -c:blue",
  "r>=5",
  "r=0",
  "r<2",
  "rings:3..6",
  "r!=4",
  "rar:rare",
  "rar>=rare",
  "rar<uncommon",
  "set:DEMO",
  "set:xtra",
  "n:12",
  "n>=60",
  "o:discard",
  'o:"opposing blue"',
  "sonic",
  '"the hedgehog"',
  '!"Dr. Eggman"',
  "!tails",
  "c:blue or c:red",
  "t:robot (c:blue or c:red) r>=5",
  "-(c:blue or c:yellow) t:thing",
  "egg -t:robot",
  "is:automated",
  "is:vanilla set:xtra",
  "chaos or ring r<=3",
  '"%"',
  "o:_",
  '"e-1"',
  "t:robot -(c:blue or c:red)",
  "rar!=common r!=3",
  "n:1..5 or n>60",
];

describe("searchCards on the demo set", () => {
  it.each(QUERIES)("agrees with the in-memory filter for %j", async (q) => {
    expect((await keys(q)).sort()).toEqual(expected(q).sort());
  });

  it("finds the demo cards a player expects", async () => {
    expect(await keys("c:br set:demo")).toEqual(["DEMO-036", "DEMO-038", "DEMO-041"]);
    expect(await keys("c=br")).toEqual(["DEMO-036", "DEMO-038", "XTRA-002"]);
    expect(await keys("t:robot r>=7")).toEqual(["DEMO-035", "DEMO-036", "DEMO-038"]);
    expect(await keys("r=0")).toEqual(["DEMO-008", "DEMO-033", "DEMO-039"]);
    expect(await keys('!"Dr. Eggman"')).toEqual(["DEMO-018"]);
    expect(await keys("sonic")).toEqual(["DEMO-001", "DEMO-038", "DEMO-053", "XTRA-002"]); // Metal Sonic too
    expect(await keys('o:"opposing blue"')).toEqual(["XTRA-001"]);
    // text search is case-insensitive; demo effect texts say "discard" too, so compare with the data
    expect((await keys("O:DISCARD")).sort()).toEqual(expected("o:discard").sort());
    expect(await keys("O:DISCARD")).toContain("XTRA-001");
    expect(await keys("n:12 set:demo")).toEqual(["DEMO-012"]);
    expect(await keys("rar:sr -c:gray set:demo")).toEqual(["DEMO-038", "DEMO-053"]);
    expect((await keys("-c:gray set:demo")).length).toBe(66 - 18); // 18 demo cards have gray in them
  });

  it("sorts and paginates", async () => {
    expect((await keys("t:robot", { sort: "rings", dir: "desc" })).slice(0, 2)).toEqual(["DEMO-038", "DEMO-036"]);
    expect((await keys("set:demo", { sort: "title" }))[0]).toBe("DEMO-004"); // Amy Rose
    const p1 = await searchCards({ q: "set:demo", pageSize: 10, page: 1 });
    const p7 = await searchCards({ q: "set:demo", pageSize: 10, page: 7 });
    if (!p1.ok || !p7.ok) throw new Error("search failed");
    expect(p1.total).toBe(66);
    expect(p1.cards).toHaveLength(10);
    expect(p7.cards.map((c) => c.key)).toEqual(["DEMO-061", "DEMO-062", "DEMO-063", "DEMO-064", "DEMO-065", "DEMO-066"]);
  });

  it("falls back to defaults for junk paging parameters", async () => {
    const r = await searchCards({ q: "", page: "-3", pageSize: "abc", sort: "evil", dir: "sideways" });
    if (!r.ok) throw new Error("search failed");
    expect([r.page, r.pageSize, r.sort, r.dir]).toEqual([1, 60, "number", "asc"]);
  });

  it("returns the parser's error for an invalid query, not an empty page", async () => {
    const r = await searchCards({ q: "c:blue (t:robot" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.position).toBe(15);
    expect(cardWhereFromQuery("c:purple").ok).toBe(false);
  });

  it("builds a where clause other modules can combine", async () => {
    const w = cardWhereFromQuery("t:robot");
    if (!w.ok) throw new Error("bad");
    const n = await testDb.prisma.card.count({ where: { AND: [w.where, { rings: { gte: 7 } }] } });
    expect(n).toBe(3);
  });
});
