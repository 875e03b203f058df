/**
 * Access-matrix rows for events: creating, entering, running and reporting,
 * and the public pages (read by lib/server/access-matrix.test.ts;
 * docs/architecture.md "The access matrix"). The owner organises every event
 * a row prepares; "other" and "admin" enter it.
 */
import { expect } from "vitest";
import * as manage from "@/lib/events/data/manage";
import * as results from "@/lib/events/data/results";
import * as page from "@/lib/events/data/page";
import { starterSeatDeck } from "@/lib/play/test-fixture";
import { PUBLIC, SIGNED_IN, db, fixture, type Outcome, type Rows, type Who } from "@/test/access/harness";

const ORGANISER_ONLY: Record<Who, Outcome> = { guest: "unauthenticated", other: "denied", owner: "ok", admin: "denied" };

let extra = 0;
/** A fresh player for an event that needs more than two entrants. */
async function player() {
  const u = await db().user.create({ data: { email: `events-extra-${++extra}-${process.pid}@matrix.test`, displayName: `Extra ${extra}`, passwordHash: "x" } });
  return { id: u.id, email: u.email, displayName: u.displayName, role: "user" as const };
}

/** An event the owner organises, with "other" and "admin" entered; started when asked (round 1 paired). */
async function ownerEvent(opts: { start?: boolean; results?: boolean; four?: boolean } = {}): Promise<string> {
  const { owner, other, admin } = fixture().users;
  const { id } = await manage.createEvent(owner, { name: "Matrix event", notes: "", mode: "table", rounds: 2, topCut: 0, registrationClosesAt: new Date(Date.now() + 86_400_000) });
  for (const u of [other, admin]) await manage.registerForEvent(u, id, starterSeatDeck());
  // four entrants: round 2 can be paired without a rematch
  if (opts.four) for (let i = 0; i < 2; i++) await manage.registerForEvent(await player(), id, starterSeatDeck());
  if (opts.start) await manage.startEvent(owner, id);
  if (opts.results) for (const m of await db().eventMatch.findMany({ where: { eventId: id } })) await results.enterResult(owner, m.id, { winsA: 2, winsB: 0, draws: 0 });
  return id;
}

async function matchOf(eventId: string): Promise<string> {
  return (await db().eventMatch.findFirstOrThrow({ where: { eventId } })).id;
}

export const data: Rows = {
  "events/data/manage.ts#createEvent": {
    access: "checked",
    call: (actor) => manage.createEvent(actor, { name: "Mine", notes: "", mode: "table", rounds: 0, topCut: 0, registrationClosesAt: new Date(Date.now() + 3_600_000) }),
    expect: SIGNED_IN,
  },
  // anyone signed in enters; the organiser runs the event and does not play in it
  "events/data/manage.ts#registerForEvent": {
    access: "checked",
    prepare: async () => (await manage.createEvent(fixture().users.owner, { name: "Open", notes: "", mode: "table", rounds: 0, topCut: 0, registrationClosesAt: new Date(Date.now() + 3_600_000) })).id,
    call: (actor, _f, id) => manage.registerForEvent(actor, id, starterSeatDeck()),
    expect: { guest: "unauthenticated", other: "ok", owner: "denied", admin: "ok" },
  },
  // an entrant drops themself; the organiser may drop anyone; nobody else drops someone
  "events/data/manage.ts#dropFromEvent": {
    access: "checked",
    prepare: async () => {
      const id = await ownerEvent({ start: true });
      const entry = await db().eventEntry.findFirstOrThrow({ where: { eventId: id, userId: fixture().users.other.id } });
      return `${id} ${entry.id}`;
    },
    call: (actor, _f, p) => manage.dropFromEvent(actor, p.split(" ")[0], p.split(" ")[1]),
    expect: { guest: "unauthenticated", other: "ok", owner: "ok", admin: "denied" },
  },
  "events/data/manage.ts#startEvent": { access: "checked", prepare: () => ownerEvent(), call: (actor, _f, id) => manage.startEvent(actor, id), expect: ORGANISER_ONLY },
  "events/data/manage.ts#advanceEvent": { access: "checked", prepare: () => ownerEvent({ start: true, results: true, four: true }), call: (actor, _f, id) => manage.advanceEvent(actor, id), expect: ORGANISER_ONLY },
  "events/data/manage.ts#finishEvent": { access: "checked", prepare: () => ownerEvent({ start: true, results: true }), call: (actor, _f, id) => manage.finishEvent(actor, id), expect: ORGANISER_ONLY },
  // the two players report their match; the organiser enters results instead
  "events/data/results.ts#reportResult": {
    access: "checked",
    prepare: async () => matchOf(await ownerEvent({ start: true })),
    call: (actor, _f, matchId) => results.reportResult(actor, matchId, { winsA: 2, winsB: 1, draws: 0 }),
    expect: { guest: "unauthenticated", other: "ok", owner: "denied", admin: "ok" },
  },
  "events/data/results.ts#enterResult": {
    access: "checked",
    prepare: async () => matchOf(await ownerEvent({ start: true })),
    call: (actor, _f, matchId) => results.enterResult(actor, matchId, { winsA: 2, winsB: 1, draws: 0 }),
    expect: ORGANISER_ONLY,
  },
  "events/data/results.ts#decodeScore": { access: "pure", why: "parses a stored score string" },
  "events/data/results.ts#settleEventGameTx": { access: "internal", why: "settles an online match inside the referee's transaction that ends its game (the referee checked the seat and the action)", importers: ["lib/play/data/log.ts"] },
  "events/data/rounds.ts#loadEventTx": { access: "internal", why: "a step of the event's reads and writes, which check the actor", importers: ["lib/events/data/manage.ts", "lib/events/data/results.ts", "lib/events/data/page.ts"] },
  "events/data/rounds.ts#standingsOf": { access: "internal", why: "the standings step of the event page and the pairing", importers: ["lib/events/data/page.ts"] },
  "events/data/rounds.ts#roundComplete": { access: "internal", why: "a check of advanceEvent and finishEvent, and of the page", importers: ["lib/events/data/manage.ts", "lib/events/data/page.ts"] },
  "events/data/rounds.ts#nextStep": { access: "internal", why: "a check of advanceEvent, and of the page", importers: ["lib/events/data/manage.ts", "lib/events/data/page.ts"] },
  "events/data/rounds.ts#pairSwissTx": { access: "internal", why: "pairs a round inside startEvent's or advanceEvent's transaction (organiser checked)", importers: ["lib/events/data/manage.ts"] },
  "events/data/rounds.ts#pairTopCutTx": { access: "internal", why: "pairs the top cut inside advanceEvent's transaction (organiser checked)", importers: ["lib/events/data/manage.ts"] },
  "events/data/rounds.ts#pairTopNextTx": { access: "internal", why: "pairs a top-cut round inside advanceEvent's transaction (organiser checked)", importers: ["lib/events/data/manage.ts"] },
  "events/data/page.ts#listEvents": { access: "checked", call: (actor) => page.listEvents(actor), expect: PUBLIC },
  // the page is public, but no decklist of anyone else before the end: not even the organiser's view holds one
  "events/data/page.ts#getEventPage": {
    access: "checked",
    prepare: () => ownerEvent({ start: true }),
    call: (actor, _f, id) => page.getEventPage(actor, id),
    expect: PUBLIC,
    verify: (who, r) => {
      const v = r as { decklists: unknown; me: unknown; audit: unknown };
      expect(v.decklists).toBeNull();
      expect(v.me !== null).toBe(who === "other" || who === "admin");
      expect(v.audit !== null).toBe(who === "owner");
      expect(JSON.stringify(r)).not.toMatch(/"deck"|"keys"/);
    },
  },
};

/** This feature's route handlers under app/api (none: its writes are server actions). */
export const routes: Rows = {};
