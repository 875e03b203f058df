import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { authenticate } from "@/lib/server/request-actor";
import { getReplay } from "@/lib/play/data/replays";
import { parseReplaySide } from "@/lib/play/replay";
import { domainErrorOf } from "@/lib/server/errors";
import { OnlineReplay } from "@/components/play/online-replay";

export const metadata: Metadata = { title: "Replay" };

/**
 * /r/<code>: a finished online game's replay (docs/play.md "Replays"), from a
 * seat's side or the public view (?side=0|1|public, &at=<step>). Who may open
 * it is the data layer's decision; anyone else gets a 404.
 */
export default async function ReplayPage({ params, searchParams }: { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { code } = await params;
  const sp = await searchParams;
  const actor = await authenticate("public");
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  let r;
  try {
    r = await getReplay(actor, code, parseReplaySide(one(sp.side)));
  } catch (e) {
    const d = domainErrorOf(e);
    if (d?.code === "play/not-found") notFound();
    if (d?.code !== "play/not-finished") throw e;
    return (
      <p role="alert" className="panel p-3" data-testid="replay-error">
        {d.message}
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
      </div>
      <OnlineReplay r={r} initial={Number.isInteger(at) && at >= 0 ? at : undefined} />
    </div>
  );
}
