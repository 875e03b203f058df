import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { authenticate } from "@/lib/server/request-actor";
import { getGamePage } from "@/lib/play/data/games";
import { getChatSettings } from "@/lib/play/data/chat";
import { spectatorDelayOf } from "@/lib/play/data/delay";
import { deckOptions } from "@/lib/play/decks";
import { JoinGameForm, WaitingPanel } from "@/components/play/game-forms";
import { OnlineBoard } from "@/components/play/online-board";

export const metadata: Metadata = {
  title: "Game",
  openGraph: { title: "An online Sonic X TCG game", siteName: "Ringbinder" },
  twitter: { card: "summary_large_image", title: "An online Sonic X TCG game" },
};

/**
 * /play/g/<code>: the game link. Its players play here (the same seat from
 * any device), anyone else with the link watches the public view; an open
 * game's free seat can be taken from here.
 */
export default async function GamePage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const actor = await authenticate("public");
  const page = await getGamePage(actor, code);
  if (!page) notFound();
  const g = page.summary;
  const title = g.players.map((p) => p.name).join(" vs ");
  let above: React.ReactNode = null;
  if (g.status === "waiting" && g.mySeat !== null && page.inviteToken) {
    above = <WaitingPanel invitePath={`/play/i/${page.inviteToken}`} code={g.code} />;
  } else if (g.status === "waiting" && g.mySeat === null && g.listing === "open") {
    above = actor ? (
      <JoinGameForm decks={await deckOptions(actor)} code={g.code} />
    ) : (
      <p className="panel p-3 text-sm">
        <Link className="text-blue-700 underline" href={`/signin?callbackUrl=${encodeURIComponent(`/play/g/${g.code}`)}`}>
          Sign in
        </Link>{" "}
        to take the free seat.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-3">
        {/* below md the title shares its line with the link (cut with an ellipsis), so the board keeps the screen */}
        <h1 className="min-w-0 flex-1 basis-0 truncate text-xl font-bold md:flex-none md:basis-auto md:whitespace-normal">{title}</h1>
        {g.ranked && (
          <span className="rounded bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900" data-testid="ranked-label" title="The ladder rates this game">
            Ranked
          </span>
        )}
        <Link href="/play" className="text-sm text-blue-700 underline">
          All games
        </Link>
        {g.mySeat === null && g.status !== "waiting" && <span className="w-full text-sm text-slate-600 md:w-auto">You are watching (public view).</span>}
      </div>
      {above}
      {/* keyed by the seat: taking the free seat from this page reopens the stream as that seat */}
      <OnlineBoard key={String(g.mySeat)} code={g.code} chat={{ signedIn: actor !== null, settings: actor ? await getChatSettings(actor) : null, delay: await spectatorDelayOf(g.code) }} />
    </div>
  );
}
