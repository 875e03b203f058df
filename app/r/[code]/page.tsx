import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { authenticate } from "@/lib/server/request-actor";
import { getReplay } from "@/lib/play/data/replays";
import { parseReplaySide, replayNames, replayResult, type ReplaySide } from "@/lib/play/replay";
import { domainErrorOf } from "@/lib/server/errors";
import { appUrl } from "@/lib/accounts/app-url";
import { OnlineReplay } from "@/components/play/online-replay";
import { EmbedCode } from "@/components/embed/embed-code";

type Props = { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The replay as this request's actor may see it (once per request: the metadata and the page share it), or the domain error. */
const load = cache(async (code: string, side: ReplaySide | undefined) => {
  const actor = await authenticate("public");
  try {
    return { r: await getReplay(actor, code, side) };
  } catch (e) {
    const d = domainErrorOf(e);
    if (d?.code === "play/not-found" || d?.code === "play/not-finished") return { error: d };
    throw e;
  }
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { code } = await params;
  const { r } = await load(code, parseReplaySide(one((await searchParams).side)));
  if (!r) return { title: "Replay", robots: { index: false } };
  const names = replayNames(r.players);
  const title = `Replay: ${names.join(" vs ")}`;
  const description = `${r.players.map((p) => `${p.name} (${p.deckName})`).join(" vs ")}. ${replayResult(r, names)} A Sonic X TCG game on Ringbinder.`;
  return {
    title,
    description,
    robots: r.listing === "open" ? undefined : { index: false },
    openGraph: { title, description, type: "article", siteName: "Ringbinder" },
    twitter: { card: "summary_large_image", title, description },
  };
}

/**
 * /r/<code>: a finished online game's replay (docs/play.md "Replays"), from a
 * seat's side or the public view (?side=0|1|public, &at=<step>). Who may open
 * it is the data layer's decision; anyone else gets a 404. A lobby game's
 * replay can be embedded (/embed/r/<code>: docs/embeds.md).
 */
export default async function ReplayPage({ params, searchParams }: Props) {
  const { code } = await params;
  const sp = await searchParams;
  const { r, error } = await load(code, parseReplaySide(one(sp.side)));
  if (!r) {
    if (error?.code === "play/not-found") notFound();
    return (
      <p role="alert" className="panel p-3" data-testid="replay-error">
        {error?.message}
      </p>
    );
  }
  const at = Number(one(sp.at));
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">Replay: {r.players.map((p) => p.name).join(" vs ")}</h1>
        <Link href="/play" className="text-sm text-blue-700 underline">
          Play with people
        </Link>
        {r.listing === "open" && <EmbedCode src={`${appUrl().base}/embed/r/${r.code}`} title={`Ringbinder replay: ${r.players.map((p) => p.name).join(" vs ")}`} id="ringbinder-replay" />}
      </div>
      <OnlineReplay r={r} initial={Number.isInteger(at) && at >= 0 ? at : undefined} />
    </div>
  );
}
