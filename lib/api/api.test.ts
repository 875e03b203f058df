import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { apiRequest, params } from "@/test/api-harness";
import { current } from "@/test/session-mock";

/**
 * The API's behaviour around the data: the same cards as the /cards page for
 * the same query, rate limits with their headers, ETag revalidation, API
 * keys, CORS.
 */

const h = vi.hoisted(() => ({ prisma: null as unknown as import("@/lib/server/db/db").PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", () => ({ revalidateTag: () => undefined, unstable_cache: <T,>(fn: T) => fn }));

const t = createTestDatabase("api-behaviour");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const { cachedCardSearch } = await import("@/lib/catalog/data/public-pages");
const { SYNTAX_SECTIONS } = await import("@/lib/catalog/search/help-examples");
const { createApiKey, revokeApiKey } = await import("@/lib/api/data/keys");
const cards = await import("@/app/api/v1/cards/route");
const card = await import("@/app/api/v1/cards/[set]/[number]/route");
const sets = await import("@/app/api/v1/sets/route");

let user: { id: string; email: string; displayName: string; role: "user" };
beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  const u = await t.prisma.user.create({ data: { email: "api-key@example.test", displayName: "Key Holder", passwordHash: "x" } });
  user = { id: u.id, email: u.email, displayName: u.displayName, role: "user" };
  current.user = null;
});

type CardList = { total: number; hasMore: boolean; nextCursor: string | null; warnings: string[]; data: { id: string }[] };

/** Every card id the API returns for a query, following nextCursor to the end. */
async function allApiIds(q: string, sort = "number", dir = "asc"): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let total = 0;
  for (let i = 0; i < 50; i++) {
    const qs = new URLSearchParams({ q, sort, dir, ...(cursor ? { cursor } : {}) });
    const res = await cards.GET(apiRequest(`/api/v1/cards?${qs}`, { address: "198.51.100.1" }));
    expect(res.status, q).toBe(200);
    const body = (await res.json()) as CardList;
    ids.push(...body.data.map((c) => c.id));
    total = body.total;
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  return { ids, total };
}

/** Every card id the /cards page shows for a query, page by page, from the data function it renders. */
async function allPageIds(q: string, sort = "number", dir = "asc"): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = 0;
  for (let page = 1; page < 50; page++) {
    const r = await cachedCardSearch({ q, sort, dir, page: String(page) });
    if (!r.ok) throw new Error(r.error.message);
    ids.push(...r.cards.map((c) => c.id));
    total = r.total;
    if (page * r.pageSize >= r.total) break;
  }
  return { ids, total };
}

describe("API search and the /cards page find the same cards", () => {
  const queries = [...SYNTAX_SECTIONS.flatMap((s) => s.examples.map((e) => e.q)), "", "sonic or knuckles", "-c:red rings>=3"];
  it.each(queries)("q=%s", async (q) => {
    const [api, page] = await Promise.all([allApiIds(q), allPageIds(q)]);
    expect(api.total).toBe(page.total);
    expect(api.ids).toEqual(page.ids);
  });

  it("in another order too, and the whole catalog pages through without repeats", async () => {
    const [api, page] = await Promise.all([allApiIds("", "title", "desc"), allPageIds("", "title", "desc")]);
    expect(api.ids).toEqual(page.ids);
    expect(new Set(api.ids).size).toBe(api.total);
    expect(api.total).toBeGreaterThan(60);
  });

  it("a query the page refuses is refused by the API with the parser's message", async () => {
    const res = await cards.GET(apiRequest("/api/v1/cards?q=c%3Ableu"));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: "input/invalid", message: expect.stringMatching(/Unknown color “bleu”\. Did you mean blue\?/) });
  });

  it("warns about terms that match nothing known, and not about good ones", async () => {
    const body = async (q: string) => (await (await cards.GET(apiRequest(`/api/v1/cards?q=${encodeURIComponent(q)}`))).json()) as CardList;
    expect((await body("t:robto")).warnings).toEqual(["“t:robto”: no card has the trait “robto”; did you mean “t:robot”?"]);
    expect((await body("set:DEMX")).warnings[0]).toMatch(/no set “DEMX”; did you mean “set:DEMO”/);
    expect((await body("t:robot sonic")).warnings).toEqual([]);
    const mixed = await body("t:robto or sonic");
    expect(mixed.total).toBeGreaterThan(0);
    expect(mixed.warnings).toHaveLength(1);
  });

  it("a cursor of another query is refused", async () => {
    const first = (await (await cards.GET(apiRequest("/api/v1/cards?q="))).json()) as CardList;
    expect(first.nextCursor).not.toBeNull();
    const res = await cards.GET(apiRequest(`/api/v1/cards?q=sonic&cursor=${first.nextCursor}`));
    expect(res.status).toBe(400);
  });
});

describe("rate limits", () => {
  it("sends RateLimit-* headers, counts down, and answers 429 with Retry-After past the limit", async () => {
    process.env.RATE_LIMIT_API_ADDRESS = "3/60";
    try {
      const address = "203.0.113.50";
      const seen: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await sets.GET(apiRequest("/api/v1/sets", { address }));
        expect(res.status).toBe(200);
        expect(res.headers.get("RateLimit-Limit")).toBe("3");
        seen.push(res.headers.get("RateLimit-Remaining")!);
        expect(Number(res.headers.get("RateLimit-Reset"))).toBeGreaterThan(0);
      }
      expect(seen).toEqual(["2", "1", "0"]);
      const over = await sets.GET(apiRequest("/api/v1/sets", { address }));
      expect(over.status).toBe(429);
      expect(over.headers.get("RateLimit-Remaining")).toBe("0");
      expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(over.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(((await over.json()) as { error: { code: string } }).error.code).toBe("rate/limited");
      // another address has its own window
      expect((await sets.GET(apiRequest("/api/v1/sets", { address: "203.0.113.51" }))).status).toBe(200);
    } finally {
      delete process.env.RATE_LIMIT_API_ADDRESS;
    }
  });
});

describe("ETag", () => {
  it("a matching If-None-Match gets 304 without a body; a stale one gets the card", async () => {
    const first = await card.GET(apiRequest("/api/v1/cards/DEMO/1"), params({ set: "DEMO", number: "1" }));
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const again = await card.GET(apiRequest("/api/v1/cards/DEMO/1", { headers: { "If-None-Match": `W/${etag}, "other"` } }), params({ set: "DEMO", number: "1" }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
    const stale = await card.GET(apiRequest("/api/v1/cards/DEMO/1", { headers: { "If-None-Match": '"not-it"' } }), params({ set: "DEMO", number: "1" }));
    expect(stale.status).toBe(200);
    const other = await card.GET(apiRequest("/api/v1/cards/DEMO/2", { headers: { "If-None-Match": etag! } }), params({ set: "DEMO", number: "2" }));
    expect(other.status).toBe(200);
  });
});

describe("API keys", () => {
  it("a key is counted on its own, larger window; a revoked or made-up key is refused 401", async () => {
    const made = await createApiKey(user, "bot");
    if (!("secret" in made)) throw new Error("no key");
    expect(made.secret).toMatch(/^rbk_/);
    expect(await t.prisma.apiKey.count({ where: { hash: made.secret } })).toBe(0);
    const withKey = await sets.GET(apiRequest("/api/v1/sets", { headers: { Authorization: `Bearer ${made.secret}` } }));
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get("RateLimit-Limit")).toBe("1200");
    const viaHeader = await sets.GET(apiRequest("/api/v1/sets", { headers: { "X-Api-Key": made.secret } }));
    expect(viaHeader.headers.get("RateLimit-Remaining")).toBe("1198");
    expect((await t.prisma.apiKey.findUniqueOrThrow({ where: { id: made.key.id } })).lastUsedAt).not.toBeNull();

    const madeUp = await sets.GET(apiRequest("/api/v1/sets", { headers: { Authorization: "Bearer rbk_madeup" } }));
    expect(madeUp.status).toBe(401);
    expect(((await madeUp.json()) as { error: { code: string } }).error.code).toBe("auth/unauthenticated");

    expect(await revokeApiKey(user, made.key.id)).toEqual({ id: made.key.id });
    expect((await sets.GET(apiRequest("/api/v1/sets", { headers: { "X-Api-Key": made.secret } }))).status).toBe(401);
  });

  it("without a key, the address's window applies", async () => {
    const res = await sets.GET(apiRequest("/api/v1/sets", { address: "203.0.113.99" }));
    expect(res.headers.get("RateLimit-Limit")).toBe("300");
  });
});

describe("CORS", () => {
  it("GET answers are open to every origin and expose the rate and cache headers; OPTIONS answers the preflight", async () => {
    const res = await sets.GET(apiRequest("/api/v1/sets", { headers: { Origin: "https://fan.example" } }));
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Expose-Headers")).toMatch(/RateLimit-Remaining/);
    const pre = await sets.OPTIONS(apiRequest("/api/v1/sets", { method: "OPTIONS", headers: { Origin: "https://fan.example", "Access-Control-Request-Headers": "authorization" } }));
    expect(pre.status).toBe(204);
    expect(pre.headers.get("Access-Control-Allow-Methods")).toBe("GET, OPTIONS");
    expect(pre.headers.get("Access-Control-Allow-Headers")).toMatch(/Authorization/);
  });
});
