import { z } from "zod";
import { defineRoute } from "@/lib/server/route";
import { readJsonBody } from "@/lib/play/http";
import { MAX_ACTION_BYTES } from "@/lib/play/protocol";
import { submit } from "@/lib/play/referee";

/**
 * POST /api/play/<code>/action with `{ seq, move }`: a player's action,
 * checked by the referee (lib/play/referee.ts). Answers `{ ok, seq, held }`;
 * the new views reach both players and the spectators through the stream.
 * The body is read only after the player is authenticated, within its size limit.
 */
export const POST = defineRoute({
  input: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "There is no such game.") }),
  read: (_request, params: { code: string }) => params,
  sameOrigin: "Games can only be played from this site's own pages.",
  auth: "user",
  limit: "play-action",
  run: async ({ code }, actor, request) => Response.json(await submit({ userId: actor.id }, code, await readJsonBody(request, MAX_ACTION_BYTES)), { headers: { "Cache-Control": "no-store" } }),
});
