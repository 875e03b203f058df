import Link from "next/link";

/** The heading of a replay: which decks played, at which AI level, and a way to a new game. */
export function ReplayHeader({ deckNames, level }: { deckNames: readonly [string, string] | readonly string[]; level: string }) {
  return (
    <div className="mb-3 flex flex-wrap items-baseline gap-3">
      <h1 className="text-2xl font-bold">Replay</h1>
      <span className="text-sm text-slate-600">
        {deckNames[0]} vs {deckNames[1]} · AI {level}
      </span>
      <Link href="/playtest" className="text-sm text-blue-700 underline">
        New playtest
      </Link>
    </div>
  );
}
