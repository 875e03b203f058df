import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/test/db";
import { seedDemoCatalog } from "@/lib/catalog/data/seed";

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

type Violation = { kind: "unique"; fields: string[] } | { kind: "check"; table: string } | { kind: "foreign-key"; constraint?: string } | { kind: "other"; text: string };

/**
 * Which constraint a failed write broke, read the same way on SQLite and
 * PostgreSQL: the unique fields, the table of a CHECK, or the foreign key.
 * Anything else (a missing column, a typo in the test) is "other", so a test
 * that expects a given constraint fails on any other error.
 */
async function violation(write: Promise<unknown>): Promise<Violation | "no error"> {
  try {
    await write;
    return "no error";
  } catch (e) {
    const err = e as { code?: string; message?: string; meta?: { modelName?: string; driverAdapterError?: { cause?: { kind?: string; constraint?: { fields?: string[]; index?: string } } } } };
    const cause = err.meta?.driverAdapterError?.cause;
    if (err.code === "P2002" && cause?.kind === "UniqueConstraintViolation") return { kind: "unique", fields: (cause.constraint?.fields ?? []).map((f) => f.replace(/"/g, "")).sort() };
    if (err.code === "P2003" && cause?.kind === "ForeignKeyConstraintViolation") return { kind: "foreign-key", ...(cause.constraint?.index ? { constraint: cause.constraint.index } : {}) };
    // SQLite: "CHECK constraint failed: <first column>" with the model; PostgreSQL: violates check constraint "<Table>_check"
    if (err.code === "SQLITE_CONSTRAINT_CHECK" && err.meta?.modelName) return { kind: "check", table: err.meta.modelName };
    const pg = /violates check constraint "(\w+)_check"/.exec(err.message ?? "");
    if (pg) return { kind: "check", table: pg[1] };
    return { kind: "other", text: String(err.message).slice(-200) };
  }
}

describe("schema constraints (each write fails on the constraint named, nothing else)", () => {
  it("email is unique", async () => {
    expect(await violation(t.prisma.user.create({ data: { email: "a@example.test", displayName: "B", passwordHash: "x" } }))).toEqual({ kind: "unique", fields: ["email"] });
  });

  it("role must be user or admin", async () => {
    expect(await violation(t.prisma.user.create({ data: { email: "r@example.test", displayName: "R", passwordHash: "x", role: "owner" } }))).toEqual({ kind: "check", table: "User" });
    // the same row with a valid role is accepted: the role alone broke the check
    await expect(t.prisma.user.create({ data: { email: "r@example.test", displayName: "R", passwordHash: "x", role: "admin" } })).resolves.toMatchObject({ role: "admin" });
  });

  it("set + number is unique", async () => {
    expect(await violation(t.prisma.card.create({ data: { setId, number: 1, title: "Dup", titleKey: "dup", colorMask: 1, rings: 1, rarity: "common" } }))).toEqual({
      kind: "unique",
      fields: ["number", "setId"],
    });
  });

  it("rings cannot be negative and colors cannot be empty", async () => {
    const row = { setId, title: "Neg", titleKey: "neg", rarity: "common" };
    expect(await violation(t.prisma.card.create({ data: { ...row, number: 900, colorMask: 1, rings: -1 } }))).toEqual({ kind: "check", table: "Card" });
    expect(await violation(t.prisma.card.create({ data: { ...row, number: 901, colorMask: 0, rings: 1 } }))).toEqual({ kind: "check", table: "Card" });
    expect(await violation(t.prisma.card.create({ data: { ...row, number: 902, colorMask: 16, rings: 1 } }))).toEqual({ kind: "check", table: "Card" });
    // rings 0 and all four colors pass the same check
    expect(await violation(t.prisma.card.create({ data: { ...row, number: 903, colorMask: 15, rings: 0 } }))).toBe("no error");
  });

  it("collection quantities cannot go negative, and there is one row per user and card", async () => {
    expect(await violation(t.prisma.collectionEntry.create({ data: { userId, cardId, quantity: -1 } }))).toEqual({ kind: "check", table: "CollectionEntry" });
    await t.prisma.collectionEntry.create({ data: { userId, cardId, quantity: 0 } });
    expect(await violation(t.prisma.collectionEntry.create({ data: { userId, cardId, quantity: 1 } }))).toEqual({ kind: "unique", fields: ["cardId", "userId"] });
  });

  it("decks need a valid visibility, a unique share slug and positive card quantities", async () => {
    const deck = await t.prisma.deck.create({ data: { ownerId: userId, name: "D", shareSlug: "slug-1" } });
    expect(await violation(t.prisma.deck.create({ data: { ownerId: userId, name: "E", shareSlug: "slug-1" } }))).toEqual({ kind: "unique", fields: ["shareSlug"] });
    expect(await violation(t.prisma.deck.create({ data: { ownerId: userId, name: "F", shareSlug: "slug-2", visibility: "secret" } }))).toEqual({ kind: "check", table: "Deck" });
    expect(await violation(t.prisma.deck.create({ data: { ownerId: userId, name: "G", shareSlug: "slug-3", version: 0 } }))).toEqual({ kind: "check", table: "Deck" });
    expect(await violation(t.prisma.deckCard.create({ data: { deckId: deck.id, cardId, quantity: 0 } }))).toEqual({ kind: "check", table: "DeckCard" });
  });

  it("a card used in a collection cannot be deleted out from under it", async () => {
    const v = await violation(t.prisma.card.delete({ where: { id: cardId } }));
    // PostgreSQL names the foreign key; SQLite only says that one failed
    expect(v).toEqual(t.provider === "postgresql" ? { kind: "foreign-key", constraint: "CollectionEntry_cardId_fkey" } : { kind: "foreign-key" });
    expect(await t.prisma.card.count({ where: { id: cardId } })).toBe(1);
  });
});
