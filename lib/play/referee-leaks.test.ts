/**
 * The referee's promise (RULES.md §7, docs/play.md): no message to a seat or
 * a spectator holds a card identity that recipient may not know. Many random
 * games are played through the referee's protocol (submit with the seq of the
 * view, messages built as the stream builds them); after every accepted action
 * every recipient's message is checked against the true state (test/play-leaks.ts),
 * and passed through the stream's wire form (encoder, JSON, decoder of one
 * connection per recipient): every card definition on the wire is one that
 * recipient may know, and the decoded message is the message.
 * components/play/online-game.test.tsx checks one whole game through the boards
 * the two players and a spectator see.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { createTestDatabase, testDatabaseProvider } from "@/test/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import { legalActionsForView, type Player } from "@/lib/engine";
import { knowable, leaks } from "@/test/play-leaks";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));

const t = createTestDatabase("play-leaks");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { createGame, joinGame } = await import("@/lib/play/data/games");
const { loadGame, submit, toMoveMask } = await import("./referee");
const { messageFor } = await import("./views");
const { decodeMessage, encodeMessage, wireDecoder, wireEncoder } = await import("./wire");
const { makeUser, starterSeatDeck } = await import("./test-fixture");

let users: [SessionUser, SessionUser];
beforeAll(async () => {
  users = [await makeUser(t.prisma, "Left"), await makeUser(t.prisma, "Right")];
});

/** The players' choices: xorshift32 from the property's seed. */
function chooser(seed: number) {
  let x = seed | 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

async function playOne(seed: number, maxSubmits: number): Promise<{ submits: number; checked: number; over: boolean }> {
  const pick = chooser(seed);
  const rules = ["priority", "no-mirror"] as const;
  const decks = ["team-sonic-speed", "eggman-empire", "chaotix-mix"];
  const { code } = await createGame(users[0], { listing: "open", pace: "live", columnRule: rules[pick(2)] }, starterSeatDeck(decks[pick(3)]));
  await joinGame(users[1], { code }, starterSeatDeck(decks[pick(3)]));
  let submits = 0;
  let checked = 0;
  // one connection per recipient, as the stream sends: every message through the wire form (lib/play/wire.ts)
  const wires = [0, 1, null].map(() => ({ enc: wireEncoder(), dec: wireDecoder() }));
  for (;;) {
    const g = (await loadGame(code))!;
    const live = g.live!;
    const over = g.record.status === "finished";
    for (const [i, r] of ([0, 1, null] as (Player | null)[]).entries()) {
      const m = messageFor(live, r, 1);
      const problems = leaks(m, live.state, r, over);
      // on the wire: every card definition is one of a card this recipient may know, and the message comes out whole
      const w = JSON.parse(JSON.stringify(encodeMessage(wires[i].enc, m, live.events.length))) as ReturnType<typeof encodeMessage>;
      const ok = knowable(live.state, r);
      for (const [id] of w.defs) if (!ok.has(id)) problems.push(`the wire defines card ${id}, hidden from ${r ?? "a spectator"}`);
      expect(problems, `game ${code} seq ${g.record.seq}, recipient ${r}`).toEqual([]);
      expect(decodeMessage(wires[i].dec, w)).toEqual(JSON.parse(JSON.stringify(m)));
      checked++;
    }
    if (over || submits >= maxSubmits) return { submits, checked, over };
    const mask = toMoveMask(live.state, live.held);
    const seats = ([0, 1] as Player[]).filter((p) => (mask & (1 << p)) !== 0);
    const seat = seats[pick(seats.length)];
    const m = messageFor(live, seat, 0);
    const actor = { userId: users[seat].id };
    if (pick(40) === 0) {
      await expect(submit(actor, code, { seq: m.seq + 1, move: { type: "pass" } })).rejects.toMatchObject({ code: "play/stale" });
      continue;
    }
    const moves = legalActionsForView(m.view);
    const move = pick(300) === 0 ? { type: "concede" as const } : (({ player: _p, ...rest }) => rest)(moves[pick(moves.length)]);
    await submit(actor, code, { seq: m.seq, move });
    submits++;
  }
}

/**
 * SQLite: 12 games from new random seeds every run. PostgreSQL runs the property again for the referee's SQL
 * there (the messages are built the same way on either database): 4 games from one fixed fast-check seed, so
 * what its floors ask of the games never depends on the draw.
 */
const POSTGRES = testDatabaseProvider() === "postgresql";
const RUNS = POSTGRES ? 4 : 12;

describe("the referee's messages", () => {
  it("never hold a card identity their recipient may not know, over many random games", async () => {
    let total = 0;
    let finished = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 0x7fffffff }), async (seed) => {
        const r = await playOne(seed, 160);
        total += r.checked;
        if (r.over) finished++;
      }),
      POSTGRES ? { numRuns: RUNS, seed: 20261207 } : { numRuns: RUNS },
    );
    // the games went far: most ended, and every step of each was checked for all three recipients
    expect(finished).toBeGreaterThan(RUNS / 4);
    expect(total).toBeGreaterThan(RUNS * 3 * 20);
    // about 2,000 submits and 6,000 checked messages through a real database
  }, 240_000);
});
