import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("card-images"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const { getCardForEdit, updateCard, snapshotOf } = await import("@/lib/catalog/data/catalog-admin");
const { getCardImage } = await import("@/lib/catalog/data/card-images");
const { checkCardImage } = await import("@/lib/catalog/card-image-check");
const { parseCatalogCard } = await import("@/lib/catalog/schemas");

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==", "base64");
let admin = { id: "", email: "boss@example.test", displayName: "Boss", role: "admin" as const };
let cardId = "";

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  const u = await t.prisma.user.create({ data: { email: admin.email, displayName: admin.displayName, passwordHash: "x", role: "admin" } });
  admin = { ...admin, id: u.id };
  cardId = (await t.prisma.card.findFirstOrThrow({ where: { number: 58 } })).id;
});
afterAll(() => t.cleanup());

describe("uploaded card images", () => {
  it("are stored once by content, pointed to by the card, audited, and served only under their own type", async () => {
    const check = checkCardImage(PNG);
    if (!check.ok) throw new Error(check.message);
    const before = await getCardForEdit(admin, cardId);
    if (!before) throw new Error("no card");
    const parsed = parseCatalogCard({ ...before });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    const card = parsed.card;
    const image = { sha256: check.sha256, type: check.type, bytes: new Uint8Array(PNG) };
    expect(await updateCard(admin, cardId, card, image)).toMatchObject({ ok: true, changed: true });
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
    expect(await updateCard(admin, cardId, { ...card, imageUrl: null }, image)).toMatchObject({ ok: true, changed: false });
    expect(await t.prisma.cardImage.count()).toBe(1);
  });

  it("an image no card shows any more is deleted: replaced by another, removed, or its card deleted", async () => {
    const { reencodeCardImage } = await import("@/lib/catalog/reencode-image");
    const sharp = (await import("sharp")).default;
    const upload = async (background: string) => {
      const r = await reencodeCardImage(await sharp({ create: { width: 4, height: 4, channels: 3, background } }).png().toBuffer());
      if (!r.ok) throw new Error(r.message);
      return r;
    };
    const [a, b, c] = [await upload("#ff0000"), await upload("#00ff00"), await upload("#0000ff")];
    const base = await getCardForEdit(admin, cardId);
    const parsed = parseCatalogCard({ ...base!, imageUrl: null });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    const stored = async () => (await t.prisma.cardImage.findMany({ select: { id: true } })).map((i) => i.id).sort();
    await updateCard(admin, cardId, parsed.card, a);
    expect(await stored()).toContain(a.sha256);
    // another image replaces it: the first one is gone (and so is the earlier test's, which no card shows either)
    await updateCard(admin, cardId, parsed.card, b);
    expect(await stored()).toEqual([b.sha256]);
    // the image removed from the card
    await updateCard(admin, cardId, { ...parsed.card, imageUrl: null });
    expect(await stored()).toEqual([]);
    // a card that is deleted takes its image along; an image two cards show stays while one still does
    const { createCard, deleteCard } = await import("@/lib/catalog/data/catalog-admin");
    const made = await createCard(admin, { ...parsed.card, number: 901, title: "Image Test One" }, c);
    const other = await createCard(admin, { ...parsed.card, number: 902, title: "Image Test Two" }, c);
    if (!made.ok || !other.ok) throw new Error("create");
    expect(await deleteCard(admin, made.id)).toMatchObject({ ok: true });
    expect(await stored()).toEqual([c.sha256]);
    expect(await deleteCard(admin, other.id)).toMatchObject({ ok: true });
    expect(await stored()).toEqual([]);
  });

  it("the database refuses a type other than PNG, JPEG or WebP, and an empty or oversized image", async () => {
    const data = Buffer.from("<svg/>");
    await expect(t.prisma.cardImage.create({ data: { id: "a".repeat(64), contentType: "image/svg+xml", byteSize: data.length, data } })).rejects.toThrow();
    await expect(t.prisma.cardImage.create({ data: { id: "b".repeat(64), contentType: "image/png", byteSize: 0, data: Buffer.alloc(0) } })).rejects.toThrow();
    await expect(t.prisma.cardImage.create({ data: { id: "c".repeat(64), contentType: "image/png", byteSize: 3 * 1024 * 1024, data } })).rejects.toThrow();
  });
});
