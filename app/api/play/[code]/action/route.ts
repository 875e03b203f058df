import { getCurrentUser } from "@/lib/server/session";
import { DomainError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";
import { limit } from "@/lib/server/rate-limit";
import { assertSameOrigin, readJsonBody } from "@/lib/play/http";
import { MAX_ACTION_BYTES } from "@/lib/play/protocol";
import { submit } from "@/lib/play/referee";

/**
 * POST /api/play/<code>/action with `{ seq, move }`: a player's action,
 * checked by the referee (lib/play/referee.ts). Answers `{ ok, seq, held }`;
 * the new views reach both players and the spectators through the stream.
 */
export async function POST(request: Request, { params }: { params: Promise<{ code: string }> }) {
  try {
    const { code } = await params;
    assertSameOrigin(request, true);
    const user = await getCurrentUser();
    if (!user) throw new DomainError("auth/unauthenticated", "Please sign in to play.");
    await limit("play-action", user.id);
    const body = await readJsonBody(request, MAX_ACTION_BYTES);
    return Response.json(await submit({ userId: user.id }, code, body), { headers: { "Cache-Control": "no-store" } });
  } catch (e) {
    return jsonError(e);
  }
}
