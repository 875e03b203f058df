import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { GUEST } from "@/test/actors";
import { current } from "@/test/session-mock";
import type { PrismaClient } from "@/lib/generated/prisma/client";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));

vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("next/cache", () => ({ refresh: () => undefined, revalidatePath: () => undefined, revalidateTag: () => undefined, updateTag: () => undefined }));

const t = createTestDatabase("lab");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const decks = await import("@/lib/decks/data");
const lab = await import("@/lib/lab/data");
const actions = await import("@/lib/lab/actions");
const deckActions = await import("@/lib/decks/actions");

type U = { id: string; email: string; displayName: string; role: "user" };
let A: U;
let B: U;
const ids: Record<string, string> = {};

beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  const mk = async (email: string): Promise<U> => {
    const u = await t.prisma.user.create({ data: { email, displayName: email.split("@")[0], passwordHash: "x" } });
    return { id: u.id, email: u.email, displayName: u.displayName, role: "user" };
  };
  A = await mk("alice@lab.test");
  B = await mk("bob@lab.test");
  for (const c of await t.prisma.card.findMany({ include: { set: true } })) ids[`${c.set.code}-${String(c.number).padStart(3, "0")}`] = c.id;
});
beforeEach(() => {
  current.user = null;
});

async function aliceDeck() {
  current.user = A;
  const r = await decks.createDeck(A, { name: "Lab deck", description: "", cards: ["DEMO-005", "DEMO-006", "DEMO-008", "DEMO-011", "DEMO-013", "DEMO-015"].map((k) => ({ cardId: ids[k], quantity: 5 })) });
  if (!r.ok) throw new Error(r.message);
  return r.id;
}

const query = "you=code%3Aabc&vs=starter%3Aeggman-empire&a=heuristic&b=heuristic&seed=5&width=0.05&max=2000&run=1";
const results = [{ name: "Eggman Empire", games: 100, wins: 55, losses: 40, draws: 5 }];

describe("lab data", () => {
  it("loads lab decks as the viewer may see them, and flags illegal ones as practice", async () => {
    const id = await aliceDeck();
    const mine = await lab.loadLabDeck(A, { kind: "deck", id });
    expect(mine.ok && mine.deck.cards.length).toBe(30);
    expect(mine.ok && mine.deck.own).toEqual({ id, version: 1 });
    expect(mine.ok && mine.deck.code).toBeTruthy();
    current.user = B;
    expect((await lab.loadLabDeck(B, { kind: "deck", id })).ok).toBe(false);
    const starter = await lab.loadLabDeck(B, { kind: "starter", slug: "eggman-empire" });
    expect(starter.ok && starter.deck.cards.length).toBeGreaterThanOrEqual(30);
    expect((await lab.loadLabDeck(B, { kind: "starter", slug: "nope" })).ok).toBe(false);
    current.user = A;
    const small = await decks.createDeck(A, { name: "Small", description: "", cards: [{ cardId: ids["DEMO-005"], quantity: 3 }] });
    const practice = small.ok ? await lab.loadLabDeck(A, { kind: "deck", id: small.id }) : null;
    expect(practice?.ok && practice.deck.illegal).toMatch(/3 cards/);
  });

  it("saves a run on the owner's deck only, and lists it newest first with a link that reproduces it", async () => {
    const id = await aliceDeck();
    current.user = null;
    expect((await actions.saveLabRunAction({ deckId: id, deckVersion: 1, query, seed: 5, agents: ["heuristic", "heuristic"], results })).ok).toBe(false);
    current.user = B;
    const foreign = await actions.saveLabRunAction({ deckId: id, deckVersion: 1, query, seed: 5, agents: ["heuristic", "heuristic"], results });
    expect(foreign).toEqual({ ok: false, code: "deck/not-found", message: "This deck does not exist." });
    expect(await lab.listLabRuns(B, id)).toBeNull();
    current.user = A;
    expect((await actions.saveLabRunAction({ deckId: id, deckVersion: 9, query, seed: 5, agents: ["heuristic", "heuristic"], results })).ok).toBe(false);
    expect((await actions.saveLabRunAction({ deckId: id, deckVersion: 1, query: "nonsense", seed: 5, agents: ["heuristic", "heuristic"], results })).ok).toBe(false);
    expect((await actions.saveLabRunAction({ deckId: id, deckVersion: 1, query, seed: 5, agents: ["heuristic", "heuristic"], results: [{ ...results[0], wins: 99 }] })).ok).toBe(false);
    expect(await t.prisma.labRun.count({ where: { deckId: id } })).toBe(0);
    const ok = await actions.saveLabRunAction({ deckId: id, deckVersion: 1, query, seed: 5, agents: ["heuristic", "heuristic"], results });
    expect(ok.ok).toBe(true);
    const runs = await lab.listLabRuns(A, id);
    expect(runs).toHaveLength(1);
    expect(runs![0]).toMatchObject({ deckVersion: 1, games: 100, wins: 55, losses: 40, draws: 5, agents: "heuristic,heuristic", href: `/lab?${query}&n=100` });
  });

  it("computes completion against the viewer's collection", async () => {
    current.user = A;
    await t.prisma.collectionEntry.create({ data: { userId: A.id, cardId: ids["DEMO-005"], quantity: 2 } });
    const id = await aliceDeck();
    const c = await lab.getDeckCompletion(A, { kind: "deck", id });
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    const line = c.lines.find((l) => l.card.key === "DEMO-005");
    expect(line).toMatchObject({ quantity: 5, owned: 2 });
    expect(c.owned.map((o) => o.card.key)).toEqual(["DEMO-005"]);
    current.user = null;
    await expect(lab.getDeckCompletion(GUEST, { kind: "deck", id })).rejects.toThrow();
  });

  it("gathers the engine cards to rank stand-ins: the deck's copies in order, each stand-in, and the starters", async () => {
    current.user = A;
    await t.prisma.collectionEntry.create({ data: { userId: A.id, cardId: ids["DEMO-001"], quantity: 2 } });
    const c = await lab.getDeckCompletion(A, { kind: "starter", slug: "chaotix-mix" });
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    const { proposeReplacements } = await import("@/lib/decks/completion");
    const proposals = proposeReplacements(c.lines, c.owned, 8);
    const sim = await lab.getStandInSimulation(c.lines, proposals);
    expect(sim.deck).toHaveLength(c.lines.reduce((n, l) => n + l.quantity, 0));
    expect(sim.deck.map((d) => d.key)).toEqual(c.lines.flatMap((l) => Array.from({ length: l.quantity }, () => l.card.key)));
    expect(Object.keys(sim.optionDefs).sort()).toEqual([...new Set(proposals.flatMap((p) => p.options.map((o) => o.card.key)))].sort());
    expect(Object.keys(sim.optionDefs)).toContain("DEMO-001");
    expect(sim.opponents.map((o) => o.name).sort()).toEqual(["Chaotix Mix", "Eggman Empire", "Team Sonic Speed"]);
    expect(sim.opponents).toHaveLength(3);
    for (const o of sim.opponents) expect(o.cards.length).toBeGreaterThanOrEqual(30);
  });

  it("applies a doctor's swap as a new version of the owner's deck, and refuses stale, foreign or illegal swaps", async () => {
    const id = await aliceDeck();
    const swap = { deckId: id, expectedVersion: 1, out: "DEMO-005", into: "DEMO-020" };
    current.user = B;
    expect((await deckActions.applySwapAction(swap)).ok).toBe(false);
    current.user = A;
    const r = await deckActions.applySwapAction(swap);
    expect(r.ok).toBe(true);
    const deck = await decks.getDeckForOwner(A, id);
    expect(deck?.version).toBe(2);
    expect(deck?.entries.find((e) => e.card.key === "DEMO-005")?.quantity).toBe(4);
    expect(deck?.entries.find((e) => e.card.key === "DEMO-020")?.quantity).toBe(1);
    expect(deck?.check.total).toBe(30);
    // the same swap again is stale (the deck is at version 2 now)
    const stale = await deckActions.applySwapAction(swap);
    expect(stale.ok).toBe(false);
    // a sixth copy of a title is refused by the deck rules, and nothing changes
    const sixth = await deckActions.applySwapAction({ deckId: id, expectedVersion: 2, out: "DEMO-020", into: "DEMO-006" });
    expect(sixth.ok).toBe(false);
    expect((await decks.getDeckForOwner(A, id))?.version).toBe(2);
    expect((await deckActions.applySwapAction({ ...swap, expectedVersion: 2, out: "DEMO-999" })).ok).toBe(false);
  });
});
