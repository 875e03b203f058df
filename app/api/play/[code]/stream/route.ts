import { z } from "zod";
import { defineRoute } from "@/lib/server/route";
import { failure } from "@/lib/server/errors";
import { assertSameOrigin, sessionWatch } from "@/lib/play/http";
import { loadGame } from "@/lib/play/referee";
import { gameStream } from "@/lib/play/stream";

export const dynamic = "force-dynamic";

/**
 * GET /api/play/<code>/stream: the game's Server-Sent Events. A player of the
 * game gets their seat's view, anyone else with the game link the public view.
 * An EventSource sends no Origin on a same-origin GET, so the origin check
 * here accepts its absence (Sec-Fetch-Site still refuses another site).
 */
export const GET = defineRoute({
  input: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "There is no such game.") }),
  read: (request, params: { code: string }) => {
    assertSameOrigin(request, false);
    return params;
  },
  auth: "public",
  limit: "play-stream",
  run: async ({ code }, user, request) => {
    const g = await loadGame(code);
    if (!g || g.record.status === "cancelled") return failure("play/not-found", "There is no such game.");
    const seat = user ? (g.record.seats.find((s) => s.userId === user.id)?.seat ?? null) : null;
    return gameStream({ code, gameId: g.record.id, seat, viewer: user, signal: request.signal, stillSignedIn: await sessionWatch(request, user !== null) });
  },
});
