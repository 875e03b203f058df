import { defineRoute } from "@/lib/server/route";
import { readJsonBody } from "@/lib/play/http";
import { MAX_ACTION_BYTES } from "@/lib/play/protocol";
import { ACTION_GATE, CROSS_ORIGIN, registerFastPlayRoutes, runAction } from "@/lib/play/routes";

/**
 * POST /api/play/<code>/action with `{ seq, move }`: a player's action,
 * checked by the referee (lib/play/referee.ts). Answers `{ ok, seq, held }`;
 * the new views reach both players and the spectators through the stream.
 * The body is read only after the player is authenticated, within its size limit.
 * Once this module is loaded, the same gate and work are served by the fast
 * path before Next sees the request (lib/play/routes.ts, docs/play.md).
 */
export const POST = defineRoute({
  ...ACTION_GATE,
  read: (_request, params: { code: string }) => params,
  sameOrigin: CROSS_ORIGIN,
  run: async ({ code }, actor, request) => Response.json(await runAction(actor, code, await readJsonBody(request, MAX_ACTION_BYTES)), { headers: { "Cache-Control": "no-store" } }),
});

registerFastPlayRoutes();
