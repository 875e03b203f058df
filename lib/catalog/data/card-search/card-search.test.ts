import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import demoSet from "@/data/demo-set.json";
import { createTestDatabase } from "@/test/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import type { CardDTO } from "@/lib/catalog/card-types";
import type { OwnershipFilter } from "@/lib/collection/schemas";

/**
 * The one card search path (catalog, collection, deck editor) against the
 * in-memory reference filter (lib/catalog/search matchesCard), card for card, on
 * SQLite always and on PostgreSQL when TEST_POSTGRES_URL is set.
 */

type SearchTarget = { name: string; dialect: "sqlite" | "postgresql"; prisma: PrismaClient; cleanup: () => Promise<void> };

const h = vi.hoisted(() => ({ target: null as null | { prisma: unknown; dialect: "sqlite" | "postgresql" } }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.target!.prisma;
  },
  dbDialect: () => h.target!.dialect,
}));
vi.mock("next/cache", async () => (await import("@/test/next-mocks")).nextCacheMock());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const { searchCards, searchOwnedCards, normalizeSearchParams, MAX_PAGE } = await import("@/lib/catalog/data/card-search");
const { searchCardsForDeck } = await import("@/lib/decks/data");
const { listCards } = await import("@/lib/catalog/data/cards");
const { matchesCard, parseQuery } = await import("@/lib/catalog/search");
const { PLAYSET } = await import("@/lib/collection/schemas");

/** The 44 queries every search path has to agree on. */
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

/** Cards beyond the demo set: LIKE wildcards and the escape character in titles and text, non-ASCII letters, an effect. */
const EXTRA = [
  { number: 1, title: "Opposing Blue Buster", colorMask: 1, colorCount: 1, rings: 4, rarity: "promo", text: "Discard one opposing blue card.", effect: '{"trigger":"flip","actions":[{"type":"draw","count":1}]}', traits: ["Animal"] },
  { number: 2, title: "Sonic the Hedgehog", colorMask: 3, colorCount: 2, rings: 12, rarity: "rare", text: "Draw a card.", effect: null, traits: ["Animal", "Hero"] },
  { number: 3, title: "100% Juice_Box \\ Deluxe", colorMask: 12, colorCount: 2, rings: 0, rarity: "common", text: "Gain 50% more rings_now \\ later.", effect: null, traits: [] },
  { number: 4, title: "Émile Élan", colorMask: 15, colorCount: 4, rings: 99, rarity: "super rare", text: "ÉCLAIR strikes: Ünïcode stays as written.", effect: null, traits: ["Human"] },
];

/** Every query in these tests asks for one page big enough to hold the whole test catalog. */
const PAGE = { pageSize: 200 };

type Fixture = { all: CardDTO[]; owned: Map<string, number>; user: SessionUser };

async function setUp(target: SearchTarget): Promise<Fixture> {
  const prisma = target.prisma;
  await seedDemoCatalog(prisma);
  const set = await prisma.cardSet.create({ data: { code: "XTRA", name: "Extra test set" } });
  for (const { traits, ...c } of EXTRA) {
    await prisma.card.create({
      data: { ...c, titleKey: c.title.toLowerCase(), setId: set.id, traits: { create: traits.map((t) => ({ trait: t, traitKey: t.toLowerCase() })) } },
    });
  }
  const u = await prisma.user.create({ data: { email: "searcher@test.dev", displayName: "Searcher", passwordHash: "x" } });
  const user: SessionUser = { id: u.id, email: u.email, displayName: u.displayName, role: "user" } as SessionUser;
  const other = await prisma.user.create({ data: { email: "other@test.dev", displayName: "Other", passwordHash: "x" } });
  const all = (await listCards({ take: 1000 })).cards;
  // every 3rd card owned (some beyond a playset), one entry at 0, and another user's copies that must never count
  const owned = new Map<string, number>();
  for (const [i, c] of all.entries()) {
    if (i % 3 === 0) owned.set(c.id, 1 + (i % 9));
    if (i % 3 === 1) await prisma.collectionEntry.create({ data: { userId: other.id, cardId: c.id, quantity: 7 } });
  }
  owned.set(all[1].id, 0);
  for (const [cardId, quantity] of owned) await prisma.collectionEntry.create({ data: { userId: user.id, cardId, quantity } });
  return { all, owned, user };
}

function expected(fx: Fixture, q: string, ownership: OwnershipFilter = "all"): string[] {
  const p = parseQuery(q);
  if (!p.ok) throw new Error(`${q}: ${p.error.message}`);
  const keep = (c: CardDTO) => {
    const n = fx.owned.get(c.id) ?? 0;
    if (ownership === "owned") return n > 0;
    if (ownership === "missing") return n <= 0;
    if (ownership === "duplicates") return n > PLAYSET;
    return true;
  };
  return fx.all.filter((c) => matchesCard(p.ast, c) && keep(c)).map((c) => c.key).sort();
}

async function catalogKeys(q: string): Promise<string[]> {
  const r = await searchCards({ q, ...PAGE });
  if (!r.ok) throw new Error(`${q}: ${r.error.message}`);
  expect(r.total).toBe(r.cards.length);
  return r.cards.map((c) => c.key).sort();
}

async function collectionKeys(fx: Fixture, q: string, ownership: OwnershipFilter): Promise<string[]> {
  const r = await searchOwnedCards(fx.user, { q, ownership, ...PAGE });
  if (!r.ok) throw new Error(`${q}: ${r.error.message}`);
  expect(r.total).toBe(r.cards.length);
  for (const c of r.cards) expect(c.quantity).toBe(fx.owned.get(c.id) ?? 0);
  return r.cards.map((c) => c.key).sort();
}

async function editorKeys(user: SessionUser, q: string, onlyOwned: boolean): Promise<string[]> {
  const r = await searchCardsForDeck(user, q, { onlyOwned, take: 200 });
  if (r.error) throw new Error(`${q}: ${r.error}`);
  expect(r.total).toBe(r.cards.length);
  return r.cards.map((c) => c.key).sort();
}

// ---- a generated query language: terms over values that occur in the test catalog, and combinations ----

const op = fc.constantFrom(":", "=", "!=", "<", "<=", ">", ">=");
const numberOp = fc.constantFrom(":", "=", "!=", "<", "<=", ">", ">=");
const quoted = (s: string) => `"${s.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
const word = fc.constantFrom(
  "sonic", "the", "egg", "chaos", "ring", "tails", "e-1", "%", "_", "\\", "juice_box", "100%", "émile", "ÉMILE", "élan", "hedgehog", "a", "x", "zzz", "dr.",
);
const textWord = fc.constantFrom("discard", "DISCARD", "draw", "opposing blue", "card", "%", "_", "50%", "rings_now", "\\", "éclair", "ÉCLAIR", "Ünïcode", "ünïcode", "blue", "flip", "zzz");
const titleWord = fc.constantFrom("Dr. Eggman", "tails", "Sonic the Hedgehog", "sonic the  hedgehog", "100% Juice_Box \\ Deluxe", "émile élan", "Nope");

const term: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom("c", "color"), op, fc.constantFrom("b", "r", "y", "g", "br", "yg", "bryg", "blue", "gray", "red,yellow", "m")).map(([k, o, v]) => (v === "m" ? `${k}:m` : `${k}${o}${v}`)),
  fc.tuple(fc.constantFrom("t", "trait"), fc.constantFrom("robot", "Animal", "human", "place", "thing", "hero", "none")).map(([k, v]) => `${k}:${v}`),
  fc.tuple(fc.constantFrom("r", "rings", "n"), numberOp, fc.integer({ min: 0, max: 100 })).map(([k, o, v]) => `${k}${o}${v}`),
  fc.tuple(fc.constantFrom("r", "n"), fc.integer({ min: 0, max: 70 }), fc.integer({ min: 0, max: 30 })).map(([k, a, d]) => `${k}:${a}..${a + d}`),
  fc.tuple(numberOp, fc.constantFrom("c", "u", "r", "sr", "p", "common", '"super rare"')).map(([o, v]) => `rar${o}${v}`),
  fc.constantFrom("set:DEMO", "set:xtra", "s:nope", "e:Demo"),
  textWord.map((w) => (/[\s"\\]/.test(w) ? `o:${quoted(w)}` : `o:${w}`)),
  word.map((w) => (/[\s"\\()]/.test(w) ? quoted(w) : w)),
  word.map(quoted),
  titleWord.map((t) => `!${quoted(t)}`),
  fc.constantFrom("is:multicolor", "is:automated", "is:vanilla", "is:m"),
);

const { query } = fc.letrec<{ query: string; group: string; unit: string }>((tie) => ({
  unit: fc.oneof({ depthSize: "small", withCrossShrink: true }, term, term, tie("group"), tie("unit").map((u) => `-${u}`)),
  group: tie("query").map((q) => `(${q})`),
  query: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("unit"),
    fc.array(tie("unit"), { minLength: 2, maxLength: 4 }).chain((us) => fc.constantFrom(us.join(" "), us.join(" and "))),
    fc.array(tie("unit"), { minLength: 2, maxLength: 3 }).map((us) => us.join(" or ")),
  ),
}));

/** The databases the search runs on. */
function searchTargets(): { name: string; open: () => SearchTarget }[] {
  return [
    {
      name: process.env.TEST_DATABASE_PROVIDER === "postgresql" ? "PostgreSQL" : "SQLite",
      open: () => {
        // SQLite, or PostgreSQL in the Vitest project "postgres" (vitest.config.ts)
        const db = createTestDatabase("card-search");
        return { name: db.provider === "postgresql" ? "PostgreSQL" : "SQLite", dialect: db.provider, prisma: db.prisma, cleanup: db.cleanup };
      },
    },
  ];
}

describe.each(searchTargets())("card search on $name", ({ open }) => {
  let fx: Fixture;
  let target: SearchTarget;
  beforeAll(async () => {
    target = open();
    h.target = target;
    fx = await setUp(target);
  });
  afterAll(async () => {
    await target.cleanup();
  });

  it.each(QUERIES)("catalog, collection and deck editor agree with the in-memory filter for %j", async (q) => {
    h.target = target;
    const want = expected(fx, q);
    expect(await catalogKeys(q)).toEqual(want);
    expect(await editorKeys(fx.user, q, false)).toEqual(want);
    expect(await editorKeys(fx.user, q, true)).toEqual(expected(fx, q, "owned"));
    for (const ownership of ["all", "owned", "missing", "duplicates"] as const) {
      expect(await collectionKeys(fx, q, ownership)).toEqual(expected(fx, q, ownership));
    }
  });

  it("agrees with the in-memory filter on generated queries", async () => {
    h.target = target;
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom<OwnershipFilter>("all", "owned", "missing", "duplicates"), async (q, ownership) => {
        const parsed = parseQuery(q);
        if (!parsed.ok) throw new Error(`generated query ${JSON.stringify(q)} did not parse: ${parsed.error.message}`);
        expect(await catalogKeys(q)).toEqual(expected(fx, q));
        expect(await collectionKeys(fx, q, ownership)).toEqual(expected(fx, q, ownership));
      }),
      { numRuns: 150 },
    );
    // small pages in set/number order: broad matches walk the (set, number) index, narrow ones sort; both give the same slice
    await fc.assert(
      fc.asyncProperty(query, fc.integer({ min: 1, max: 4 }), fc.constantFrom<OwnershipFilter>("all", "missing"), async (q, page, ownership) => {
        const inOrder = (keys: string[]) => fx.all.filter((c) => keys.includes(c.key)).map((c) => c.key); // fx.all is in set/number order
        const want = inOrder(expected(fx, q, ownership));
        const catalog = await searchCards({ q, page, pageSize: 7 });
        const owned = await searchOwnedCards(fx.user, { q, page, pageSize: 7, ownership });
        if (!catalog.ok || !owned.ok) throw new Error(`${q}: search failed`);
        expect(catalog.total).toBe(inOrder(expected(fx, q)).length);
        expect(catalog.cards.map((c) => c.key)).toEqual(inOrder(expected(fx, q)).slice((page - 1) * 7, page * 7));
        expect(owned.total).toBe(want.length);
        expect(owned.cards.map((c) => c.key)).toEqual(want.slice((page - 1) * 7, page * 7));
      }),
      { numRuns: 60 },
    );
    // the editor shares the collection's query; a few generated queries through it too
    await fc.assert(
      fc.asyncProperty(query, fc.boolean(), async (q, onlyOwned) => {
        expect(await editorKeys(fx.user, q, onlyOwned)).toEqual(expected(fx, q, onlyOwned ? "owned" : "all"));
      }),
      { numRuns: 30 },
    );
  });

  it("escapes LIKE wildcards and the escape character, so they only match themselves", async () => {
    h.target = target;
    expect(await catalogKeys('"%"')).toEqual(["XTRA-003"]);
    expect(await catalogKeys("o:_")).toEqual(["XTRA-003"]);
    expect(await catalogKeys('"\\\\"')).toEqual(["XTRA-003"]);
    expect(await collectionKeys(fx, '"%"', "all")).toEqual(["XTRA-003"]);
    expect(await editorKeys(fx.user, "o:_", false)).toEqual(["XTRA-003"]);
  });

  it("folds case for titles, and for A–Z in card text", async () => {
    h.target = target;
    expect(await catalogKeys("ÉMILE")).toEqual(["XTRA-004"]);
    expect(await catalogKeys('o:"éclair STRIKES"')).toEqual([]); // É and é are different letters in card text
    expect(await catalogKeys('o:"ÉCLAIR strikes"')).toEqual(["XTRA-004"]);
    expect(await catalogKeys("O:DISCARD")).toEqual(expected(fx, "o:discard"));
    expect(await catalogKeys("O:DISCARD")).toContain("XTRA-001");
  });

  it("finds the demo cards a player expects, in order", async () => {
    h.target = target;
    const keys = async (q: string, extra: Record<string, string | number> = {}) => {
      const r = await searchCards({ q, ...PAGE, ...extra });
      if (!r.ok) throw new Error(r.error.message);
      return r.cards.map((c) => c.key);
    };
    expect(await keys("c:br set:demo")).toEqual(["DEMO-036", "DEMO-038", "DEMO-041"]);
    expect(await keys("c=br")).toEqual(["DEMO-036", "DEMO-038", "XTRA-002"]);
    expect(await keys("t:robot r>=7")).toEqual(["DEMO-035", "DEMO-036", "DEMO-038", "DEMO-073"]);
    expect(await keys("r=0 set:demo")).toEqual(["DEMO-008", "DEMO-033", "DEMO-039"]);
    expect(await keys('!"Dr. Eggman"')).toEqual(["DEMO-018"]);
    expect(await keys("sonic")).toEqual(["DEMO-001", "DEMO-038", "DEMO-053", "XTRA-002"]); // Metal Sonic too
    expect(await keys('o:"opposing blue"')).toEqual(["XTRA-001"]);
    expect(await keys("n:12 set:demo")).toEqual(["DEMO-012"]);
    expect(await keys("rar:sr -c:gray set:demo")).toEqual(["DEMO-038", "DEMO-053"]);
    // the demo set grows: counts come from its file
    expect((await keys("-c:gray set:demo")).length).toBe(demoSet.cards.filter((c) => !c.colors.includes("gray")).length);
    expect((await keys("t:robot", { sort: "rings", dir: "desc" })).slice(0, 2)).toEqual(["DEMO-038", "DEMO-036"]);
    expect((await keys("set:demo", { sort: "title" }))[0]).toBe("DEMO-004"); // Amy Rose
    const byTitle = await searchCards({ q: "", sort: "title", dir: "desc", ...PAGE });
    if (!byTitle.ok) throw new Error("search failed");
    const titles = byTitle.cards.map((c) => c.title.toLowerCase());
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))); // byte order on both databases
    // traits come back with each card
    expect(await searchCards({ q: "n:2 set:xtra" })).toMatchObject({ ok: true, cards: [{ key: "XTRA-002", traits: ["Animal", "Hero"] }] });
  });

  it("paginates with a total, and counts past the first page", async () => {
    h.target = target;
    const p1 = await searchCards({ q: "set:demo", pageSize: 10, page: 1 });
    const p7 = await searchCards({ q: "set:demo", pageSize: 10, page: 7 });
    const owned = await searchOwnedCards(fx.user, { q: "set:demo", pageSize: 10, page: 2, ownership: "owned" });
    if (!p1.ok || !p7.ok || !owned.ok) throw new Error("search failed");
    expect(p1.total).toBe(demoSet.cards.length);
    expect(p1.cards).toHaveLength(10);
    expect(p7.cards.map((c) => c.key)).toEqual(["DEMO-061", "DEMO-062", "DEMO-063", "DEMO-064", "DEMO-065", "DEMO-066", "DEMO-067", "DEMO-068", "DEMO-069", "DEMO-070"]);
    expect(owned.total).toBe(expected(fx, "set:demo", "owned").length);
    expect(owned.cards.map((c) => c.key)).toEqual(expected(fx, "set:demo", "owned").slice(10, 20));
  });

  it("returns the parser's error for an invalid or oversized query, never an empty page or a throw", async () => {
    h.target = target;
    const bad = await searchCards({ q: "c:blue (t:robot" });
    expect(bad).toMatchObject({ ok: false, error: { code: "query/syntax", position: 15 } });
    expect(await searchOwnedCards(fx.user, { q: "n>9223372036854775807" })).toMatchObject({ ok: false, error: { code: "query/number-too-large", position: 2 } });
    expect(await searchCards({ q: "-(".repeat(101) + "a" + ")".repeat(101) })).toMatchObject({ ok: false, error: { code: "query/too-deep" } });
    expect(await searchCardsForDeck(fx.user, "x " + "(x or ".repeat(40) + "y" + ")".repeat(40))).toMatchObject({ cards: [], error: expect.stringMatching(/nested too deeply/) });
    expect(await searchCards({ q: "a".repeat(5000) })).toMatchObject({ ok: false, error: { code: "query/too-long", position: 1000 } });
  });

  it("runs the deepest, longest queries the parser accepts", async () => {
    h.target = target;
    const { MAX_QUERY_DEPTH, MAX_QUERY_TERMS } = await import("@/lib/catalog/search/limits");
    // alternating negation and groups: the shape no flattening removes
    const half = Math.floor(MAX_QUERY_DEPTH / 2);
    const deep = "-(a or ".repeat(half) + "sonic" + ")".repeat(half);
    const wide = Array.from({ length: MAX_QUERY_TERMS }, (_, i) => (i % 2 ? "c!=gray" : "-t:robot")).join(" or ");
    const nested = "(".repeat(MAX_QUERY_DEPTH) + "o:%" + ")".repeat(MAX_QUERY_DEPTH);
    for (const q of [deep, wide, nested]) {
      expect(parseQuery(q).ok).toBe(true);
      expect(await catalogKeys(q)).toEqual(expected(fx, q));
      expect(await collectionKeys(fx, q, "missing")).toEqual(expected(fx, q, "missing"));
    }
  });

  it("never lets a random query throw: a page, or the typed query error", async () => {
    h.target = target;
    const alphabet = fc.constantFrom(..."abcrtno:=<>!-()\"\\ .%_0123456789éÉ\u0000\t".split(""), " or ", " and ", "c:", "r>", "n<=", "..", "-(", "99999999999999999999");
    await fc.assert(
      fc.asyncProperty(fc.array(alphabet, { maxLength: 60 }).map((a) => a.join("")), async (q) => {
        const catalog = await searchCards({ q, ...PAGE });
        const collection = await searchOwnedCards(fx.user, { q, ownership: "missing", ...PAGE });
        const parsed = parseQuery(q);
        expect(catalog.ok).toBe(parsed.ok);
        expect(collection.ok).toBe(parsed.ok);
        if (!parsed.ok) {
          expect(catalog).toEqual({ ok: false, error: parsed.error });
          expect(parsed.error.code).toMatch(/^query\//);
        } else if (catalog.ok && collection.ok) {
          expect(catalog.cards.map((c) => c.key).sort()).toEqual(expected(fx, q));
          expect(collection.cards.map((c) => c.key).sort()).toEqual(expected(fx, q, "missing"));
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("normalizeSearchParams", () => {
  it("falls back to defaults for junk and bounds page numbers", () => {
    expect(normalizeSearchParams({ q: "", page: "-3", pageSize: "abc", sort: "evil", dir: "sideways" })).toMatchObject({ page: 1, pageSize: 60, sort: "number", dir: "asc" });
    expect(normalizeSearchParams({ page: "153722867280912931" }).page).toBe(MAX_PAGE);
    expect(normalizeSearchParams({ page: "1e400" }).page).toBe(1);
    expect(normalizeSearchParams({ pageSize: "1000000" }).pageSize).toBe(200);
  });
});
