import "server-only";
import { z } from "zod";
import type { Actor } from "@/lib/server/actor";
import { failure, type DomainFailure } from "@/lib/server/errors";
import { registerFastRoute } from "@/lib/server/fast-route";
import { sameOriginRequest } from "@/lib/server/request-host";
import { isSameOrigin, sessionWatch } from "./http";
import { MAX_ACTION_BYTES } from "./protocol";
import { loadGame, submit } from "./referee";
import { EVENT_STREAM_HEADERS, startGameEvents, type StreamOptions } from "./stream";

/**
 * The two game routes' gates and work, shared by their route handlers
 * (app/api/play/[code]/{action,stream}/route.ts, through defineRoute) and
 * their fast twins (lib/server/fast-route.ts, served before Next sees the
 * request once the route module is loaded): the same schema, auth level, rate
 * limit, origin check and work, so both ways answer alike.
 */

/** The game code in the path. */
export const gameCodeInput = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "There is no such game.") });

export const ACTION_GATE = { input: gameCodeInput, auth: "user", limit: "play-action" } as const;
export const STREAM_GATE = { input: gameCodeInput, auth: "public", limit: "play-stream" } as const;

export const CROSS_ORIGIN = "Games can only be played from this site's own pages.";

/** The referee's answer to one action message. */
export function runAction(actor: Actor, code: string, message: unknown) {
  return submit({ userId: actor.id }, code, message);
}

/** A stream's options for `user` (null: a guest), or the refusal for a game that is not there. */
export async function streamOptions(code: string, user: Actor | null, request: { headers: { get(name: string): string | null } }, signal: AbortSignal): Promise<StreamOptions | DomainFailure> {
  const g = await loadGame(code);
  if (!g || g.record.status === "cancelled") return failure("play/not-found", "There is no such game.");
  const seat = user ? (g.record.seats.find((s) => s.userId === user.id)?.seat ?? null) : null;
  return { code, gameId: g.record.id, seat, viewer: user, signal, stillSignedIn: await sessionWatch(request, user !== null) };
}

const PATH_ACTION = /^\/api\/play\/(?<code>[^/]+)\/action$/;
const PATH_STREAM = /^\/api\/play\/(?<code>[^/]+)\/stream$/;

/** Registers both routes' fast twins (idempotent): called by the route modules when Next loads them. */
export function registerFastPlayRoutes(): void {
  registerFastRoute("play-action", {
    ...ACTION_GATE,
    method: "POST",
    path: PATH_ACTION,
    origin: (headers) => sameOriginRequest(headers),
    crossOrigin: CROSS_ORIGIN,
    run: async ({ code }, actor, request) => ({ json: await runAction(actor, code, await request.json(MAX_ACTION_BYTES)) }),
  });
  registerFastRoute("play-stream", {
    ...STREAM_GATE,
    method: "GET",
    path: PATH_STREAM,
    // an EventSource sends no Origin on a same-origin GET: its absence is accepted (Sec-Fetch-Site still refuses another site)
    origin: (headers) => isSameOrigin(headers, false),
    crossOrigin: CROSS_ORIGIN,
    run: async ({ code }, user, request) => {
      const o = await streamOptions(code, user, request, request.signal);
      if ("ok" in o) throw o;
      return { stream: { headers: EVENT_STREAM_HEADERS, start: (sink) => void startGameEvents(o, sink) } };
    },
  });
}
