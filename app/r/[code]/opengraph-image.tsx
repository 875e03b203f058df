import { authenticate } from "@/lib/server/request-actor";
import { getReplay } from "@/lib/play/data/replays";
import { domainErrorOf } from "@/lib/server/errors";
import { OG_CONTENT_TYPE, OG_SIZE, ogImage, ogNotFound } from "@/lib/og/image";
import { replayOgView } from "@/lib/og/views";
import { ReplayOg } from "@/components/og/replay-og";

/**
 * A replay's link preview: who played whom with which deck, the result and the
 * final emeralds. The asker must be allowed to see the replay (the data layer
 * decides: a lobby game's for anyone, an invite game's for its players and
 * admins); anyone else gets the same 404 as an unknown code, and an invite
 * game's image is never stored by a shared cache.
 */
export const alt = "A Sonic X TCG game's replay on Ringbinder";
export const size = OG_SIZE;
export const contentType = OG_CONTENT_TYPE;

export default async function Image({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const actor = await authenticate("public");
  let r;
  try {
    r = await getReplay(actor, code, "public");
  } catch (e) {
    const d = domainErrorOf(e);
    if (d?.code === "play/not-found" || d?.code === "play/not-finished") return ogNotFound();
    throw e;
  }
  return ogImage(<ReplayOg replay={replayOgView(r)} />, r.listing === "open" ? "public" : "private");
}
