/**
 * Events against a scratch database: a table event from registration to the
 * end (decklists lock at the start, disagreeing reports are settled by the
 * organiser and audited, late entries and drops), an online event whose match
 * takes its live game's result, and who sees which decklist.
 */
import { afterAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("events"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
afterAll(() => t.cleanup());

const { starterSeatDeck, makeUser } = await import("@/lib/play/test-fixture");
const { submit, loadGame } = await import("@/lib/play/referee");
const m = await import("./data/manage");
const r = await import("./data/results");
const { getEventPage, listEvents } = await import("./data/page");

type User = Awaited<ReturnType<typeof makeUser>>;
const later = () => new Date(Date.now() + 86_400_000);

async function event(org: User, mode: "table" | "online" = "table", extra: Partial<{ rounds: number; topCut: 0 | 4 | 8 }> = {}) {
  return (await m.createEvent(org, { name: "Friday Swiss", notes: "Standard decks", mode, rounds: extra.rounds ?? 0, topCut: extra.topCut ?? 0, registrationClosesAt: later() })).id;
}

async function players(names: string[]) {
  return Promise.all(names.map((n) => makeUser(t.prisma, n)));
}

/** The matches of the round under way, as the organiser's page lists them. */
async function currentMatches(org: User, id: string) {
  const page = (await getEventPage(org, id))!;
  return page.rounds.at(-1)!.matches;
}

describe("a table event", () => {
  it("locks decklists at the start, settles disagreeing reports through the organiser (audited), and publishes decklists at the end", async () => {
    const [org, a, b, c, d] = await players(["Org", "Ann", "Bob", "Cy", "Dee"]);
    const id = await event(org);
    await expect(m.registerForEvent(org, id, starterSeatDeck())).rejects.toMatchObject({ code: "events/organiser-plays" });
    for (const u of [a, b, c, d]) await m.registerForEvent(u, id, starterSeatDeck());
    // before the start an entrant may change their decklist
    await m.registerForEvent(a, id, starterSeatDeck("eggman-empire"));
    expect((await getEventPage(a, id))!.me!.decklist.deckName).toBe("eggman-empire");
    await expect(m.startEvent(a, id)).rejects.toMatchObject({ code: "events/not-organiser" });
    await m.startEvent(org, id);
    // locked
    await expect(m.registerForEvent(a, id, starterSeatDeck())).rejects.toMatchObject({ code: "events/locked" });
    const page = (await getEventPage(org, id))!;
    expect(page.event).toMatchObject({ status: "running", rounds: 2, currentRound: 1 });
    // nobody sees another's decklist before the end; an entrant sees their own
    expect(page.decklists).toBeNull();
    expect(page.me).toBeNull();
    expect((await getEventPage(null, id))!.decklists).toBeNull();

    const [m1, m2] = await currentMatches(org, id);
    const userOf = (entryId: string) => [a, b, c, d].find((u) => page.entrants.find((e) => e.entryId === entryId)!.name === u.displayName)!;
    // agreeing reports: done
    expect(await r.reportResult(userOf(m1.a.entryId), m1.id, { winsA: 2, winsB: 1, draws: 0 })).toEqual({ status: "pending" });
    expect(await r.reportResult(userOf(m1.b!.entryId), m1.id, { winsA: 2, winsB: 1, draws: 0 })).toEqual({ status: "done" });
    // a player of another match cannot report this one
    await expect(r.reportResult(userOf(m1.a.entryId), m2.id, { winsA: 2, winsB: 0, draws: 0 })).rejects.toMatchObject({ code: "events/not-player" });
    // disagreeing reports: disputed, and the round cannot move on
    await r.reportResult(userOf(m2.a.entryId), m2.id, { winsA: 2, winsB: 0, draws: 0 });
    expect(await r.reportResult(userOf(m2.b!.entryId), m2.id, { winsA: 0, winsB: 2, draws: 0 })).toEqual({ status: "disputed" });
    await expect(m.advanceEvent(org, id)).rejects.toMatchObject({ code: "events/round-open" });
    // only the organiser settles it
    await expect(r.enterResult(userOf(m2.a.entryId), m2.id, { winsA: 2, winsB: 0, draws: 0 })).rejects.toMatchObject({ code: "events/not-organiser" });
    await r.enterResult(org, m2.id, { winsA: 2, winsB: 1, draws: 0 });
    const settled = (await getEventPage(org, id))!;
    expect(settled.rounds[0].matches[1]).toMatchObject({ status: "done", source: "organiser", winsA: 2, winsB: 1 });
    expect(settled.audit).toHaveLength(1);
    expect(settled.audit![0]).toMatchObject({ action: "settled a dispute", actor: "Org" });
    expect(settled.audit![0].detail).toContain("reported 2–0");
    expect(settled.audit![0].detail).toContain("reported 0–2");
    // the audit log is the organiser's
    expect((await getEventPage(a, id))!.audit).toBeNull();

    // a late entry joins from round 2 with a loss for round 1
    const [late] = await players(["Late"]);
    expect(await m.registerForEvent(late, id, starterSeatDeck())).toMatchObject({ late: true });
    await m.advanceEvent(org, id);
    const round2 = await currentMatches(org, id);
    // five players: one bye, to the lowest-ranked player without one (the late entry, 0 points and a loss)
    const bye = round2.find((x) => x.b === null)!;
    expect(bye.a.name).toBe("Late");
    for (const x of round2.filter((x) => x.b)) await r.enterResult(org, x.id, { winsA: 2, winsB: 0, draws: 0 });
    await expect(m.advanceEvent(org, id)).rejects.toMatchObject({ code: "events/not-running" });
    await m.finishEvent(org, id);

    const end = (await getEventPage(null, id))!;
    expect(end.event.status).toBe("finished");
    expect(end.decklists).toHaveLength(5);
    expect(end.cardResults!.length).toBeGreaterThan(0);
    expect(end.cardResults!.every((x) => x.smallSample)).toBe(true);
    const lateRow = end.standings.find((s) => s.name === "Late")!;
    expect(lateRow).toMatchObject({ points: 3, record: "1–1–0" });
    expect((await listEvents(null)).some((e) => e.id === id && e.status === "finished")).toBe(true);
  });

  it("drops a player after the round under way, who is then not paired", async () => {
    const [org, a, b, c, d] = await players(["Org2", "A2", "B2", "C2", "D2"]);
    const id = await event(org, "table", { rounds: 3 });
    for (const u of [a, b, c, d]) await m.registerForEvent(u, id, starterSeatDeck());
    await m.startEvent(org, id);
    await m.dropFromEvent(a, id);
    for (const x of await currentMatches(org, id)) await r.enterResult(org, x.id, { winsA: 1, winsB: 2, draws: 0 });
    await m.advanceEvent(org, id);
    const round2 = await currentMatches(org, id);
    expect(round2.flatMap((x) => [x.a.name, x.b?.name])).not.toContain("A2");
    expect(round2.find((x) => x.b === null)).toBeDefined();
    expect((await getEventPage(null, id))!.standings.find((s) => s.name === "A2")!.dropped).toBe(true);
  });
});

describe("a top cut", () => {
  it("seeds the best four after the Swiss rounds 1v4 and 2v3, needs a winner, and plays the final", async () => {
    const ps = await players(["TO", "T1", "T2", "T3", "T4"]);
    const [org, ...entrants] = ps;
    const id = await event(org, "table", { rounds: 1, topCut: 4 });
    for (const u of entrants) await m.registerForEvent(u, id, starterSeatDeck());
    await m.startEvent(org, id);
    for (const x of await currentMatches(org, id)) await r.enterResult(org, x.id, { winsA: 2, winsB: 0, draws: 0 });
    const swiss = (await getEventPage(org, id))!;
    expect(swiss.can).toMatchObject({ nextRound: false, topCut: true, finish: true });
    await m.advanceEvent(org, id);
    const semis = await currentMatches(org, id);
    expect(semis.map((x) => x.stage)).toEqual(["top", "top"]);
    // 1v4, 2v3 by the Swiss standings
    const ranks = Object.fromEntries(swiss.standings.map((s) => [s.entryId, s.rank]));
    expect(semis.map((x) => [ranks[x.a.entryId], ranks[x.b!.entryId]])).toEqual([[1, 4], [2, 3]]);
    await expect(r.enterResult(org, semis[0].id, { winsA: 1, winsB: 1, draws: 0 })).rejects.toMatchObject({ code: "events/bad-result" });
    await r.enterResult(org, semis[0].id, { winsA: 0, winsB: 2, draws: 0 });
    await r.enterResult(org, semis[1].id, { winsA: 2, winsB: 1, draws: 0 });
    await m.advanceEvent(org, id);
    const [final] = await currentMatches(org, id);
    expect([final.a.entryId, final.b!.entryId]).toEqual([semis[0].b!.entryId, semis[1].a.entryId]);
    await r.enterResult(org, final.id, { winsA: 2, winsB: 0, draws: 0 });
    expect((await getEventPage(org, id))!.can).toMatchObject({ nextRound: false, topCut: false, finish: true });
    await m.finishEvent(org, id);
  });
});

describe("an online event", () => {
  it("pairs players into live games whose results report the matches", async () => {
    const [org, a, b] = await players(["OrgO", "Ona", "Obi"]);
    const id = await event(org, "online", { rounds: 1 });
    for (const u of [a, b]) await m.registerForEvent(u, id, starterSeatDeck());
    await m.startEvent(org, id);
    const [match] = await currentMatches(org, id);
    expect(match.gameCode).toBeTruthy();
    const g = (await loadGame(match.gameCode!))!;
    expect(g.record.status).toBe("active");
    // the second player concedes: the first wins the match 1-0
    const loser = match.b!.name === "Obi" ? b : a;
    await submit({ userId: loser.id }, match.gameCode!, { seq: g.record.seq, move: { type: "concede" } });
    const after = (await currentMatches(org, id))[0];
    expect(after).toMatchObject({ status: "done", source: "game", winsA: 1, winsB: 0 });
    await m.finishEvent(org, id);
  });
});
