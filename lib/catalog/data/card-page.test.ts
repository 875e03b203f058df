import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("card-page"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));

const { otherPrintings, PRINTINGS_SHOWN } = await import("@/lib/catalog/data/card-page");

beforeAll(async () => {
  const set = await t.prisma.cardSet.create({ data: { code: "PRN", name: "Printings", unofficial: true } });
  const base = { setId: set.id, colorMask: 1, colorCount: 1, rings: 3, rarity: "common", text: "" };
  for (let n = 1; n <= 20; n++) await t.prisma.card.create({ data: { ...base, number: n, title: "Many Prints", titleKey: "many prints" } });
  await t.prisma.card.create({ data: { ...base, number: 21, title: "Two Prints", titleKey: "two prints" } });
  await t.prisma.card.create({ data: { ...base, number: 22, title: "Two Prints", titleKey: "two prints" } });
});
afterAll(() => t.cleanup());

describe("a card page's other printings", () => {
  it("lists the first ones in set and number order, and one more when there are more than the page shows", async () => {
    const first = await t.prisma.card.findFirstOrThrow({ where: { number: 1 } });
    const many = await otherPrintings({ id: first.id, title: "Many Prints" });
    expect(many).toHaveLength(PRINTINGS_SHOWN + 1);
    expect(many.map((c) => c.number)).toEqual(Array.from({ length: PRINTINGS_SHOWN + 1 }, (_, i) => i + 2));
    const two = await t.prisma.card.findFirstOrThrow({ where: { number: 21 } });
    expect((await otherPrintings({ id: two.id, title: "Two Prints" })).map((c) => c.number)).toEqual([22]);
  });
});
