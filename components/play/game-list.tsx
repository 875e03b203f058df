import Link from "next/link";
import type { GameSummary } from "@/lib/play/types";

function describe(g: GameSummary): string {
  const names = g.players.map((p) => (p.seat === g.mySeat ? "you" : p.name)).join(" vs ");
  const rule = g.columnRule === "priority" ? "priority" : "no mirror";
  const result = g.status === "finished" ? (g.result === "draw" ? " · draw" : g.result === g.mySeat ? " · won" : g.mySeat !== null ? " · lost" : "") : "";
  return `${names} · ${g.pace} · ${rule}${result}`;
}

/** A list of games, each a link to its page. */
export function GameList({ title, games, empty, testId }: { title: string; games: GameSummary[]; empty: string; testId?: string }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      {games.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm" data-testid={testId}>
          {games.map((g) => (
            <li key={g.code}>
              <Link className="text-blue-700 underline" href={`/play/g/${g.code}`}>
                {describe(g)}
              </Link>
              {g.ranked && (
                <span className="ml-2 rounded bg-violet-100 px-1 text-xs font-semibold text-violet-900" data-testid="ranked-label">
                  Ranked
                </span>
              )}
              {g.myMove && <span className="ml-2 rounded bg-amber-100 px-1 text-xs font-semibold text-amber-900">your move</span>}
              {g.replayCode && (
                <Link className="ml-2 text-xs text-blue-700 underline" href={`/r/${g.replayCode}`} aria-label={`Replay of ${describe(g)}`} data-testid="game-replay-link">
                  replay
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
