import "server-only";
import type { Player } from "@/lib/engine";
import { subscribe } from "./hub";
import { attend, awayOf, presentCount } from "./presence";
import { loadGame } from "./referee";
import { messageFor } from "./views";
import { sessionGeneration } from "./http";

/**
 * One Server-Sent Events stream of a game (docs/play.md): on opening, and on
 * every change the hub reports, it sends the recipient's message (a seat's
 * view, or the public view) when it differs from the last one sent. A
 * reconnecting client (EventSource does so by itself) simply gets the
 * current message: nothing is replayed, the view is the whole truth. Every
 * few seconds a comment keeps proxies from closing the idle connection, and
 * the session is checked again; the moment a session ends on this instance it
 * is checked at once, and a stream whose session ended is closed.
 */

/** Seconds between keep-alive comments (and full session checks). */
const BEAT_MS = 15_000;
/** How often the stream looks whether a session ended (a cheap counter read). */
const WATCH_MS = 1_000;

export interface StreamOptions {
  code: string;
  gameId: string;
  seat: Player | null;
  signal: AbortSignal;
  /** True while the session the stream was opened under is current. */
  stillSignedIn: () => Promise<boolean>;
}

export function gameStream(o: StreamOptions): Response {
  const enc = new TextEncoder();
  let closed = false;
  let busy = false;
  let again = false;
  let last = "";
  let close = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (s: string) => {
        if (!closed) controller.enqueue(enc.encode(s));
      };
      const send = (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const push = async () => {
        if (busy) {
          again = true;
          return;
        }
        busy = true;
        try {
          do {
            again = false;
            const g = await loadGame(o.code);
            if (!g) return close();
            const m = g.live ? { ...messageFor(g.live, o.seat, await presentCount(o.gameId, "watch")), away: await awayOf(g.record) } : null;
            const key = m ? `${m.seq}|${m.placed}|${m.status}|${m.spectators}|${m.away?.since}|${m.deadline}` : `waiting|${g.record.status}|${g.record.seats.length}`;
            if (key === last) continue;
            last = key;
            if (m) send("view", m);
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
      const endSession = () => {
        send("problem", { code: "auth/session-ended", message: "Your session ended: sign in again to go on playing." });
        close();
      };
      const unsubscribe = subscribe(o.gameId, () => void push());
      // counted as present (a seat) or watching, on every instance: lib/play/presence.ts
      const attendance = attend(o.gameId, o.seat);
      let generation = sessionGeneration();
      const watch = setInterval(() => {
        const now = sessionGeneration();
        if (now === generation) return;
        generation = now;
        void o.stillSignedIn().then((ok) => ok || endSession());
      }, WATCH_MS);
      const beat = setInterval(() => {
        write(": keep-alive\n\n");
        void o.stillSignedIn().then((ok) => ok || endSession());
      }, BEAT_MS);
      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(watch);
        clearInterval(beat);
        unsubscribe();
        attendance.close();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      o.signal.addEventListener("abort", () => close());
      // a dropped connection comes back after 2 s (EventSource's retry field)
      write("retry: 2000\n\n");
      void push();
    },
    cancel() {
      close();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store, no-transform", "X-Accel-Buffering": "no" },
  });
}
