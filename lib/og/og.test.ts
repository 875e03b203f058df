import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { seedDecks } from "@/test/api-harness";

/**
 * The link-preview images: a PNG for a card, a shared deck and a game, a 404
 * for what is missing or private (the image of a private deck would leak it).
 */

const h = vi.hoisted(() => ({ prisma: null as unknown as import("@/lib/server/db/db").PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("next/cache", () => ({ revalidateTag: () => undefined, unstable_cache: <T,>(fn: T) => fn }));

const t = createTestDatabase("og-images");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const cardImage = await import("@/app/cards/[set]/[number]/opengraph-image");
const deckImage = await import("@/app/d/[slug]/opengraph-image");
const gameImage = await import("@/app/play/g/[code]/opengraph-image");
const deckTwitter = await import("@/app/d/[slug]/twitter-image");
const { gameOgView } = await import("@/lib/og/views");

let slugs: Awaited<ReturnType<typeof seedDecks>>;
beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  slugs = await seedDecks(t.prisma);
});

const PNG = [0x89, 0x50, 0x4e, 0x47];
/** OG_OUT=<folder>: the images are also written there, to look at them. */
async function isPng(res: Response, name: string) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 4)]).toEqual(PNG);
  // 1200×630: the IHDR chunk's width and height
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  if (process.env.OG_OUT) (await import("node:fs")).writeFileSync(`${process.env.OG_OUT}/${name}.png`, bytes);
  return bytes;
}

describe("Open Graph images", () => {
  it("a card page's preview is a 1200×630 PNG; an unknown card is a 404", async () => {
    await isPng(await cardImage.default({ params: Promise.resolve({ set: "DEMO", number: "1" }) }), "card");
    await isPng(await cardImage.default({ params: Promise.resolve({ set: "DEMO", number: "53" }) }), "card-text");
    expect((await cardImage.default({ params: Promise.resolve({ set: "DEMO", number: "9999" }) })).status).toBe(404);
    expect(cardImage.size).toEqual({ width: 1200, height: 630 });
    expect(cardImage.contentType).toBe("image/png");
  });

  it("a public deck has a preview (and the same Twitter/X image); a private one is a 404, like its page", async () => {
    await isPng(await deckImage.default({ params: Promise.resolve({ slug: slugs.publicSlug }) }), "deck");
    await isPng(await deckTwitter.default({ params: Promise.resolve({ slug: slugs.publicSlug }) }), "deck-twitter");
    const priv = await deckImage.default({ params: Promise.resolve({ slug: slugs.privateSlug }) });
    expect(priv.status).toBe(404);
    expect(priv.headers.get("content-type")).toContain("text/plain");
    expect(await priv.text()).not.toContain("API private deck");
  });

  it("an unknown game is a 404; a game's preview shows names, decks' names and status only", async () => {
    expect((await gameImage.default({ params: Promise.resolve({ code: "nosuchgame00" }) })).status).toBe(404);
    const view = gameOgView({
      code: "abc", listing: "open", pace: "live", columnRule: "priority", status: "finished", seq: 40, result: 1, createdAt: "2026-12-01T00:00:00Z",
      players: [{ seat: 0, name: "Amy", deckName: "Blue rush" }, { seat: 1, name: "Knuckles", deckName: "Red wall" }], mySeat: null, myMove: false,
    } as Parameters<typeof gameOgView>[0]);
    expect(view).toEqual({ players: [{ name: "Amy", deckName: "Blue rush" }, { name: "Knuckles", deckName: "Red wall" }], status: "Finished: Knuckles won" });
    const { ogImage } = await import("@/lib/og/image");
    const { GameOg } = await import("@/components/og/game-og");
    const { createElement } = await import("react");
    await isPng(await ogImage(createElement(GameOg, { game: view })), "game");
  });
});
