/** The deck a player brings: a starter or a legal deck of their own, through the one deck-rules module. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("play-decks"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined, updateTag: () => undefined }));
afterAll(() => t.cleanup());

const { current } = await import("@/test/session-mock");
const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const deckWrite = await import("@/lib/decks/data/write");
const { deckOptions, resolveSeatDeck } = await import("./decks");
const { makeUser } = await import("./test-fixture");

let legalId = "";
let shortId = "";
beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  current.user = await makeUser(t.prisma, "Deckhand");
  const byNumber = new Map((await t.prisma.card.findMany({ where: { set: { code: "DEMO" } } })).map((c) => [c.number, c.id]));
  const legal = await deckWrite.createDeck({ name: "Thirty", description: "", cards: [5, 6, 8, 11, 13, 15].map((n) => ({ cardId: byNumber.get(n)!, quantity: 5 })) });
  const short = await deckWrite.createDeck({ name: "Short", description: "", cards: [{ cardId: byNumber.get(1)!, quantity: 3 }] });
  if (!legal.ok || !short.ok) throw new Error("decks not created");
  legalId = legal.id;
  shortId = short.id;
});

describe("a seat's deck", () => {
  it("is a starter, or one of the player's own legal decks, as the engine's card definitions", async () => {
    const starter = await resolveSeatDeck("starter:team-sonic-speed");
    expect(starter.cards.length).toBe(starter.keys.length);
    expect(starter.cards.length).toBeGreaterThanOrEqual(30);
    const mine = await resolveSeatDeck(`deck:${legalId}`);
    expect([mine.name, mine.cards.length]).toEqual(["Thirty", 30]);
  });

  it("is refused when illegal, unknown, or someone else's", async () => {
    await expect(resolveSeatDeck(`deck:${shortId}`)).rejects.toMatchObject({ code: "play/illegal-deck" });
    await expect(resolveSeatDeck("starter:no-such-starter")).rejects.toMatchObject({ code: "play/unknown-deck" });
    const me = current.user;
    current.user = await makeUser(t.prisma, "Stranger");
    await expect(resolveSeatDeck(`deck:${legalId}`)).rejects.toMatchObject({ code: "play/unknown-deck" });
    current.user = me;
  });

  it("lists the player's decks (an illegal one with why) and the starters", async () => {
    const options = await deckOptions();
    expect(options.find((o) => o.value === `deck:${shortId}`)).toMatchObject({ legal: false });
    expect(options.find((o) => o.value === `deck:${legalId}`)).toMatchObject({ legal: true });
    expect(options.filter((o) => o.value.startsWith("starter:")).length).toBeGreaterThan(0);
  });
});
