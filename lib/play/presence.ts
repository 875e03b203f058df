import "server-only";
import { randomUUID } from "node:crypto";
import type { Player } from "@/lib/engine";
import { getRedis } from "@/lib/server/redis";
import { DomainError } from "@/lib/server/errors";
import { clearAway, getAway, markAway } from "@/lib/play/data/away";
import { publish } from "./hub";
import type { GameRecord, PlayMessage } from "./types";

/**
 * Who is at a game (docs/play.md, "Reconnect clock" and "Spectators"): every
 * open stream registers itself here, for its seat or as a spectator. In
 * memory by default; with REDIS_URL in a sorted set per game and seat whose
 * members expire unless their stream refreshes them, so every instance counts
 * the streams of all of them, and the streams of a killed instance drop out
 * after PRESENCE_TTL_MS.
 *
 * A seat of a live game with no open stream anywhere is away: its last
 * stream closed (checked again after a short grace, so a reload is not a
 * disconnect), or its opponent's stream found it missing. From then the
 * reconnect clock runs (PLAY_RECONNECT_SECONDS, 60 by default), the move
 * clock is paused, and once the reconnect clock is out the opponent may claim
 * the game. When the seat is back the move deadline moves on by the pause.
 */

/** How long a registration lives without being refreshed (a killed instance's streams are gone after it). */
export const PRESENCE_TTL_MS = 15_000;
/** How often an open stream refreshes its registration and looks whether its opponent is there. */
const REFRESH_MS = 5_000;
/** How long after a seat's last stream closed it counts as away (a reload reconnects well within it). */
const GRACE_MS = 3_000;

/** The reconnect clock of live games, in milliseconds (PLAY_RECONNECT_SECONDS, default 60 s). */
export function reconnectMs(): number {
  const s = Number(process.env.PLAY_RECONNECT_SECONDS);
  return Number.isFinite(s) && s > 0 ? s * 1000 : 60_000;
}

type Who = Player | "watch";

const g = globalThis as unknown as { ringbinderPlayPresence?: { instance: string; local: Map<string, Map<string, number>> } };

function state() {
  return (g.ringbinderPlayPresence ??= { instance: randomUUID(), local: new Map() });
}

function keyOf(gameId: string, who: Who): string {
  return `${process.env.REDIS_PREFIX || "ringbinder:"}play:presence:${gameId}:${who}`;
}

function register(key: string, member: string): void {
  const local = state().local;
  let m = local.get(key);
  if (!m) local.set(key, (m = new Map()));
  const until = Date.now() + PRESENCE_TTL_MS;
  m.set(member, until);
  const redis = getRedis();
  if (redis)
    redis
      .multi()
      .zadd(key, until, member)
      .pexpire(key, PRESENCE_TTL_MS * 2)
      .exec()
      .catch((e: Error) => console.error("play presence:", e.message));
}

function unregister(key: string, member: string): void {
  const local = state().local;
  const m = local.get(key);
  m?.delete(member);
  if (m && m.size === 0) local.delete(key);
  const redis = getRedis();
  if (redis) redis.zrem(key, member).catch((e: Error) => console.error("play presence:", e.message));
}

function localCount(key: string): number {
  const now = Date.now();
  let n = 0;
  for (const until of state().local.get(key)?.values() ?? []) if (until > now) n++;
  return n;
}

/** The open streams of a seat (or the spectators) on every instance; this instance's own when Redis does not answer. */
export async function presentCount(gameId: string, who: Who): Promise<number> {
  const key = keyOf(gameId, who);
  const redis = getRedis();
  if (!redis) return localCount(key);
  try {
    const now = Date.now();
    const [, counted] = (await redis.multi().zremrangebyscore(key, "-inf", now).zcount(key, now, "+inf").exec()) ?? [];
    return Number(counted?.[1] ?? localCount(key));
  } catch {
    return localCount(key);
  }
}

/** Records the seat as away when it has no open stream anywhere (a live game under way only); tells the game's streams. */
export async function checkAbsent(gameId: string, seat: Player, now = new Date()): Promise<boolean> {
  if ((await presentCount(gameId, seat)) > 0) return false;
  const marked = await markAway(gameId, seat, now);
  if (marked) publish(gameId, -1);
  return marked;
}

/** The seat is back: its reconnect clock stops and the move clock goes on (the deadline moved on by the pause). */
export async function markBack(gameId: string, seat: Player, now = new Date()): Promise<boolean> {
  const back = await clearAway(gameId, seat, now);
  if (back) publish(gameId, -1);
  return back;
}

/** An open stream's registration: refreshed while it is open, gone when closed. */
export interface Attendance {
  close(): void;
}

/** Registers one open stream of a game, for its seat or as a spectator, until `close`. */
export function attend(gameId: string, seat: Player | null): Attendance {
  const who: Who = seat ?? "watch";
  const key = keyOf(gameId, who);
  const member = `${state().instance}:${randomUUID()}`;
  const report = (e: unknown) => console.error("play presence:", e instanceof Error ? e.message : e);
  register(key, member);
  if (seat === null) publish(gameId, -1);
  else markBack(gameId, seat).catch(report);
  const tick = setInterval(() => {
    register(key, member);
    if (seat !== null) checkAbsent(gameId, (1 - seat) as Player).catch(report);
  }, REFRESH_MS);
  tick.unref?.();
  let open = true;
  return {
    close() {
      if (!open) return;
      open = false;
      clearInterval(tick);
      unregister(key, member);
      if (seat === null) publish(gameId, -1);
      else setTimeout(() => void checkAbsent(gameId, seat).catch(report), GRACE_MS).unref?.();
    },
  };
}

/** The away seat and its reconnect deadline as the game's messages carry it (null when nobody is away or the game is not on). */
export async function awayOf(r: Pick<GameRecord, "id" | "status" | "pace">): Promise<PlayMessage["away"]> {
  if (r.status !== "active" || r.pace !== "live") return null;
  const a = await getAway(r.id);
  return a ? { seat: a.seat, since: a.since.toISOString(), until: new Date(a.since.getTime() + reconnectMs()).toISOString() } : null;
}

/**
 * Why `seat` may claim the game on time, or the typed refusal: its opponent
 * has been away past the reconnect clock (whoever is to move); or, with
 * nobody away, the opponent alone is to move and the move deadline has passed.
 * While anyone is away the move clock is paused, so it gives no claim.
 */
export async function claimGrounds(r: GameRecord, seat: Player, now = new Date()): Promise<"reconnect" | "clock"> {
  const other = (1 - seat) as Player;
  const away = r.pace === "live" ? await getAway(r.id) : null;
  if (away) {
    const left = away.since.getTime() + reconnectMs() - now.getTime();
    if (away.seat === other && left <= 0) return "reconnect";
    throw new DomainError(
      "play/not-yet",
      away.seat === other ? `Your opponent has ${Math.ceil(left / 1000)} s left to reconnect.` : "The clock is paused while you reconnect.",
      { status: 409 },
    );
  }
  const waitingForOther = (r.toMove & (1 << other)) !== 0 && (r.toMove & (1 << seat)) === 0;
  if (!waitingForOther) throw new DomainError("play/not-your-claim", "You can claim the game only while it waits for your opponent's move.", { status: 409 });
  if (!r.deadlineAt || now.getTime() <= Date.parse(r.deadlineAt)) throw new DomainError("play/not-yet", "Your opponent's time has not run out yet.", { status: 409 });
  return "clock";
}
