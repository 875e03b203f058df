import type { Metadata } from "next";
import Link from "next/link";
import { authenticate } from "@/lib/server/request-actor";
import { listLobby, listMyGames } from "@/lib/play/data/games";
import { deckOptions } from "@/lib/play/decks";
import { CreateGameForm } from "@/components/play/game-forms";
import { GameList } from "@/components/play/game-list";
import { LevelScaleTable } from "@/components/playtest/level-scale";
import { levelScale } from "@/lib/playtest/level-ratings";

export const metadata: Metadata = { title: "Play" };

/** /play: start a game (invite link or lobby), the open games of the lobby, and my games. */
export default async function PlayPage() {
  const actor = await authenticate("public");
  const [lobby, mine, decks] = await Promise.all([listLobby(actor), actor ? listMyGames(actor) : Promise.resolve([]), actor ? deckOptions(actor) : Promise.resolve([])]);
  const waitingForMe = mine.filter((g) => g.myMove);
  const live = mine.filter((g) => g.status === "active" && !g.myMove && g.pace === "live");
  const corr = mine.filter((g) => g.status === "active" && !g.myMove && g.pace === "correspondence");
  const seeking = mine.filter((g) => g.status === "waiting");
  const finished = mine.filter((g) => g.status === "finished");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Play with people</h1>
        <p className="mt-1 max-w-2xl text-slate-700">
          Play a friend on the real rules: the server deals, keeps every hidden card hidden and checks every move. Invite someone with a link, or post a game in the lobby.
        </p>
        <p className="mt-1 text-slate-700">
          Want a rated game against someone your level?{" "}
          <Link className="text-blue-700 underline" href="/play/ladder" data-testid="ladder-link">
            The ladder
          </Link>{" "}
          pairs you from its queue and keeps a leaderboard per season. Or play a Swiss tournament:{" "}
          <Link className="text-blue-700 underline" href="/events" data-testid="events-link">
            events
          </Link>
          , online or at the table.
        </p>
      </div>
      {actor ? (
        <section aria-labelledby="new-game">
          <h2 id="new-game" className="mb-2 text-lg font-semibold">
            New game
          </h2>
          <CreateGameForm decks={decks} />
        </section>
      ) : (
        <p className="panel p-3 text-sm">
          <Link className="text-blue-700 underline" href="/signin?callbackUrl=%2Fplay">
            Sign in
          </Link>{" "}
          or{" "}
          <Link className="text-blue-700 underline" href="/signup?callbackUrl=%2Fplay">
            create an account
          </Link>{" "}
          to play. Anyone with a game&apos;s link can watch it.
        </p>
      )}
      {actor && (
        <section aria-labelledby="my-games" className="space-y-3">
          <h2 id="my-games" className="text-lg font-semibold">
            My games
          </h2>
          <GameList title="Waiting for me" games={waitingForMe} empty="No game waits for your move." testId="games-my-move" />
          <GameList title="Live" games={live} empty="No live game under way." />
          <GameList title="Correspondence" games={corr} empty="No correspondence game under way." />
          <GameList title="Looking for an opponent" games={seeking} empty="None." />
          <GameList title="Finished" games={finished} empty="No finished game yet." />
        </section>
      )}
      <section aria-labelledby="lobby">
        <h2 id="lobby" className="mb-2 text-lg font-semibold">
          Lobby
        </h2>
        <GameList title="Open games" games={lobby} empty="No open game right now: create one." testId="lobby" />
      </section>
      <LevelScaleTable scale={levelScale()} id="play-level-scale" />
      <p className="text-sm text-slate-700">
        Practise against any of them on the{" "}
        <Link className="text-blue-700 underline" href="/playtest">
          playtest board
        </Link>
        .
      </p>
    </div>
  );
}
