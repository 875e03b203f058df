import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/test/db";
import { seedDemoCatalog } from "@/lib/dal/seed";

const t = createTestDatabase("constraints");
afterAll(() => t.cleanup());

let userId = "";
let cardId = "";
let setId = "";

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  const user = await t.prisma.user.create({ data: { email: "a@example.test", displayName: "A", passwordHash: "x" } });
  userId = user.id;
  const card = await t.prisma.card.findFirstOrThrow();
  cardId = card.id;
  setId = card.setId;
});

describe("schema constraints", () => {
  it("email is unique", async () => {
    await expect(t.prisma.user.create({ data: { email: "a@example.test", displayName: "B", passwordHash: "x" } })).rejects.toThrow();
  });

  it("role must be user or admin", async () => {
    await expect(t.prisma.user.create({ data: { email: "r@example.test", displayName: "R", passwordHash: "x", role: "owner" } })).rejects.toThrow();
  });

  it("set + number is unique", async () => {
    await expect(
      t.prisma.card.create({ data: { setId, number: 1, title: "Dup", titleKey: "dup", colorMask: 1, rings: 1, rarity: "common" } }),
    ).rejects.toThrow();
  });

  it("rings cannot be negative and colors cannot be empty", async () => {
    await expect(
      t.prisma.card.create({ data: { setId, number: 900, title: "Neg", titleKey: "neg", colorMask: 1, rings: -1, rarity: "common" } }),
    ).rejects.toThrow();
    await expect(
      t.prisma.card.create({ data: { setId, number: 901, title: "None", titleKey: "none", colorMask: 0, rings: 1, rarity: "common" } }),
    ).rejects.toThrow();
  });

  it("collection quantities cannot go negative", async () => {
    await expect(t.prisma.collectionEntry.create({ data: { userId, cardId, quantity: -1 } })).rejects.toThrow();
    await t.prisma.collectionEntry.create({ data: { userId, cardId, quantity: 0 } });
    await expect(t.prisma.collectionEntry.create({ data: { userId, cardId, quantity: 1 } })).rejects.toThrow(); // one row per user and card
  });

  it("decks need a valid visibility, a unique share slug and positive card quantities", async () => {
    const deck = await t.prisma.deck.create({ data: { ownerId: userId, name: "D", shareSlug: "slug-1" } });
    await expect(t.prisma.deck.create({ data: { ownerId: userId, name: "E", shareSlug: "slug-1" } })).rejects.toThrow();
    await expect(t.prisma.deck.create({ data: { ownerId: userId, name: "F", shareSlug: "slug-2", visibility: "secret" } })).rejects.toThrow();
    await expect(t.prisma.deckCard.create({ data: { deckId: deck.id, cardId, quantity: 0 } })).rejects.toThrow();
  });

  it("a card used in a collection cannot be deleted out from under it", async () => {
    await expect(t.prisma.card.delete({ where: { id: cardId } })).rejects.toThrow();
  });
});
