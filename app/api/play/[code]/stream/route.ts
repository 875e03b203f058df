import { getCurrentUser } from "@/lib/server/session";
import { clientAddress } from "@/lib/server/client-address";
import { DomainError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";
import { limit } from "@/lib/server/rate-limit";
import { assertSameOrigin, sessionWatch } from "@/lib/play/http";
import { loadGame } from "@/lib/play/referee";
import { gameStream } from "@/lib/play/stream";

export const dynamic = "force-dynamic";

/**
 * GET /api/play/<code>/stream: the game's Server-Sent Events. A player of the
 * game gets their seat's view, anyone else with the game link the public view.
 */
export async function GET(request: Request, { params }: { params: Promise<{ code: string }> }) {
  try {
    const { code } = await params;
    assertSameOrigin(request, false);
    const user = await getCurrentUser();
    await limit("play-stream", user?.id ?? clientAddress(request.headers));
    const g = await loadGame(code);
    if (!g || g.record.status === "cancelled") throw new DomainError("play/not-found", "There is no such game.");
    const seat = user ? (g.record.seats.find((s) => s.userId === user.id)?.seat ?? null) : null;
    return gameStream({ code, gameId: g.record.id, seat, signal: request.signal, stillSignedIn: await sessionWatch(request, user !== null) });
  } catch (e) {
    return jsonError(e);
  }
}
