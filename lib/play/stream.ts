import "server-only";
import type { Player } from "@/lib/engine";
import type { Actor } from "@/lib/server/actor";
import { readChat } from "@/lib/play/data/chat";
import { spectatorDelayOf } from "@/lib/play/data/delay";
import type { ChatRoom } from "./chat";
import { delayedGame } from "./delay";
import { subscribe } from "./hub";
import { attend, awayOf, presentCount } from "./presence";
import { cachedGame, loadGame } from "./referee";
import { messageFor } from "./views";
import type { PlayMessage } from "./types";
import { sessionGeneration } from "./http";
import { encodeMessage, wireEncoder } from "./wire";

/**
 * One Server-Sent Events stream of a game (docs/play.md): on opening, and on
 * every change the hub reports, it sends the recipient's message (a seat's
 * view, or the public view) when it differs from the last one sent. A
 * reconnecting client (EventSource does so by itself) simply gets the
 * current message: nothing is replayed, the view is the whole truth. Every
 * few seconds a comment keeps proxies from closing the idle connection, and
 * the session is checked again; the moment a session ends on this instance it
 * is checked at once, and a stream whose session ended is closed.
 *
 * Chat (`event: chat`, `{ room, messages }`, the room's latest messages as the
 * recipient may read them) goes with it: a seat's stream carries the players'
 * room and the spectators' room, a spectator's stream the spectators' room
 * only, never the players'. A spectator of a game with a spectator delay gets
 * the delayed view (lib/play/delay.ts).
 */

/** Seconds between keep-alive comments (and full session checks). */
const BEAT_MS = 15_000;
/** How often the stream looks whether a session ended (a cheap counter read). */
const WATCH_MS = 1_000;

export interface StreamOptions {
  code: string;
  gameId: string;
  seat: Player | null;
  /** Who opened the stream (null: a guest): the chat is read as this account. */
  viewer: Actor | null;
  signal: AbortSignal;
  /** True while the session the stream was opened under is current. */
  stillSignedIn: () => Promise<boolean>;
}

/**
 * The open streams' session watchers: one timer for all of them (not one per stream: a thousand games hold two
 * thousand streams) looks every WATCH_MS whether a session ended on this instance, and then tells every stream,
 * which checks its own session again.
 */
const watchers = new Set<() => void>();
let watchTimer: ReturnType<typeof setInterval> | null = null;
let watchedGeneration = 0;

function watchSessionEnds(onEnd: () => void): () => void {
  if (watchers.size === 0) {
    watchedGeneration = sessionGeneration();
    watchTimer = setInterval(() => {
      const now = sessionGeneration();
      if (now === watchedGeneration) return;
      watchedGeneration = now;
      for (const w of watchers) w();
    }, WATCH_MS);
  }
  watchers.add(onEnd);
  return () => {
    watchers.delete(onEnd);
    if (watchers.size === 0 && watchTimer) {
      clearInterval(watchTimer);
      watchTimer = null;
    }
  };
}

/** Where a stream writes its text; `end` closes the connection. */
export interface EventSink {
  write(text: string): void;
  end(): void;
}

/** The stream's headers: never cached or transformed, nor buffered by a proxy. */
export const EVENT_STREAM_HEADERS = { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store, no-transform", "X-Accel-Buffering": "no" };

/** The stream as a Response (the route handler's). */
export function gameStream(o: StreamOptions): Response {
  const enc = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      stop = startGameEvents(o, {
        write: (text) => controller.enqueue(enc.encode(text)),
        end: () => {
          try {
            controller.close();
          } catch {
            // already closed by the client
          }
        },
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, { headers: EVENT_STREAM_HEADERS });
}

/** Starts the stream's events on `sink` (the route handler's Response, or the fast path's socket); returns its close. */
export function startGameEvents(o: StreamOptions, sink: EventSink): () => void {
  let closed = false;
  let busy = false;
  let again = false;
  // the next push reads the game from the database (else: this instance's referee just changed it, and holds it)
  let fresh = true;
  let last = "";
  // who is away and how many watch, read with every fresh push (their changes are announced with seq -1)
  let away: PlayMessage["away"] = null;
  let watching = 0;
  let close = () => {};
  // a spectator's delay, read once (it never changes)
  const delay = o.seat === null ? spectatorDelayOf(o.code) : Promise.resolve(0);
  const rooms: ChatRoom[] = o.seat === null ? ["spectators"] : ["players", "spectators"];
  const chatLast = new Map<ChatRoom, string>();
  const chatBusy = new Set<ChatRoom>();
  const chatAgain = new Set<ChatRoom>();
  // what this connection was sent: the wire form sends each card definition once, and only new log entries (lib/play/wire.ts)
  const wire = wireEncoder();
  const write = (s: string) => {
    if (!closed) sink.write(s);
  };
  const send = (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const push = async (fromDatabase: boolean) => {
    fresh ||= fromDatabase;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const read = fresh;
        fresh = false;
        const mine = read ? null : cachedGame(o.code);
        const g = mine ? { record: mine.record, live: mine } : await loadGame(o.code);
        if (!g) return close();
        if (read || !mine) [watching, away] = await Promise.all([presentCount(o.gameId, "watch"), awayOf(g.record)]);
        const moves = await delay;
        const live = g.live && o.seat === null ? await delayedGame(g.live, moves) : g.live;
        const delayed = live !== g.live;
        const m = live ? { ...messageFor(live, o.seat, watching), away: delayed || g.record.status !== "active" ? null : away } : null;
        // a newer change came while this one was read: send only the newer one (no message already out of date is
        // serialised and sent)
        if (again && !closed) continue;
        const key = m ? `${m.seq}|${m.placed}|${m.status}|${m.spectators}|${m.away?.since}|${m.deadline}` : `waiting|${g.record.status}|${g.record.seats.length}`;
        if (key === last) continue;
        last = key;
        if (m && live) send("view", encodeMessage(wire, m, live.events.length));
        else send("waiting", { status: g.record.status, players: g.record.seats.length });
      } while (again && !closed);
    } catch (e) {
      console.error("play stream:", e);
      send("problem", { code: "play/unavailable", message: "The game could not be loaded: reconnecting." });
      close();
    } finally {
      busy = false;
    }
  };
  // one room's latest messages, when they differ from the last sent (serialised per room like the view)
  const pushChat = async (room: ChatRoom) => {
    if (!rooms.includes(room)) return;
    if (chatBusy.has(room)) {
      chatAgain.add(room);
      return;
    }
    chatBusy.add(room);
    try {
      do {
        chatAgain.delete(room);
        const messages = await readChat(o.viewer, o.code, room);
        const key = messages.map((x) => x.id).join(",");
        if (chatLast.get(room) === key) continue;
        chatLast.set(room, key);
        send("chat", { room, messages });
      } while (chatAgain.has(room) && !closed);
    } catch (e) {
      console.error("play stream chat:", e);
    } finally {
      chatBusy.delete(room);
    }
  };
  const endSession = () => {
    send("problem", { code: "auth/session-ended", message: "Your session ended: sign in again to go on playing." });
    close();
  };
  // an action this instance accepted: its referee holds the game as it now stands; anything else is read
  const unsubscribe = subscribe(o.gameId, (seq, room, here) => void (room ? pushChat(room) : push(!here || seq < 0)));
  // counted as present (a seat) or watching, on every instance: lib/play/presence.ts
  const attendance = attend(o.gameId, o.seat);
  const unwatch = watchSessionEnds(() => void o.stillSignedIn().then((ok) => ok || endSession()));
  const keepAlive = () => {
    write(": keep-alive\n\n");
    void o.stillSignedIn().then((ok) => ok || endSession());
  };
  // each stream's beat at its own phase: streams opened together (every seat of a server that just started, or of a
  // killed instance coming back) would otherwise beat, and check their sessions in the database, in the same moment
  let beat: ReturnType<typeof setInterval> | undefined;
  const firstBeat = setTimeout(() => {
    keepAlive();
    beat = setInterval(keepAlive, BEAT_MS);
  }, Math.floor(BEAT_MS * (0.5 + Math.random() / 2)));
  close = () => {
    if (closed) return;
    closed = true;
    unwatch();
    clearTimeout(firstBeat);
    clearInterval(beat);
    unsubscribe();
    attendance.close();
    sink.end();
  };
  o.signal.addEventListener("abort", () => close());
  // a dropped connection comes back after 1 s (EventSource's retry field): on another instance, when a load balancer sends it there
  write("retry: 1000\n\n");
  void push(true);
  for (const room of rooms) void pushChat(room);
  return () => close();
}
