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

const t = createTestDatabase("census-corrections");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const subs = await import("@/lib/census/data/submissions");
const votes = await import("@/lib/census/data/votes");
const { prepareCensusPhoto } = await import("@/lib/census/photos");
const { parseCatalogCard } = await import("@/lib/catalog/schemas");

type U = { id: string; email: string; displayName: string; role: "user" | "admin" };
const users: Record<string, U> = {};

async function photo(colour: string) {
  const bytes = await sharp({ create: { width: 10, height: 14, channels: 3, background: colour } }).png().toBuffer();
  const r = await prepareCensusPhoto(bytes);
  if (!r.ok) throw new Error(r.message);
  return { front: r.photo, back: null };
}

/** A catalog card as the correction form prefills it, with some fields changed. */
async function asCorrected(cardId: string, changes: Record<string, unknown>) {
  const c = await t.prisma.card.findUniqueOrThrow({ where: { id: cardId }, include: { set: true, traits: true } });
  const colors = (["blue", "red", "yellow", "gray"] as const).filter((_, i) => c.colorMask & (1 << i));
  const r = parseCatalogCard({ set: c.set.code, number: c.number, title: c.title, traits: c.traits.map((x) => x.trait), colors, rings: c.rings, rarity: c.rarity, text: c.text, effect: c.effect, imageUrl: null, ...changes });
  if (!r.ok) throw new Error(JSON.stringify(r.fieldErrors));
  return r.card;
}

async function confirmAll(id: string, by: U[]) {
  const s = (await subs.getSubmission(null, id))!;
  let last: Awaited<ReturnType<typeof votes.confirmField>> | null = null;
  for (const f of s.fields) for (const u of by) last = await votes.confirmField(u, id, f.name);
  return last;
}

let demo: { id: string; title: string; imageUrl: string | null };

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  for (const [name, role] of [["alice", "user"], ["bob", "user"], ["carol", "user"], ["boss", "admin"]] as const) {
    const u = await t.prisma.user.create({ data: { email: `${name}@test.dev`, displayName: name, passwordHash: "x", role } });
    users[name] = { id: u.id, email: u.email, displayName: name, role };
  }
  demo = await t.prisma.card.findFirstOrThrow({ where: { set: { code: "DEMO" }, number: 7 }, select: { id: true, title: true, imageUrl: true } });
});

describe("census corrections", () => {
  it("refuses a correction that moves the card, changes nothing, or names no card", async () => {
    const p = await photo("#111");
    expect(await subs.createSubmission(users.alice, await asCorrected(demo.id, { number: 999 }), p, { correctsCardId: demo.id })).toMatchObject({ ok: false, code: "input/invalid", fieldErrors: { number: [expect.any(String)] } });
    expect(await subs.createSubmission(users.alice, await asCorrected(demo.id, { set: "SX9" }), p, { correctsCardId: demo.id })).toMatchObject({ ok: false, code: "input/invalid", fieldErrors: { set: [expect.any(String)] } });
    expect(await subs.createSubmission(users.alice, await asCorrected(demo.id, {}), p, { correctsCardId: demo.id })).toMatchObject({ ok: false, code: "input/invalid" });
    expect(await subs.createSubmission(users.alice, await asCorrected(demo.id, { title: "Renamed" }), p, { correctsCardId: "no-such-card" })).toMatchObject({ ok: false, code: "census/not-found" });
    expect(await t.prisma.censusSubmission.count()).toBe(0);
  });

  it("a demo card's correction changes the card only once two others verified every field, and the card stays unofficial", async () => {
    const r = await subs.createSubmission(users.alice, await asCorrected(demo.id, { title: "Corrected Title", rings: 9 }), await photo("#222"), { correctsCardId: demo.id });
    if (!r.ok) throw new Error(r.message);
    const dto = (await subs.getSubmission(users.bob, r.id))!;
    expect(dto.corrects).toMatchObject({ key: "DEMO-007", title: demo.title, href: "/cards/DEMO/7", unofficial: true });
    expect(dto.fields.find((f) => f.name === "title")).toMatchObject({ display: "Corrected Title", catalogNow: demo.title, state: "proposed" });
    expect(dto.fields.find((f) => f.name === "set")!.catalogNow).toBeNull();
    // a second correction of the same card waits for this one
    expect(await subs.createSubmission(users.bob, await asCorrected(demo.id, { title: "Other" }), await photo("#333"), { correctsCardId: demo.id })).toMatchObject({ ok: false, code: "census/duplicate" });
    // one confirmation per field is not enough: the card is unchanged
    await confirmAll(r.id, [users.bob]);
    expect(await t.prisma.card.findUniqueOrThrow({ where: { id: demo.id } })).toMatchObject({ title: demo.title });
    expect(await confirmAll(r.id, [users.carol])).toMatchObject({ ok: true, promoted: true });
    const after = await t.prisma.card.findUniqueOrThrow({ where: { id: demo.id }, include: { set: true } });
    expect(after).toMatchObject({ title: "Corrected Title", rings: 9, number: 7, imageUrl: demo.imageUrl });
    expect(after.set).toMatchObject({ code: "DEMO", unofficial: true });
    expect(await t.prisma.card.count({ where: { set: { code: "DEMO" }, number: 7 } })).toBe(1);
    expect(await t.prisma.censusSubmission.findUniqueOrThrow({ where: { id: r.id } })).toMatchObject({ status: "verified", cardId: demo.id, correctsCardId: demo.id });
    expect(await t.prisma.censusAudit.findFirst({ where: { submissionId: r.id, action: "promote" } })).toMatchObject({ detail: expect.stringContaining("correction") });
  });

  it("a verified printing is corrected, not submitted again; an admin's confirmations verify it", async () => {
    const p = await photo("#444");
    const first = await subs.createSubmission(users.alice, await asCorrected(demo.id, { set: "SX1", number: 12, title: "Real Card" }), p);
    if (!first.ok) throw new Error(first.message);
    await confirmAll(first.id, [users.boss]);
    const real = await t.prisma.card.findFirstOrThrow({ where: { set: { code: "SX1" }, number: 12 } });
    expect(await subs.createSubmission(users.bob, await asCorrected(real.id, { title: "Again" }), await photo("#555"))).toMatchObject({
      ok: false,
      code: "census/duplicate",
      message: expect.stringContaining("propose a correction"),
    });
    const fix = await subs.createSubmission(users.bob, await asCorrected(real.id, { text: "Draw a card." }), await photo("#555"), { correctsCardId: real.id });
    if (!fix.ok) throw new Error(fix.message);
    expect(await confirmAll(fix.id, [users.boss])).toMatchObject({ ok: true, promoted: true });
    expect(await t.prisma.card.findUniqueOrThrow({ where: { id: real.id } })).toMatchObject({ title: "Real Card", text: "Draw a card." });
    expect(await t.prisma.card.count({ where: { set: { code: "SX1" }, number: 12 } })).toBe(1);
  });

  it("a correction whose card was deleted meanwhile is not promoted, and says why in the audit log", async () => {
    const victim = await t.prisma.card.findFirstOrThrow({ where: { set: { code: "DEMO" }, number: 9 } });
    const r = await subs.createSubmission(users.alice, await asCorrected(victim.id, { title: "Gone Soon" }), await photo("#666"), { correctsCardId: victim.id });
    if (!r.ok) throw new Error(r.message);
    await t.prisma.cardTrait.deleteMany({ where: { cardId: victim.id } });
    await t.prisma.card.delete({ where: { id: victim.id } });
    const cards = await t.prisma.card.count();
    expect(await confirmAll(r.id, [users.boss])).toMatchObject({ ok: true, promoted: false });
    expect(await t.prisma.card.count()).toBe(cards);
    expect(await t.prisma.censusSubmission.findUniqueOrThrow({ where: { id: r.id } })).toMatchObject({ status: "open" });
    expect(await t.prisma.censusAudit.findFirst({ where: { submissionId: r.id, action: "promote-failed" } })).toMatchObject({ detail: expect.stringContaining("DEMO-009") });
  });
});
