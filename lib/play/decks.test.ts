/** The deck a player brings: a starter or a legal deck of their own, through the one deck-rules module. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/server/actor";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("play-decks"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined, updateTag: () => undefined }));
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const deckWrite = await import("@/lib/decks/data/write");
const { deckOptions, resolveSeatDeck } = await import("./decks");
const { makeUser } = await import("./test-fixture");

let deckhand: Actor;
let legalId = "";
let shortId = "";
beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  deckhand = await makeUser(t.prisma, "Deckhand");
  const byNumber = new Map((await t.prisma.card.findMany({ where: { set: { code: "DEMO" } } })).map((c) => [c.number, c.id]));
  const legal = await deckWrite.createDeck(deckhand, { name: "Thirty", description: "", cards: [5, 6, 8, 11, 13, 15].map((n) => ({ cardId: byNumber.get(n)!, quantity: 5 })) });
  const short = await deckWrite.createDeck(deckhand, { name: "Short", description: "", cards: [{ cardId: byNumber.get(1)!, quantity: 3 }] });
  if (!legal.ok || !short.ok) throw new Error("decks not created");
  legalId = legal.id;
  shortId = short.id;
});

describe("a seat's deck", () => {
  it("is a starter, or one of the player's own legal decks, as the engine's card definitions", async () => {
    const starter = await resolveSeatDeck(deckhand, "starter:team-sonic-speed");
    expect(starter.cards.length).toBe(starter.keys.length);
    expect(starter.cards.length).toBeGreaterThanOrEqual(30);
    const mine = await resolveSeatDeck(deckhand, `deck:${legalId}`);
    expect([mine.name, mine.cards.length]).toEqual(["Thirty", 30]);
  });

  it("is refused when illegal, unknown, or someone else's", async () => {
    await expect(resolveSeatDeck(deckhand, `deck:${shortId}`)).rejects.toMatchObject({ code: "play/illegal-deck" });
    await expect(resolveSeatDeck(deckhand, "starter:no-such-starter")).rejects.toMatchObject({ code: "play/unknown-deck" });
    const stranger = await makeUser(t.prisma, "Stranger");
    await expect(resolveSeatDeck(stranger, `deck:${legalId}`)).rejects.toMatchObject({ code: "play/unknown-deck" });
  });

  it("lists the player's decks (an illegal one with why) and the starters", async () => {
    const options = await deckOptions(deckhand);
    expect(options.find((o) => o.value === `deck:${shortId}`)).toMatchObject({ legal: false });
    expect(options.find((o) => o.value === `deck:${legalId}`)).toMatchObject({ legal: true });
    expect(options.filter((o) => o.value.startsWith("starter:")).length).toBeGreaterThan(0);
  });
});
