import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getReplay } from "@/lib/play/data/replays";
import { domainErrorOf } from "@/lib/server/errors";
import { appUrl } from "@/lib/accounts/app-url";
import { ReplayEmbed } from "@/components/embed/replay-embed";

export const metadata: Metadata = { title: "Replay widget", robots: { index: false } };

/**
 * /embed/r/<code>: a finished game's replay as a widget for other sites'
 * iframes (frame-ancestors allows any site here only: proxy.ts). Read as a
 * guest reads it, whoever asks: only a lobby game's replay embeds; an invite
 * or ladder game's is not found here, even for its players.
 */
export default async function ReplayEmbedPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  let r;
  try {
    r = await getReplay(null, code, "public");
  } catch (e) {
    const d = domainErrorOf(e);
    if (d?.code === "play/not-found" || d?.code === "play/not-finished") notFound();
    throw e;
  }
  return <ReplayEmbed r={r} href={`${appUrl().base}/r/${r.code}`} />;
}
