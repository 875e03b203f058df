import Link from "next/link";
import { LEVEL_INFO } from "@/lib/playtest/levels";

/** The AI level as setup names it ("Racer"), for a level the replay names by its id ("heuristic"). */
function levelName(level: string): string {
  return Object.hasOwn(LEVEL_INFO, level) ? LEVEL_INFO[level as keyof typeof LEVEL_INFO].name : level;
}

/** The heading of a replay: which decks played, at which AI level, and a way to a new game. */
export function ReplayHeader({ deckNames, level }: { deckNames: readonly [string, string] | readonly string[]; level: string }) {
  return (
    <div className="mb-3 flex flex-wrap items-baseline gap-3">
      <h1 className="text-2xl font-bold">Replay</h1>
      <span className="text-sm text-slate-600">
        {deckNames[0]} vs {deckNames[1]} · AI: {levelName(level)}
      </span>
      <Link href="/playtest" className="text-sm text-blue-700 underline">
        New playtest
      </Link>
    </div>
  );
}
