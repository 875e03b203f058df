/**
 * The practice rating: a finished game against the AI, as its replay link, is
 * replayed on the server and rates the player against the level's fixed
 * rating, once per game; unfinished or corrected games are refused.
 */
import { afterAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("ladder-practice"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
afterAll(() => t.cleanup());

const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const { applyAction, legalActions } = await import("@/lib/engine");
const { parseSetupParams, resolveSetup } = await import("@/lib/playtest/setup-params");
const { AI, HUMAN, startSession } = await import("@/lib/playtest/session");
const { demoCatalog } = await import("@/lib/playtest/test-catalog");
const { encodeReplay } = await import("@/lib/playtest/replay-link");
const { makeUser } = await import("@/lib/play/test-fixture");
const { recordPracticeGame } = await import("./data/practice");
const { getMyRatings, getRatingHistory } = await import("./data/ratings");
const { AI_RATINGS } = await import("./rating");

await seedDemoCatalog(t.prisma);

/** A replay link of a game of first legal actions, to its end or cut short. */
function replayLink(seed: number, opts: { level?: "random" | "heuristic" | "search"; maxActions?: number; conceded?: boolean; corrections?: boolean } = {}) {
  const r = resolveSetup(parseSetupParams({ start: "1" }), seed, demoCatalog());
  if (!r.ok) throw new Error(r.error.reason);
  const s = r.setup;
  let state = startSession(s).state;
  const actions = [];
  while (state.winner === null && actions.length < (opts.maxActions ?? 2000)) {
    const p = legalActions(state, HUMAN).length ? HUMAN : AI;
    const a = legalActions(state, p)[0];
    const next = applyAction(state, a);
    if (!next.ok) throw new Error(next.error.reason);
    state = next.state;
    actions.push(a);
  }
  const link = encodeReplay({ deckKeys: s.deckKeys, deckNames: s.deckNames, seed: s.seed, aiSeed: s.aiSeed, columnRule: s.rules.columnRule, maxTurns: s.rules.maxTurns, level: opts.level ?? "random", actions, conceded: opts.conceded ?? false, corrections: opts.corrections ?? false });
  return { link, winner: state.winner };
}

describe("the practice rating", () => {
  it("rates a finished game against the level's fixed rating, once", async () => {
    const u = await makeUser(t.prisma, "Solo");
    const { link, winner } = replayLink(11, { level: "heuristic" });
    const expected = winner === HUMAN ? "win" : winner === "draw" ? "draw" : "loss";
    const r = await recordPracticeGame(u, link);
    expect(r.result).toBe(expected);
    expect(r.rating.games).toBe(1);
    // against Racer (1500) from a new player's 1500: up on a win, down on a loss
    if (expected !== "draw") expect(Math.sign(r.rating.rating - AI_RATINGS.heuristic)).toBe(expected === "win" ? 1 : -1);
    await expect(recordPracticeGame(u, link)).rejects.toMatchObject({ code: "ladder/reported" });
    expect(await getRatingHistory(u, u.id, "practice", 1)).toHaveLength(1);
    // the practice pool is the player's own: no ladder rating, and nobody else sees the history
    expect((await getMyRatings(u, 1)).ladder).toBeNull();
    expect(await getRatingHistory(null, u.id, "practice", 1)).toEqual([]);
  });

  it("counts a concession as a loss", async () => {
    const u = await makeUser(t.prisma, "Quitter");
    const r = await recordPracticeGame(u, replayLink(12, { maxActions: 3, conceded: true, level: "random" }).link);
    expect(r.result).toBe("loss");
    expect(r.rating.rating).toBeLessThan(1500);
  });

  it("refuses a game not over yet, one with manual corrections, and a malformed link, changing nothing", async () => {
    const u = await makeUser(t.prisma, "Cheat");
    await expect(recordPracticeGame(u, replayLink(13, { maxActions: 5 }).link)).rejects.toMatchObject({ code: "ladder/not-a-game" });
    await expect(recordPracticeGame(u, replayLink(14, { corrections: true }).link)).rejects.toMatchObject({ code: "ladder/not-a-game" });
    await expect(recordPracticeGame(u, "not-a-replay")).rejects.toMatchObject({ code: "ladder/not-a-game" });
    expect(await t.prisma.practiceGame.count({ where: { userId: u.id } })).toBe(0);
  });
});
