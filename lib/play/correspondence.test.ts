/**
 * A correspondence game over several days of simulated time (vitest's fake
 * Date): the "your move" mails, the opt-out, no mail to a player who has the
 * game open, and a missed three-day deadline claimed by the opponent.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import { legalActionsForView, type Player } from "@/lib/engine";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient, mails: [] as { to: string; subject: string; text: string }[] }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/mailer", () => ({ sendMail: async (m: { to: string; subject: string; text: string }) => void h.mails.push(m) }));

const t = createTestDatabase("play-correspondence");
h.prisma = t.prisma;
afterAll(async () => {
  vi.useRealTimers();
  await t.cleanup();
});

const { createGame, joinGame } = await import("@/lib/play/data/games");
const { setTurnMailPreference } = await import("@/lib/play/data/notifications");
const { loadGame, submit } = await import("./referee");
const { messageFor } = await import("./views");
const { notifyTurn, turnMailsSettled } = await import("./correspondence");
const { attend } = await import("./presence");
const { makeUser, starterSeatDeck } = await import("./test-fixture");

const DAY = 86_400_000;
let a: SessionUser;
let b: SessionUser;
beforeAll(async () => {
  a = await makeUser(t.prisma, "Ada");
  b = await makeUser(t.prisma, "Bo");
});

describe("a correspondence game over several days", () => {
  it("mails the player whose move it becomes, honours the opt-out and an open game, and lets a missed deadline be claimed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let now = Date.parse("2026-12-01T09:00:00Z");
    vi.setSystemTime(now);
    const { code } = await createGame(a, { listing: "invite", pace: "correspondence", columnRule: "priority" }, starterSeatDeck());
    const token = (await t.prisma.playGame.findUniqueOrThrow({ where: { code } })).inviteToken;
    await joinGame(b, { token }, starterSeatDeck("eggman-empire"));
    expect(await notifyTurn(code, 1)).toBe(1);
    expect(h.mails[0]).toMatchObject({ to: a.email, subject: "Your move against Bo" });
    expect(h.mails[0].text).toContain(`/play/g/${code}`);

    const user = (p: Player) => (p === 0 ? a : b);
    let expected = 1;
    // a few days of moves, one a day, each by a seat to move
    for (let day = 1; day <= 6; day++) {
      if (day === 3) await setTurnMailPreference(b, false);
      now += DAY;
      vi.setSystemTime(now);
      const g = (await loadGame(code))!;
      if (g.record.status !== "active") break;
      const seat = ([0, 1] as Player[]).find((p) => (g.record.toMove & (1 << p)) !== 0)!;
      const m = messageFor(g.live!, seat, 0);
      const move = legalActionsForView(m.view)[0];
      const { player: _p, ...rest } = move;
      const r = await submit({ userId: user(seat).id }, code, { seq: m.seq, move: rest });
      await turnMailsSettled();
      const after = (await loadGame(code))!.record;
      if (!r.held && after.status === "active")
        for (const s of [0, 1] as Player[]) if (s !== seat && (after.toMove & (1 << s)) !== 0 && !(s === 1 && day >= 3)) expected++;
      expect(h.mails.length, `day ${day}`).toBe(expected);
    }
    expect(h.mails.every((x) => x.to === a.email || x.to === b.email)).toBe(true);
    expect(h.mails.filter((x) => x.to === b.email).length).toBeLessThan(h.mails.length);

    // a player who has the game open gets no mail
    const g = (await loadGame(code))!;
    const here = ([0, 1] as Player[]).map((p) => attend(g.record.id, p));
    expect(await notifyTurn(code, null)).toBe(0);
    here.forEach((x) => x.close());

    // nobody moves for three days: before the deadline no claim, after it the waiting seat wins on time
    const rec = (await loadGame(code))!.record;
    const mover = ([0, 1] as Player[]).filter((p) => (rec.toMove & (1 << p)) !== 0);
    expect(mover).toHaveLength(1);
    if (mover.length === 1) {
      const waiting = (1 - mover[0]) as Player;
      vi.setSystemTime(now + 3 * DAY - 60_000);
      await expect(submit({ userId: user(waiting).id }, code, { seq: rec.seq, move: { type: "claim" } })).rejects.toMatchObject({ code: "play/not-yet" });
      vi.setSystemTime(now + 3 * DAY + 60_000);
      await submit({ userId: user(waiting).id }, code, { seq: rec.seq, move: { type: "claim" } });
      const end = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
      expect([end.status, end.result, end.endReason]).toEqual(["finished", String(waiting), "timeout"]);
    }
  });
});
