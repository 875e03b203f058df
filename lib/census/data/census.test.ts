import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));

const t = createTestDatabase("census");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const subs = await import("@/lib/census/data/submissions");
const votes = await import("@/lib/census/data/votes");
const account = await import("@/lib/census/data/account");
const pull = await import("@/lib/census/data/pull-rates");
const { prepareCensusPhoto } = await import("@/lib/census/photos");
const { parseCatalogCard } = await import("@/lib/catalog/schemas");

type U = { id: string; email: string; displayName: string; role: "user" | "admin" };
const users: Record<string, U> = {};

async function front(colour = "#1d4ed8") {
  const bytes = await sharp({ create: { width: 10, height: 14, channels: 3, background: colour } }).png().toBuffer();
  const r = await prepareCensusPhoto(bytes);
  if (!r.ok) throw new Error(r.message);
  return r.photo;
}

function card(fields: Record<string, unknown>) {
  const r = parseCatalogCard({ set: "SX1", rarity: "rare", text: "", effect: null, imageUrl: null, traits: ["Animal"], colors: ["blue"], rings: 3, title: "Sonic", ...fields });
  if (!r.ok) throw new Error(JSON.stringify(r.fieldErrors));
  return r.card;
}

async function submit(number: number, by = users.alice, extra: Record<string, unknown> = {}) {
  const r = await subs.createSubmission(by, card({ number, ...extra }), { front: await front(), back: null });
  if (!r.ok) throw new Error(r.message);
  return r.id;
}

const FIELDS = ["set", "number", "title", "traits", "colors", "rings", "rarity", "text"] as const;

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  for (const [name, role] of [["alice", "user"], ["bob", "user"], ["carol", "user"], ["dave", "user"], ["erin", "user"], ["frank", "user"], ["boss", "admin"]] as const) {
    const u = await t.prisma.user.create({ data: { email: `${name}@test.dev`, displayName: name, passwordHash: "x", role } });
    users[name] = { id: u.id, email: u.email, displayName: name, role };
  }
});

describe("census verification", () => {
  it("refuses the demo set and a printing already in the census", async () => {
    expect(await subs.createSubmission(users.alice, card({ set: "DEMO", number: 1 }), { front: await front(), back: null })).toMatchObject({ ok: false, code: "input/invalid" });
    await submit(1);
    expect(await subs.createSubmission(users.bob, card({ number: 1 }), { front: await front("#000"), back: null })).toMatchObject({ ok: false, code: "census/duplicate" });
  });

  it("refuses self-confirmation", async () => {
    const id = await submit(2);
    expect(await votes.confirmField(users.alice, id, "title")).toMatchObject({ ok: false, code: "census/own-field" });
    expect(await votes.disputeField(users.alice, id, "title", "Tails", "", null)).toMatchObject({ ok: false, code: "census/own-field" });
  });

  it("needs two confirmations by two other people, once each; only then the printing enters the catalog", async () => {
    const id = await submit(3, users.alice, { title: "Knuckles" });
    expect(await votes.confirmField(users.bob, id, "title")).toMatchObject({ ok: true, verified: false });
    expect(await votes.confirmField(users.bob, id, "title")).toMatchObject({ ok: false, code: "census/already-voted" });
    expect((await subs.getSubmission(users.carol, id))!.fields.find((f) => f.name === "title")!.state).toBe("proposed");
    expect(await votes.confirmField(users.carol, id, "title")).toMatchObject({ ok: true, verified: true, promoted: false });
    // the other fields are not verified yet: nothing in the catalog
    expect(await t.prisma.card.findFirst({ where: { number: 3, set: { code: "SX1" } } })).toBeNull();
    for (const f of FIELDS.filter((f) => f !== "title")) {
      await votes.confirmField(users.bob, id, f);
      await votes.confirmField(users.carol, id, f);
    }
    expect(await t.prisma.censusAudit.findMany({ where: { submissionId: id, action: { startsWith: "promote" } }, select: { action: true, detail: true } })).toEqual([{ action: "promote", detail: expect.any(String) }]);
    const promoted = await t.prisma.card.findFirst({ where: { number: 3, set: { code: "SX1" } }, include: { set: true } });
    expect(promoted).toMatchObject({ title: "Knuckles", rarity: "rare", rings: 3 });
    expect(promoted!.set).toMatchObject({ code: "SX1", unofficial: false });
    expect(promoted!.imageUrl).toMatch(/^\/census-photos\/[0-9a-f]{64}\.png$/);
    const dto = await subs.getSubmission(null, id);
    expect(dto).toMatchObject({ status: "verified", cardHref: "/cards/SX1/3", verifiedFields: FIELDS.length });
    expect(await votes.confirmField(users.dave, id, "title")).toMatchObject({ ok: false, code: "census/closed" });
  });

  it("an unverified submission never changes the catalog", async () => {
    const before = await t.prisma.card.count();
    const id = await submit(4);
    await votes.confirmField(users.bob, id, "title");
    expect(await t.prisma.card.count()).toBe(before);
  });

  it("an admin's confirmation verifies a field at once, and is in the audit log", async () => {
    const id = await submit(5);
    expect(await votes.confirmField(users.boss, id, "rings")).toMatchObject({ ok: true, verified: true });
    const audit = await t.prisma.censusAudit.findFirst({ where: { submissionId: id, action: "admin-verify", fieldName: "rings" } });
    expect(audit).toMatchObject({ actorId: users.boss.id });
  });

  it("a dispute holds the field, the submitter answers, an admin settles with the disputed value (audited)", async () => {
    const id = await submit(6, users.alice, { rings: 3 });
    expect(await votes.disputeField(users.bob, id, "rings", 4, "the photo shows 4", null)).toEqual({ ok: true });
    expect(await votes.disputeField(users.carol, id, "rings", "four", "", null)).toMatchObject({ ok: false, code: "input/invalid" });
    await votes.confirmField(users.carol, id, "rings");
    await votes.confirmField(users.dave, id, "rings");
    let field = (await subs.getSubmission(null, id))!.fields.find((f) => f.name === "rings")!;
    expect(field.state).toBe("disputed");
    expect(await votes.answerDispute(users.bob, id, "rings", "no")).toMatchObject({ ok: false, code: "auth/forbidden" });
    expect(await votes.answerDispute(users.alice, id, "rings", "You are right, 4.")).toEqual({ ok: true });
    await expect(votes.settleDispute(users.bob, id, "rings", "keep", "")).rejects.toMatchObject({ code: "auth/forbidden" });
    const dispute = field.votes.find((v) => v.kind === "dispute")!;
    expect(await votes.settleDispute(users.boss, id, "rings", { voteId: dispute.id }, "photo is clear")).toMatchObject({ ok: true, verified: true });
    field = (await subs.getSubmission(null, id))!.fields.find((f) => f.name === "rings")!;
    expect(field).toMatchObject({ value: 4, state: "verified", proposedBy: "bob", verifiedByAdmin: true, answer: "You are right, 4." });
    expect(await t.prisma.censusAudit.findFirst({ where: { submissionId: id, action: "settle-replace" } })).toMatchObject({ actorId: users.boss.id, detail: expect.stringContaining("3 → 4") });
  });

  it("validates a proposed effect with the engine's schema and shows its Reads as line", async () => {
    expect(() => card({ number: 7, effect: { trigger: "nonsense" } })).toThrow(/effect/);
    const id = await submit(7, users.alice, { effect: { trigger: "flip", actions: [{ type: "draw", count: 1 }] } });
    const effect = (await subs.getSubmission(null, id))!.fields.find((f) => f.name === "effect")!;
    expect(effect.display).toMatch(/draw/i);
  });

  it("the queue's 'my collection' filter lists open submissions of printings I own", async () => {
    const id = await submit(8);
    // dave owns SX1-008 once it exists in the catalog (an admin-made card of a real set)
    const set = await t.prisma.cardSet.upsert({ where: { code: "SX1" }, create: { code: "SX1", name: "SX1" }, update: {} });
    const c = await t.prisma.card.create({ data: { setId: set.id, number: 8, title: "Tails", titleKey: "tails", colorMask: 1, rings: 1, rarity: "common" } });
    await t.prisma.collectionEntry.create({ data: { userId: users.dave.id, cardId: c.id, quantity: 1 } });
    const q = await subs.listCensusQueue(users.dave, "my-collection");
    expect(q.items.map((i) => i.id)).toEqual([id]);
    expect((await subs.listCensusQueue(users.erin, "my-collection")).items).toEqual([]);
    await expect(subs.listCensusQueue(null, "my-collection")).rejects.toMatchObject({ code: "auth/unauthenticated" });
  });

  it("deleting an account keeps verified facts with the contributor anonymised, and drops their open submissions", async () => {
    const open = await submit(9, users.erin);
    const ids = (await t.prisma.censusSubmission.findMany({ where: { status: "verified" }, select: { id: true, userId: true } }));
    expect(ids.length).toBeGreaterThan(0);
    await t.prisma.$transaction((tx) => account.anonymiseCensusTx(tx, users.erin.id));
    await t.prisma.$transaction((tx) => account.anonymiseCensusTx(tx, users.alice.id));
    expect(await t.prisma.censusSubmission.findUnique({ where: { id: open } })).toBeNull();
    const kept = await subs.getSubmission(null, ids[0].id);
    expect(kept).toMatchObject({ status: "verified", submittedBy: "a former member" });
    expect(await t.prisma.censusField.count({ where: { proposerId: users.alice.id } })).toBe(0);
  });
});

describe("pull rates", () => {
  it("an opted-out pack never counts, and no figure shows below the minimum of contributors", async () => {
    const set = await t.prisma.cardSet.upsert({ where: { code: "PR1" }, create: { code: "PR1", name: "PR1" }, update: {} });
    const common = await t.prisma.card.create({ data: { setId: set.id, number: 1, title: "C", titleKey: "c", colorMask: 1, rings: 1, rarity: "common" } });
    const rare = await t.prisma.card.create({ data: { setId: set.id, number: 2, title: "R", titleKey: "r", colorMask: 1, rings: 1, rarity: "rare" } });
    const pack = (userId: string, withRare: boolean) =>
      t.prisma.packOpening.create({ data: { userId, cards: { create: [{ cardId: common.id, quantity: 4 }, ...(withRare ? [{ cardId: rare.id, quantity: 1 }] : [])] } } });
    const people = ["bob", "carol", "dave", "frank", "boss"].map((n) => users[n]);
    for (const u of people) await pack(u.id, false);
    // bob has not opted in: nobody has, so nothing counts
    expect(await pull.setPullRates("PR1")).toEqual({ shown: false, contributors: 0, minimum: 5 });
    for (const u of people.slice(0, 4)) await pull.setPullRateOptIn(u, true);
    expect(await pull.setPullRates("PR1")).toMatchObject({ shown: false, contributors: 4 });
    // an opted-out user's many rare packs never count
    for (let i = 0; i < 20; i++) await pack(users.alice.id, true);
    await pull.setPullRateOptIn(people[4], true);
    const shown = await pull.setPullRates("PR1");
    expect(shown).toMatchObject({ shown: true, contributors: 5, packs: 5, cardsPerPack: 4 });
    if (shown.shown) expect(shown.figures.map((f) => f.rarity)).toEqual(["common"]);
    await pull.setPullRateOptIn(people[0], false);
    expect(await pull.setPullRates("PR1")).toMatchObject({ shown: false, contributors: 4 });
    expect(await pull.getPullRateOptIn(people[0])).toBe(false);
  });
});
