import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { GUEST } from "@/test/actors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import { legalActionsForView, type Player } from "@/lib/engine";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient, holdGate: null as Promise<void> | null }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));

// a held placement's answer can be made to wait (holdGate) after its write and read, as a slow one does under load
vi.mock("@/lib/play/data/log", async (importOriginal) => {
  const log = await importOriginal<typeof import("@/lib/play/data/log")>();
  return {
    ...log,
    holdPlacement: async (...args: Parameters<typeof log.holdPlacement>) => {
      const gate = h.holdGate;
      const held = await log.holdPlacement(...args);
      if (gate) await gate;
      return held;
    },
  };
});

const t = createTestDatabase("play-referee");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { createGame, joinGame } = await import("@/lib/play/data/games");
const { loadGame, submit } = await import("./referee");
const { messageFor } = await import("./views");
const { makeUser, starterSeatDeck } = await import("./test-fixture");

let a: SessionUser;
let b: SessionUser;
let other: SessionUser;
beforeAll(async () => {
  a = await makeUser(t.prisma, "Ada");
  b = await makeUser(t.prisma, "Bo");
  other = await makeUser(t.prisma, "Cy");
});

async function newGame(): Promise<string> {
  const { code } = await createGame(a, { listing: "invite", pace: "live", columnRule: "priority" }, starterSeatDeck());
  const token = (await t.prisma.playGame.findUniqueOrThrow({ where: { code } })).inviteToken;
  await joinGame(b, { token }, starterSeatDeck("eggman-empire"));
  return code;
}

const actorOf = (p: Player) => ({ userId: p === 0 ? a.id : b.id });

async function viewOf(code: string, seat: Player) {
  const g = (await loadGame(code))!;
  return messageFor(g.live!, seat, 0);
}

/** Both seats place their first legal placement: the log then holds seq 2. */
async function placeBoth(code: string) {
  for (const p of [0, 1] as Player[]) {
    const m = await viewOf(code, p);
    const place = legalActionsForView(m.view)[0];
    if (place.type !== "place") throw new Error("expected the play step");
    await submit(actorOf(p), code, { seq: m.seq, move: { type: "place", cards: place.cards } });
  }
}

async function logRows(code: string) {
  const g = await t.prisma.playGame.findUniqueOrThrow({ where: { code }, include: { actions: true } });
  return g.actions.length;
}

describe("the referee", () => {
  it("holds the first placement (no seq, nothing in the log, the other seat sees only that it placed) and appends both once the second is in", async () => {
    const code = await newGame();
    const m0 = await viewOf(code, 0);
    const place = legalActionsForView(m0.view)[0] as { type: "place"; cards: (number | null)[] };
    const r = await submit(actorOf(0), code, { seq: 0, move: { type: "place", cards: place.cards } });
    expect(r).toEqual({ ok: true, seq: 0, held: true });
    expect(await logRows(code)).toBe(0);
    const seen1 = await viewOf(code, 1);
    expect(seen1.placed).toEqual([true, false]);
    expect(seen1.view.players[0].chaos.every((x) => x === null)).toBe(true);
    const mine = await viewOf(code, 0);
    expect(mine.view.players[0].chaos.filter((x) => x?.card).length).toBe(place.cards.filter((c) => c !== null).length);
    await expect(submit(actorOf(0), code, { seq: 0, move: { type: "place", cards: place.cards } })).rejects.toMatchObject({ code: "play/illegal" });
    const p1 = legalActionsForView(seen1.view)[0] as { type: "place"; cards: (number | null)[] };
    const r1 = await submit(actorOf(1), code, { seq: 0, move: { type: "place", cards: p1.cards } });
    expect(r1.seq).toBe(2);
    expect(await logRows(code)).toBe(2);
    expect((await viewOf(code, 0)).view.step).toBe("rush");
  });

  it("refuses a stale action with play/stale and changes nothing", async () => {
    const code = await newGame();
    await placeBoth(code);
    const g = (await loadGame(code))!;
    const next = g.live!.state.next;
    const flip = legalActionsForView((await viewOf(code, next)).view)[0] as { type: "flip"; column: number };
    await expect(submit(actorOf(next), code, { seq: 1, move: { type: "flip", column: flip.column } })).rejects.toMatchObject({ code: "play/stale", status: 409 });
    expect(await logRows(code)).toBe(2);
    await submit(actorOf(next), code, { seq: 2, move: { type: "flip", column: flip.column } });
    expect(await logRows(code)).toBe(3);
  });

  it("of two actions racing for the same seq stores exactly one; the other is checked again and refused as stale", async () => {
    const code = await newGame();
    await placeBoth(code);
    const g = (await loadGame(code))!;
    const next = g.live!.state.next;
    const flips = legalActionsForView((await viewOf(code, next)).view) as { type: "flip"; column: number }[];
    const both = await Promise.allSettled(flips.slice(0, 2).map((f) => submit(actorOf(next), code, { seq: 2, move: { type: "flip", column: f.column } })));
    expect(both.filter((x) => x.status === "fulfilled")).toHaveLength(1);
    expect(both.filter((x) => x.status === "rejected").map((x) => (x as PromiseRejectedResult).reason.code)).toEqual(["play/stale"]);
    expect(await logRows(code)).toBe(3);
  });

  it("re-checks a concession that lost its race against the new state: it still holds", async () => {
    const code = await newGame();
    await placeBoth(code);
    const g = (await loadGame(code))!;
    const next = g.live!.state.next;
    const flip = legalActionsForView((await viewOf(code, next)).view)[0] as { type: "flip"; column: number };
    const other = (1 - next) as Player;
    const [f, c] = await Promise.allSettled([
      submit(actorOf(next), code, { seq: 2, move: { type: "flip", column: flip.column } }),
      submit(actorOf(other), code, { seq: 2, move: { type: "concede" } }),
    ]);
    expect(c.status).toBe("fulfilled");
    const row = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    expect(row.status).toBe("finished");
    expect(row.result).toBe(String(next));
    expect(row.endReason).toBe("concede");
    expect(await logRows(code)).toBe(f.status === "fulfilled" ? 4 : 3);
  });

  it("refuses a user not seated, a guest, a move out of turn, an illegal move and a malformed message, changing nothing", async () => {
    const code = await newGame();
    await placeBoth(code);
    const g = (await loadGame(code))!;
    const next = g.live!.state.next;
    const waiting = (1 - next) as Player;
    const cases: [unknown, unknown, string][] = [
      [{ userId: other.id }, { seq: 2, move: { type: "flip", column: 1 } }, "play/not-seated"],
      [null, { seq: 2, move: { type: "flip", column: 1 } }, "auth/unauthenticated"],
      [actorOf(waiting), { seq: 2, move: { type: "flip", column: 1 } }, "play/illegal"],
      [actorOf(next), { seq: 2, move: { type: "flip", column: 9 } }, "input/invalid"],
      [actorOf(next), { seq: 2, move: { type: "flip", column: 1, player: waiting } }, "input/invalid"],
      [actorOf(next), { seq: "2", move: { type: "pass" } }, "input/invalid"],
      [actorOf(next), "flip 1", "input/invalid"],
      [actorOf(next), { seq: 2, move: { type: "choose", yes: true } }, "play/illegal"],
      [actorOf(next), { seq: 2, move: { type: "place", cards: [0, 1, 2, 3, 4] } }, "play/illegal"],
    ];
    for (const [actor, msg, code2] of cases) await expect(submit(actor as { userId: string } | null, code, msg), JSON.stringify(msg)).rejects.toMatchObject({ code: code2 });
    expect(await logRows(code)).toBe(2);
    const row = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    expect([row.seq, row.status, row.held0, row.held1]).toEqual([2, "active", null, null]);
  });

  it("a guest cannot sit, and nobody sits in a taken seat", async () => {
    const code = await newGame();
    const token = (await t.prisma.playGame.findUniqueOrThrow({ where: { code } })).inviteToken;
    await expect(joinGame(GUEST, { token }, starterSeatDeck())).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(joinGame(other, { token }, starterSeatDeck())).rejects.toMatchObject({ code: "play/taken" });
    const seats = await t.prisma.playSeat.findMany({ where: { game: { code } } });
    expect(seats.map((s) => s.userId).sort()).toEqual([a.id, b.id].sort());
  });

  it("lets the waiting player claim the game once the mover's deadline has passed, and only then", async () => {
    const code = await newGame();
    await placeBoth(code);
    const row = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    // a live move has two minutes from the last accepted action
    expect(row.deadlineAt!.getTime() - row.updatedAt.getTime()).toBeGreaterThan(110_000);
    const next = (await loadGame(code))!.live!.state.next;
    const waiting = (1 - next) as Player;
    await expect(submit(actorOf(waiting), code, { seq: 2, move: { type: "claim" } })).rejects.toMatchObject({ code: "play/not-yet" });
    await t.prisma.playGame.update({ where: { code }, data: { deadlineAt: new Date(Date.now() - 1000) } });
    await expect(submit(actorOf(next), code, { seq: 2, move: { type: "claim" } })).rejects.toMatchObject({ code: "play/not-your-claim" });
    expect((await t.prisma.playGame.findUniqueOrThrow({ where: { code } })).status).toBe("active");
    await submit(actorOf(waiting), code, { seq: 2, move: { type: "claim" } });
    const after = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    expect([after.status, after.result, after.endReason, after.deadlineAt]).toEqual(["finished", String(waiting), "timeout", null]);
  });

  it("rebuilds the same state from the database alone (a fresh instance's cache is empty)", async () => {
    const code = await newGame();
    await placeBoth(code);
    const before = (await loadGame(code))!.live!.state;
    (globalThis as { ringbinderPlayGames?: { games: Map<string, unknown> } }).ringbinderPlayGames?.games.clear();
    const after = (await loadGame(code))!.live!.state;
    expect(JSON.stringify(after) === JSON.stringify(before)).toBe(true);
    expect(after.step).toBe("rush");
  });

  it("keeps the game it wrote in memory, and an action on it after another instance moved the game on is checked again (stale, nothing written)", async () => {
    const { appendActions } = await import("@/lib/play/data/log");
    const { cachedGame } = await import("./referee");
    const code = await newGame();
    await placeBoth(code);
    // this instance wrote seq 2: its memory holds the game as stored, without a read
    const mine = cachedGame(code)!;
    expect(mine.record.seq).toBe(2);
    // what the plain SQL wrote reads back through the models as the memory has it (dates included)
    const row = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    expect({ seq: row.seq, toMove: row.toMove, deadlineAt: row.deadlineAt?.toISOString(), held: [row.held0, row.held1] }).toEqual({ seq: 2, toMove: mine.record.toMove, deadlineAt: mine.record.deadlineAt, held: [null, null] });
    expect(Math.abs(row.updatedAt.getTime() - Date.now())).toBeLessThan(60_000);
    const logged = await t.prisma.playAction.findMany({ where: { gameId: row.id }, orderBy: { seq: "asc" } });
    expect(logged.map((x) => x.seq)).toEqual([1, 2]);
    expect(Math.abs(logged[0].createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(mine.state)).toBe(JSON.stringify((await loadGame(code))!.live!.state));
    // another instance appends the next action (its own referee, its own memory): this one's memory is now behind
    const m = messageFor(cachedGame(code)!, 0, 0);
    const seat = (m.toMove & 1 ? 0 : 1) as Player;
    const view = messageFor(cachedGame(code)!, seat, 0);
    const { player: _p, ...move } = legalActionsForView(view.view)[0];
    const { applyAction } = await import("@/lib/engine");
    const next = applyAction(mine.state, { ...move, player: seat } as Parameters<typeof applyAction>[1]);
    if (!next.ok) throw new Error(next.error.reason);
    expect(await appendActions(mine.record.id, 2, [{ seat, action: { ...move, player: seat } as never }], { toMove: 3, deadlineAt: null, end: null })).toEqual({ replayCode: null });
    expect(cachedGame(code)!.record.seq).toBe(2);
    // the same action sent on the view at seq 2: the conditional write loses, the game is read again, and the action is stale
    await expect(submit(actorOf(seat), code, { seq: 2, move })).rejects.toMatchObject({ code: "play/stale" });
    expect(await logRows(code)).toBe(3);
    expect(cachedGame(code)!.record.seq).toBe(3);
  });

  it("keeps the newer game when a held placement's answer comes back after the other seat's request appended both", async () => {
    const { cachedGame } = await import("./referee");
    const code = await newGame();
    const [m0, m1] = [await viewOf(code, 0), await viewOf(code, 1)];
    const [p0, p1] = [legalActionsForView(m0.view)[0], legalActionsForView(m1.view)[0]] as { type: "place"; cards: (number | null)[] }[];
    let open = () => {};
    h.holdGate = new Promise<void>((r) => (open = r));
    // seat 0's placement is held, and its answer waits; seat 1's request finds both held and appends them
    const first = submit(actorOf(0), code, { seq: 0, move: { type: "place", cards: p0.cards } });
    await vi.waitUntil(async () => (await t.prisma.playGame.findUniqueOrThrow({ where: { code } })).held0 !== null);
    h.holdGate = null;
    expect(await submit(actorOf(1), code, { seq: 0, move: { type: "place", cards: p1.cards } })).toEqual({ ok: true, seq: 2, held: false });
    open();
    expect(await first).toEqual({ ok: true, seq: 0, held: true });
    // the memory (what this instance's streams send) still holds the game at seq 2, not seat 0's placement held at 0
    expect(cachedGame(code)!.record.seq).toBe(2);
    expect(cachedGame(code)!.held).toEqual([null, null]);
    expect(messageFor(cachedGame(code)!, 0, 0).seq).toBe(2);
  });
});
