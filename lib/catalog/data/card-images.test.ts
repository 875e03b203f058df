import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("card-images"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const { getCardForEdit, updateCard, snapshotOf } = await import("@/lib/catalog/data/catalog-admin");
const { getCardImage } = await import("@/lib/catalog/data/card-images");
const { checkCardImage } = await import("@/lib/catalog/card-image");
const { parseCatalogCard } = await import("@/lib/catalog/schemas");
const { current } = await import("@/test/session-mock");

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==", "base64");
let admin = { id: "", email: "boss@example.test", displayName: "Boss", role: "admin" as const };
let cardId = "";

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  const u = await t.prisma.user.create({ data: { email: admin.email, displayName: admin.displayName, passwordHash: "x", role: "admin" } });
  admin = { ...admin, id: u.id };
  current.user = admin;
  cardId = (await t.prisma.card.findFirstOrThrow({ where: { number: 58 } })).id;
});
afterAll(() => t.cleanup());

describe("uploaded card images", () => {
  it("are stored once by content, pointed to by the card, audited, and served only under their own type", async () => {
    const check = checkCardImage(PNG);
    if (!check.ok) throw new Error(check.message);
    const before = await getCardForEdit(cardId);
    if (!before) throw new Error("no card");
    const parsed = parseCatalogCard({ ...before });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    const card = parsed.card;
    const image = { sha256: check.sha256, type: check.type, bytes: new Uint8Array(PNG) };
    expect(await updateCard(cardId, card, image)).toMatchObject({ ok: true, changed: true });
    const row = await t.prisma.card.findUniqueOrThrow({ where: { id: cardId }, include: { set: true, traits: true } });
    expect(row.imageUrl).toBe(check.path);
    expect(snapshotOf(row).imageUrl).toBe(check.path);
    const audit = await t.prisma.cardAudit.findFirstOrThrow({ where: { cardId }, orderBy: { createdAt: "desc" } });
    expect(JSON.parse(audit.after ?? "{}")).toMatchObject({ imageUrl: check.path });

    const served = await getCardImage(check.sha256, "image/png");
    expect(served && Buffer.from(served.data).equals(PNG)).toBe(true);
    expect(served?.byteSize).toBe(PNG.length);
    expect(await getCardImage(check.sha256, "image/webp")).toBeNull();
    expect(await getCardImage("0".repeat(64), "image/png")).toBeNull();

    // the same image again: one row, and nothing changed on the card
    expect(await updateCard(cardId, { ...card, imageUrl: null }, image)).toMatchObject({ ok: true, changed: false });
    expect(await t.prisma.cardImage.count()).toBe(1);
  });

  it("the database refuses a type other than PNG, JPEG or WebP, and an empty or oversized image", async () => {
    const data = Buffer.from("<svg/>");
    await expect(t.prisma.cardImage.create({ data: { id: "a".repeat(64), contentType: "image/svg+xml", byteSize: data.length, data } })).rejects.toThrow();
    await expect(t.prisma.cardImage.create({ data: { id: "b".repeat(64), contentType: "image/png", byteSize: 0, data: Buffer.alloc(0) } })).rejects.toThrow();
    await expect(t.prisma.cardImage.create({ data: { id: "c".repeat(64), contentType: "image/png", byteSize: 3 * 1024 * 1024, data } })).rejects.toThrow();
  });
});
