/**
 * Access-matrix rows for the ladder: ratings, ranked games, the matchmaking queue and the practice rating
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import { expect } from "vitest";
import * as ratings from "@/lib/ladder/data/ratings";
import * as ranked from "@/lib/ladder/data/ranked";
import * as queue from "@/lib/ladder/data/queue";
import * as practice from "@/lib/ladder/data/practice";
import { seasonOf } from "@/lib/ladder/rating";
import { encodeReplay } from "@/lib/playtest/replay-link";
import { starterDeckKeys } from "@/lib/playtest/cards";
import { starterSeatDeck } from "@/lib/play/test-fixture";
import { PUBLIC, SIGNED_IN, db, fixture, type Rows } from "@/test/access/harness";

const season = () => seasonOf(new Date());

/** Gives the owner a practice rating and one point of practice history; the owner's id. */
async function ownerPractice(): Promise<string> {
  const id = fixture().users.owner.id;
  await db().playerRating.upsert({ where: { userId_season_pool: { userId: id, season: 0, pool: "practice" } }, create: { userId: id, season: 0, pool: "practice", rating: 1400, rd: 200, vol: 0.06, games: 1, losses: 1 }, update: {} });
  await db().ratingHistory.create({ data: { userId: id, season: 0, pool: "practice", rating: 1400, rd: 200, delta: -100, gameId: "practice-row" } });
  return id;
}

let practiceSeed = 1000;
/** A fresh conceded game against the Rookie as a replay link (a new seed each time, so each caller reports a new game). */
async function practiceReplay(): Promise<string> {
  const a = starterDeckKeys("team-sonic-speed")!;
  const b = starterDeckKeys("eggman-empire")!;
  return encodeReplay({ deckKeys: [a, b], deckNames: ["A", "B"], seed: practiceSeed++, aiSeed: 1, columnRule: "priority", maxTurns: 100, level: "random", actions: [], conceded: true, corrections: false });
}

/** Every exported function of this feature's data access (key: file under lib/, then #name). */
export const data: Rows = {
  "ladder/data/ratings.ts#currentGlickoTx": { access: "internal", why: "a step of settling a ranked game, pairing or rating practice (the callers checked the actor or are the referee)", importers: ["lib/ladder/data/practice.ts", "lib/ladder/data/queue.ts", "lib/ladder/data/ranked.ts"] },
  "ladder/data/ratings.ts#applyRatingTx": { access: "internal", why: "writes a rating inside the transaction of a settled ranked game or a checked practice report", importers: ["lib/ladder/data/practice.ts", "lib/ladder/data/ranked.ts"] },
  // the leaderboard is public: names and ratings of players who played a ranked game
  "ladder/data/ratings.ts#getLeaderboard": { access: "checked", call: (actor) => ratings.getLeaderboard(actor, season()), expect: PUBLIC, verify: (_who, r) => expect(JSON.stringify(r)).not.toMatch(/email|passwordHash/) },
  "ladder/data/ratings.ts#ratedSeasons": { access: "checked", call: (actor) => ratings.ratedSeasons(actor), expect: PUBLIC },
  "ladder/data/ratings.ts#getMyRatings": { access: "checked", call: (actor) => ratings.getMyRatings(actor, season()), expect: SIGNED_IN },
  "ladder/data/ratings.ts#getPlayerProfile": {
    access: "checked",
    prepare: ownerPractice,
    call: (actor, _f, id) => ratings.getPlayerProfile(actor, id, season()),
    expect: PUBLIC,
    // the practice rating is the owner's own
    verify: (who, r) => expect((r as { practice: unknown }).practice === null).toBe(who !== "owner"),
  },
  "ladder/data/ratings.ts#getRatingHistory": {
    access: "checked",
    prepare: ownerPractice,
    call: (actor, _f, id) => ratings.getRatingHistory(actor, id, "practice", season()),
    expect: PUBLIC,
    verify: (who, r) => expect((r as unknown[]).length > 0).toBe(who === "owner"),
  },
  "ladder/data/ranked.ts#createRankedGame": { access: "checked", call: (actor) => ranked.createRankedGame(actor, { listing: "invite", pace: "live", columnRule: "priority" }, starterSeatDeck()), expect: SIGNED_IN },
  "ladder/data/ratings.ts#ratingsForExport": { access: "internal", why: "the session user's own ratings and history for exportMyData, which checked the session", importers: ["lib/accounts/data/account.ts"] },
  "ladder/data/ranked.ts#rankedAmong": { access: "internal", why: "play's game lists and game page label ranked games (the ids are of games the caller already read for that viewer)", importers: ["lib/play/data/games.ts"] },
  "ladder/data/ranked.ts#settleRankedGameTx": { access: "internal", why: "rates a ranked game inside the referee's transaction that ends it (the referee checked the seat and the action)", importers: ["lib/play/data/log.ts"] },
  // each caller joins, asks and leaves the queue as themselves: the entry is keyed by the actor's id
  "ladder/data/queue.ts#joinQueue": { access: "checked", call: (actor) => queue.joinQueue(actor, starterSeatDeck()), expect: SIGNED_IN, verify: (_who, r) => expect((r as { state: string }).state).not.toBe("idle") },
  "ladder/data/queue.ts#pollQueue": { access: "checked", call: (actor) => queue.pollQueue(actor), expect: SIGNED_IN },
  "ladder/data/queue.ts#getQueueStatus": { access: "checked", call: (actor) => queue.getQueueStatus(actor), expect: SIGNED_IN },
  "ladder/data/queue.ts#leaveQueue": { access: "checked", call: (actor) => queue.leaveQueue(actor), expect: SIGNED_IN },
  "ladder/data/queue.ts#pairEntries": { access: "internal", why: "pollQueue's pairing step, on entries it read for the signed-in player", importers: [] },
  "ladder/data/practice.ts#recordPracticeGame": { access: "checked", prepare: practiceReplay, call: (actor, _f, r) => practice.recordPracticeGame(actor, r), expect: SIGNED_IN },
};

/** This feature's route handlers under app/api (none: the ladder's writes are server actions). */
export const routes: Rows = {};
