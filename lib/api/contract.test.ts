import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { createTestDatabase } from "@/test/db";
import { apiRequest, params, seedDecks } from "@/test/api-harness";

/**
 * The contract: every endpoint of /api/v1, called like a client would, answers
 * what the OpenAPI document it serves says — each answer's status is one the
 * document lists for the operation, and its body validates (Ajv, JSON Schema
 * 2020-12 as OpenAPI 3.1 uses it, with formats) against that status's schema.
 * The document itself must be a well-formed OpenAPI 3.1 object whose paths
 * are exactly the routes under app/api/v1.
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

const t = createTestDatabase("api-contract");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const { encodeDeckCode } = await import("@/lib/decks");
const cards = await import("@/app/api/v1/cards/route");
const card = await import("@/app/api/v1/cards/[set]/[number]/route");
const sets = await import("@/app/api/v1/sets/route");
const decks = await import("@/app/api/v1/decks/route");
const deck = await import("@/app/api/v1/decks/[slug]/route");
const deckCode = await import("@/app/api/v1/decks/code/[code]/route");
const openapi = await import("@/app/api/v1/openapi.json/route");
const bulk = await import("@/app/api/v1/bulk/route");
const bulkFile = await import("@/app/api/v1/bulk/cards.json.gz/route");
const cockatrice = await import("@/app/api/v1/bulk/cockatrice.xml/route");
const replay = await import("@/app/api/v1/replays/[code]/route");

/** A game between two new players, open in the lobby (or by invite), played a few steps and conceded: its replay's code. */
async function finishedGame(listing: "open" | "invite"): Promise<string> {
  const { createGame, joinGame } = await import("@/lib/play/data/games");
  const { loadGame, submit } = await import("@/lib/play/referee");
  const { makeUser, starterSeatDeck } = await import("@/lib/play/test-fixture");
  const [a, b] = [await makeUser(t.prisma, "Amy"), await makeUser(t.prisma, "Big")];
  const { code } = await createGame(a, { listing, pace: "live", columnRule: "priority" }, starterSeatDeck());
  const token = (await t.prisma.playGame.findUniqueOrThrow({ where: { code } })).inviteToken;
  await joinGame(b, { token }, starterSeatDeck("eggman-empire"));
  const { messageFor } = await import("@/lib/play/views");
  const { legalActionsForView } = await import("@/lib/engine");
  for (const [seat, u] of [a, b].entries()) {
    const { player: _p, ...move } = legalActionsForView(messageFor((await loadGame(code))!.live!, seat as 0 | 1, 0).view)[0];
    await submit({ userId: u.id }, code, { seq: 0, move });
  }
  await submit({ userId: b.id }, code, { seq: (await loadGame(code))!.record.seq, move: { type: "concede" } });
  return (await t.prisma.playReplay.findFirstOrThrow({ where: { game: { code } } })).code;
}

type Doc = { openapi: string; paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: object }> }> } }>; components: { schemas: Record<string, object> } };
let doc: Doc;
let slugs: Awaited<ReturnType<typeof seedDecks>>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  slugs = await seedDecks(t.prisma);
  const res = await openapi.GET(apiRequest("/api/v1/openapi.json"));
  expect(res.status).toBe(200);
  doc = (await res.json()) as Doc;
  ajv.addSchema({ $id: "doc", components: doc.components });
});

/** Checks one answer against the document's operation at `path`: a listed status, and a body matching its schema. */
async function conforms(path: string, res: Response): Promise<unknown> {
  const op = doc.paths[path]?.get;
  expect(op, `${path} is in the document`).toBeDefined();
  const listed = op.responses[String(res.status)];
  expect(listed, `${path} answered ${res.status}, which the document does not list`).toBeDefined();
  if (res.status === 304) return null;
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim();
  expect(Object.keys(listed.content ?? {}), `${path} ${res.status} is documented as ${type}`).toContain(type);
  if (type !== "application/json") return new Uint8Array(await res.arrayBuffer());
  const schema = listed.content?.["application/json"]?.schema;
  expect(schema, `${path} ${res.status} has a JSON schema`).toBeDefined();
  const body: unknown = await res.json();
  const validate = ajv.compile({ $ref: `doc#${(schema as { $ref: string }).$ref.slice(1)}` });
  expect(validate(body) ? [] : validate.errors, `${path} ${res.status}`).toEqual([]);
  return body;
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and lists exactly the API's GET routes", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const { walk } = await import("@/test/walk");
    const path = await import("node:path");
    const root = path.resolve(__dirname, "../../app/api/v1");
    const routes = walk(root, (f) => f.endsWith("route.ts"))
      .map((f) => "/" + path.relative(root, path.dirname(f)).replace(/\[([^\]]+)\]/g, "{$1}"))
      .filter((p) => p !== "/openapi.json")
      .sort();
    expect(Object.keys(doc.paths).sort()).toEqual(routes);
  });

  it("every component schema compiles (the validator would reject a malformed one)", () => {
    for (const name of Object.keys(doc.components.schemas)) expect(() => ajv.compile({ $ref: `doc#/components/schemas/${name}` }), name).not.toThrow();
  });
});

describe("every endpoint answers what the document says", () => {
  it("/cards: a search, a page by cursor, field selection, warnings, and a refused query", async () => {
    const first = (await conforms("/cards", await cards.GET(apiRequest("/api/v1/cards?q=")))) as { total: number; hasMore: boolean; nextCursor: string | null; data: { id: string }[] };
    expect(first.data.length).toBeGreaterThan(0);
    if (first.hasMore) {
      const next = (await conforms("/cards", await cards.GET(apiRequest(`/api/v1/cards?cursor=${first.nextCursor}`)))) as { data: { id: string }[] };
      expect(next.data[0].id).not.toBe(first.data[0].id);
    }
    const picked = (await conforms("/cards", await cards.GET(apiRequest("/api/v1/cards?q=sonic&fields=title,rings")))) as { data: Record<string, unknown>[] };
    expect(Object.keys(picked.data[0]).sort()).toEqual(["id", "key", "object", "rings", "title"]);
    const warned = (await conforms("/cards", await cards.GET(apiRequest("/api/v1/cards?q=t%3Arobto")))) as { total: number; warnings: string[] };
    expect(warned.total).toBe(0);
    expect(warned.warnings.join(" ")).toMatch(/robto/);
    await conforms("/cards", await cards.GET(apiRequest("/api/v1/cards?q=c%3Ableu")));
    await conforms("/cards", await cards.GET(apiRequest("/api/v1/cards?fields=colour")));
    await conforms("/cards", await cards.GET(apiRequest("/api/v1/cards?cursor=bm9wZQ")));
  });

  it("/cards/{set}/{number}: found and not found", async () => {
    const found = (await conforms("/cards/{set}/{number}", await card.GET(apiRequest("/api/v1/cards/DEMO/1"), params({ set: "DEMO", number: "1" })))) as { key: string };
    expect(found.key).toBe("DEMO-001");
    const missing = await card.GET(apiRequest("/api/v1/cards/DEMO/9999"), params({ set: "DEMO", number: "9999" }));
    expect(missing.status).toBe(404);
    await conforms("/cards/{set}/{number}", missing);
  });

  it("/sets", async () => {
    const body = (await conforms("/sets", await sets.GET(apiRequest("/api/v1/sets")))) as { data: { code: string; cardCount: number }[] };
    expect(body.data.find((s) => s.code === "DEMO")?.cardCount).toBeGreaterThan(0);
  });

  it("/decks lists public decks only", async () => {
    const body = (await conforms("/decks", await decks.GET(apiRequest("/api/v1/decks")))) as { data: { slug: string }[] };
    expect(body.data.map((d) => d.slug)).toContain(slugs.publicSlug);
    expect(body.data.map((d) => d.slug)).not.toContain(slugs.privateSlug);
  });

  it("/decks/{slug}: a public deck, and a private one is not found", async () => {
    const body = (await conforms("/decks/{slug}", await deck.GET(apiRequest(`/api/v1/decks/${slugs.publicSlug}`), params({ slug: slugs.publicSlug })))) as { cards: unknown[]; total: number };
    expect(body.total).toBe(30);
    const hidden = await deck.GET(apiRequest(`/api/v1/decks/${slugs.privateSlug}`), params({ slug: slugs.privateSlug }));
    expect(hidden.status).toBe(404);
    await conforms("/decks/{slug}", hidden);
  });

  it("/decks/code/{code}: a code's list, and an unreadable code", async () => {
    const code = encodeDeckCode([{ set: "DEMO", number: 1, quantity: 3 }, { set: "DEMO", number: 2, quantity: 2 }]);
    const body = (await conforms("/decks/code/{code}", await deckCode.GET(apiRequest(`/api/v1/decks/code/${code}`), params({ code })))) as { total: number };
    expect(body.total).toBe(5);
    await conforms("/decks/code/{code}", await deckCode.GET(apiRequest("/api/v1/decks/code/%%%"), params({ code: "%%%" })));
  });

  it("/replays/{code}: a lobby game's replay, step by step; a private game's and an unknown code are not found", async () => {
    const code = await finishedGame("open");
    const body = (await conforms("/replays/{code}", await replay.GET(apiRequest(`/api/v1/replays/${code}`), params({ code })))) as { id: string; winner: number; steps: { seq: number; action: string | null }[]; players: { deck: { cards: unknown[] } }[] };
    expect(body.id).toBe(code);
    expect(body.winner).toBe(0);
    expect(body.steps.map((s) => s.action)).toEqual([null, "place", "place", "concede"]);
    expect(body.players.every((p) => p.deck.cards.length > 0)).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/"seed"|inviteToken/);
    const hidden = await finishedGame("invite");
    expect((await conforms("/replays/{code}", await replay.GET(apiRequest(`/api/v1/replays/${hidden}`), params({ code: hidden })))) as unknown).toMatchObject({ error: { code: "play/not-found" } });
    await conforms("/replays/{code}", await replay.GET(apiRequest("/api/v1/replays/nope"), params({ code: "nope" })));
  });

  it("/bulk describes the file /bulk/cards.json.gz serves: same size and SHA-256, every card, a 304 on its ETag", async () => {
    const { gunzipSync } = await import("node:zlib");
    const { createHash } = await import("node:crypto");
    const meta = (await conforms("/bulk", await bulk.GET(apiRequest("/api/v1/bulk")))) as { size: number; sha256: string; cardCount: number; downloadUri: string };
    const res = await bulkFile.GET(apiRequest("/api/v1/bulk/cards.json.gz"));
    const etag = res.headers.get("etag");
    const bytes = (await conforms("/bulk/cards.json.gz", res)) as Uint8Array;
    expect(bytes.length).toBe(meta.size);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(meta.sha256);
    expect(etag).toBe(`"${meta.sha256}"`);
    expect(meta.downloadUri).toBe("http://api.test/api/v1/bulk/cards.json.gz");
    const file = JSON.parse(gunzipSync(bytes).toString("utf8")) as { object: string; data: unknown[] };
    expect(file.object).toBe("bulk");
    expect(file.data).toHaveLength(await t.prisma.card.count());
    expect(file.data.length).toBe(meta.cardCount);
    const validate = ajv.compile({ $ref: "doc#/components/schemas/Card" });
    for (const c of file.data) expect(validate(c) ? [] : validate.errors).toEqual([]);
    const again = await bulkFile.GET(apiRequest("/api/v1/bulk/cards.json.gz", { headers: { "if-none-match": etag! } }));
    expect(again.status).toBe(304);
    await conforms("/bulk/cards.json.gz", again);
  });

  it("/bulk/cockatrice.xml is the catalog as a Cockatrice database, linked from /bulk, with a 304 on its ETag", async () => {
    const meta = (await conforms("/bulk", await bulk.GET(apiRequest("/api/v1/bulk")))) as { cockatriceUri: string };
    expect(meta.cockatriceUri).toBe("http://api.test/api/v1/bulk/cockatrice.xml");
    const res = await cockatrice.GET(apiRequest("/api/v1/bulk/cockatrice.xml"));
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const etag = res.headers.get("etag");
    const text = new TextDecoder().decode((await conforms("/bulk/cockatrice.xml", res)) as Uint8Array);
    expect(text).toContain('<cockatrice_carddatabase version="4">');
    expect(text.match(/<card>/g)).toHaveLength(await t.prisma.card.count());
    const again = await cockatrice.GET(apiRequest("/api/v1/bulk/cockatrice.xml", { headers: { "if-none-match": etag! } }));
    expect(again.status).toBe(304);
  });

  it("the bulk file is rebuilt when the catalog changes (a new SHA-256 and card count), and not otherwise", async () => {
    const before = (await (await bulk.GET(apiRequest("/api/v1/bulk"))).json()) as { sha256: string; cardCount: number; updatedAt: string };
    const same = (await (await bulk.GET(apiRequest("/api/v1/bulk"))).json()) as { sha256: string };
    expect(same.sha256).toBe(before.sha256);
    const set = await t.prisma.cardSet.findFirstOrThrow();
    const made = await t.prisma.card.create({ data: { setId: set.id, number: 9990, title: "Bulk Probe", titleKey: "bulk probe", colorMask: 1, rings: 1, rarity: "common" } });
    const after = (await (await bulk.GET(apiRequest("/api/v1/bulk"))).json()) as { sha256: string; cardCount: number; updatedAt: string };
    expect(after.cardCount).toBe(before.cardCount + 1);
    expect(after.sha256).not.toBe(before.sha256);
    await t.prisma.card.delete({ where: { id: made.id } });
    const removed = (await (await bulk.GET(apiRequest("/api/v1/bulk"))).json()) as { cardCount: number };
    expect(removed.cardCount).toBe(before.cardCount);
  });

  it("an answer the document does not allow fails the check (the validator is not a rubber stamp)", async () => {
    const bad = new Response(JSON.stringify({ object: "list", total: "many", data: [] }), { status: 200 });
    await expect(conforms("/sets", bad)).rejects.toThrow();
  });
});
