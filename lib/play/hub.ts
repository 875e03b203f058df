import "server-only";
import { randomUUID } from "node:crypto";
import type Redis from "ioredis";
import { getRedis } from "@/lib/server/redis";
import type { ChatRoom } from "./chat";

/**
 * Fan-out of "this game changed" between the referee and the open streams
 * (docs/play.md). In memory by default; with REDIS_URL every instance
 * publishes to and subscribes on Redis pub/sub, so a stream on any instance
 * hears of an action accepted on any other. Only the game's id and its new
 * seq travel: each instance derives the recipients' views itself, so no view
 * (and no hidden card) passes through Redis. A chat notice names the room
 * that changed ("chat:players" in place of the seq); the streams read the
 * room from the database, each only the rooms its recipient may read.
 */

/** `here`: the change was made by this instance (its referee already holds the game as it now stands). */
type Listener = (seq: number, chat: ChatRoom | undefined, here: boolean) => void;

const g = globalThis as unknown as {
  ringbinderPlayHub?: { listeners: Map<string, Set<Listener>>; instance: string; sub: Redis | null; subscribed: Set<string> };
};

function hub() {
  return (g.ringbinderPlayHub ??= { listeners: new Map(), instance: randomUUID(), sub: null, subscribed: new Set() });
}

function channelOf(gameId: string): string {
  return `${process.env.REDIS_PREFIX || "ringbinder:"}play:game:${gameId}`;
}

function emit(gameId: string, seq: number, chat: ChatRoom | undefined, here: boolean): void {
  for (const l of hub().listeners.get(gameId) ?? []) l(seq, chat, here);
}

function subscriber(): Redis | null {
  const h = hub();
  if (h.sub) return h.sub;
  const redis = getRedis();
  if (!redis) return null;
  const sub = redis.duplicate({ connectionName: "ringbinder-play-sub" });
  sub.on("message", (channel: string, payload: string) => {
    const sep = payload.indexOf(" ");
    const from = payload.slice(0, sep);
    if (from === h.instance) return;
    const [gameId, seq] = payload.slice(sep + 1).split(" ");
    if (channel !== channelOf(gameId)) return;
    if (seq === "chat:players" || seq === "chat:spectators") emit(gameId, -1, seq.slice(5) as ChatRoom, false);
    else emit(gameId, Number(seq), undefined, false);
  });
  // a lost connection resubscribes by itself (ioredis); errors are logged, never thrown into a request
  sub.on("error", (e) => console.error("play hub: Redis subscriber:", e.message));
  h.sub = sub;
  return sub;
}

/** Calls `listener` with the new seq whenever the game changes (here or on another instance); returns the unsubscribe. */
export function subscribe(gameId: string, listener: Listener): () => void {
  const h = hub();
  let set = h.listeners.get(gameId);
  if (!set) h.listeners.set(gameId, (set = new Set<Listener>()));
  set.add(listener);
  const sub = subscriber();
  if (sub && !h.subscribed.has(gameId)) {
    h.subscribed.add(gameId);
    sub.subscribe(channelOf(gameId)).catch((e: Error) => console.error("play hub: subscribe:", e.message));
  }
  return () => {
    set.delete(listener);
    if (set.size > 0) return;
    h.listeners.delete(gameId);
    if (sub && h.subscribed.delete(gameId)) sub.unsubscribe(channelOf(gameId)).catch(() => undefined);
  };
}

/** Tells every stream of the game, on every instance, that it changed (its seq, or a held placement or watcher count). */
export function publish(gameId: string, seq: number): void {
  emit(gameId, seq, undefined, true);
  const redis = getRedis();
  if (redis) redis.publish(channelOf(gameId), `${hub().instance} ${gameId} ${seq}`).catch((e: Error) => console.error("play hub: publish:", e.message));
}

/** Tells every stream of the game, on every instance, that a chat room of it changed (a new message, or one hidden). */
export function publishChat(gameId: string, room: ChatRoom): void {
  emit(gameId, -1, room, true);
  const redis = getRedis();
  if (redis) redis.publish(channelOf(gameId), `${hub().instance} ${gameId} chat:${room}`).catch((e: Error) => console.error("play hub: publish:", e.message));
}
