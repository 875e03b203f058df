import { defineRoute } from "@/lib/server/route";
import { assertSameOrigin } from "@/lib/play/http";
import { registerFastPlayRoutes, STREAM_GATE, streamOptions } from "@/lib/play/routes";
import { gameStream } from "@/lib/play/stream";

export const dynamic = "force-dynamic";

/**
 * GET /api/play/<code>/stream: the game's Server-Sent Events. A player of the
 * game gets their seat's view, anyone else with the game link the public view.
 * An EventSource sends no Origin on a same-origin GET, so the origin check
 * here accepts its absence (Sec-Fetch-Site still refuses another site).
 * Once this module is loaded, the same gate and work are served by the fast
 * path before Next sees the request (lib/play/routes.ts, docs/play.md).
 */
export const GET = defineRoute({
  ...STREAM_GATE,
  read: (request, params: { code: string }) => {
    assertSameOrigin(request, false);
    return params;
  },
  run: async ({ code }, user, request) => {
    const o = await streamOptions(code, user, request, request.signal);
    return "ok" in o ? o : gameStream(o);
  },
});

registerFastPlayRoutes();
