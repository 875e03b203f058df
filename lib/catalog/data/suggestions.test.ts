import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { diffSnapshots } from "@/lib/catalog/snapshot-diff";
import { colorsFromMask } from "@/lib/catalog/colors";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));

const t = createTestDatabase("suggestions");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const dal = await import("@/lib/catalog/data/suggestions");
const { parseCatalogCard } = await import("@/lib/catalog/schemas");

type U = { id: string; email: string; displayName: string; role: "user" | "admin" };
let player: U;
let admin: U;

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  const mk = async (email: string, role: "user" | "admin") => {
    const u = await t.prisma.user.create({ data: { email, displayName: email.split("@")[0], passwordHash: "x", role } });
    return { id: u.id, email: u.email, displayName: u.displayName, role };
  };
  player = await mk("sugg@test.dev", "user");
  admin = await mk("boss@test.dev", "admin");
});

function card(fields: Record<string, unknown>) {
  const r = parseCatalogCard({ set: "DEMO", rarity: "common", text: "", effect: null, imageUrl: null, traits: ["Animal"], colors: ["blue"], rings: 2, ...fields });
  if (!r.ok) throw new Error(JSON.stringify(r.fieldErrors));
  return r.card;
}

describe("reviewed suggestions", () => {
  it("an accepted new card stays a new card (with its fields), for the suggester and the admin", async () => {
    const s = await dal.createSuggestion(player, card({ number: 321, title: "Brand New Chao" }), null);
    if (!s.ok) throw new Error(s.message);
    expect(await dal.acceptSuggestion(admin, s.id)).toMatchObject({ ok: true, key: "DEMO-321" });
    const mine = (await dal.listMySuggestions(player)).find((x) => x.id === s.id)!;
    expect(mine).toMatchObject({ kind: "new", status: "accepted", current: null });
    expect(mine.cardId).toBeTruthy();
    expect(diffSnapshots(mine.current, mine.proposed as unknown as Record<string, unknown>).map((c) => c.field)).toContain("title");
    const reviewed = (await dal.listSuggestionsForReview(admin)).reviewed.find((x) => x.id === s.id)!;
    expect(reviewed.kind).toBe("new");
  });

  it("an accepted correction is compared with the card as it was before, so its changes still show", async () => {
    const tails = await t.prisma.card.findFirstOrThrow({ where: { number: 2, set: { code: "DEMO" } }, include: { traits: true } });
    const proposed = card({ number: 2, title: tails.title, traits: tails.traits.map((x) => x.trait), colors: colorsFromMask(tails.colorMask), rings: tails.rings + 1, rarity: tails.rarity, text: tails.text, effect: tails.effect ? JSON.parse(tails.effect) : null });
    const s = await dal.createSuggestion(player, proposed, tails.id);
    if (!s.ok) throw new Error(s.message);
    const pending = (await dal.listMySuggestions(player)).find((x) => x.id === s.id)!;
    expect(pending.kind).toBe("correction");
    expect(diffSnapshots(pending.current as unknown as Record<string, unknown>, pending.proposed as unknown as Record<string, unknown>)).toEqual([{ field: "rings", before: String(tails.rings), after: String(tails.rings + 1) }]);
    expect(await dal.acceptSuggestion(admin, s.id)).toMatchObject({ ok: true });
    const accepted = (await dal.listMySuggestions(player)).find((x) => x.id === s.id)!;
    expect(accepted.kind).toBe("correction");
    expect(diffSnapshots(accepted.current as unknown as Record<string, unknown>, accepted.proposed as unknown as Record<string, unknown>)).toEqual([{ field: "rings", before: String(tails.rings), after: String(tails.rings + 1) }]);
  });
});
