import Link from "next/link";
import type { CardResultDTO, DecklistDTO, MatchDTO, RoundDTO, StandingDTO } from "@/lib/events/types";
import { SMALL_SAMPLE } from "@/lib/events/card-results";
import { ResultForm } from "./event-forms";

/** The event page's tables: standings, rounds with their pairings and results, decklists, per-card results. */

export function Standings({ rows }: { rows: StandingDTO[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">Nobody has entered yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="event-standings">
        <caption className="sr-only">Standings</caption>
        <thead>
          <tr className="text-left text-xs text-slate-600 dark:text-slate-300">
            <th className="p-1">#</th>
            <th className="p-1">Player</th>
            <th className="p-1" title="match points">Pts</th>
            <th className="p-1" title="wins–losses–draws">W–L–D</th>
            <th className="p-1" title="opponents' match-win %">OMW</th>
            <th className="p-1" title="game-win %">GW</th>
            <th className="p-1" title="opponents' game-win %">OGW</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.entryId} className="border-t border-slate-200 dark:border-slate-700">
              <td className="p-1">{r.rank}</td>
              <td className="p-1 break-words">
                {r.name}
                {r.dropped && <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">(dropped)</span>}
              </td>
              <td className="p-1 font-semibold">{r.points}</td>
              <td className="p-1 whitespace-nowrap">{r.record}</td>
              <td className="p-1">{r.omw}</td>
              <td className="p-1">{r.gw}</td>
              <td className="p-1">{r.ogw}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function score(m: MatchDTO): string {
  if (m.b === null) return "Bye (2–0)";
  if (m.status !== "done") return m.status === "disputed" ? "Disputed: the organiser settles it" : "Playing";
  return `${m.winsA}–${m.winsB}${m.draws ? `–${m.draws}` : ""}`;
}

function reports(m: MatchDTO): string | null {
  const show = (s: MatchDTO["reportA"]) => (s ? `${s.winsA}–${s.winsB}${s.draws ? `–${s.draws}` : ""}` : "none");
  if (!m.reportA && !m.reportB) return null;
  return `Reports: ${m.a.name} ${show(m.reportA)}, ${m.b?.name} ${show(m.reportB)}`;
}

export function Rounds({ rounds, current, organiser, running, online }: { rounds: RoundDTO[]; current: number; organiser: boolean; running: boolean; online: boolean }) {
  if (rounds.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">Round 1 is paired when the organiser starts the event.</p>;
  return (
    <div className="space-y-4">
      {[...rounds].reverse().map((r) => (
        <section key={r.round} aria-label={`Round ${r.round}`} className="panel p-3" data-testid={`event-round-${r.round}`}>
          <h3 className="font-semibold">
            Round {r.round}
            {r.stage === "top" ? " (top cut)" : ""}
          </h3>
          <ul className="mt-2 space-y-2">
            {r.matches.map((m) => {
              const live = running && r.round === current && m.b !== null;
              const names: [string, string] = [m.a.name, m.b?.name ?? ""];
              return (
                <li key={m.id} className="border-t border-slate-200 pt-2 text-sm first:border-0 first:pt-0 dark:border-slate-700" data-testid="event-match">
                  <p>
                    <span className="text-xs text-slate-600 dark:text-slate-300">Table {m.table} · </span>
                    <span className="font-semibold">{m.a.name}</span>
                    {m.b && (
                      <>
                        {" "}
                        against <span className="font-semibold">{m.b.name}</span>
                      </>
                    )}
                    : <span data-testid="event-match-score">{score(m)}</span>
                    {m.source === "organiser" && <span className="text-xs text-slate-600 dark:text-slate-300"> (entered by the organiser)</span>}
                    {m.gameCode && (
                      <>
                        {" · "}
                        <Link className="text-blue-700 underline dark:text-blue-300" href={`/play/g/${m.gameCode}`}>
                          {m.mySide ? "Play your game" : "Watch the game"}
                        </Link>
                      </>
                    )}
                  </p>
                  {reports(m) && <p className="text-xs text-slate-600 dark:text-slate-300">{reports(m)}</p>}
                  {live && organiser && <ResultForm matchId={m.id} names={names} initial={m.status === "done" ? m : (m.reportA ?? m.reportB)} by="organiser" />}
                  {live && !organiser && !online && m.mySide && m.status !== "done" && <ResultForm matchId={m.id} names={names} initial={m.mySide === "a" ? m.reportA : m.reportB} by="player" />}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function Decklist({ list }: { list: DecklistDTO }) {
  return (
    <div className="panel p-3 text-sm" data-testid="event-decklist">
      <h3 className="font-semibold break-words">
        {list.playerName}: {list.deckName}
      </h3>
      <ul className="mt-1 columns-1 sm:columns-2">
        {list.cards.map((c) => (
          <li key={c.key}>
            {c.count} × {c.title} <span className="text-xs text-slate-600 dark:text-slate-300">{c.key}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CardResults({ rows }: { rows: CardResultDTO[] }) {
  return (
    <div className="overflow-x-auto">
      <p className="text-xs text-slate-600 dark:text-slate-300">
        The match-win rate of the decks that contain each card (byes left out). A rate over fewer than {SMALL_SAMPLE} matches is marked: it says little.
      </p>
      <table className="mt-2 w-full text-sm" data-testid="event-card-results">
        <caption className="sr-only">Per-card results</caption>
        <thead>
          <tr className="text-left text-xs text-slate-600 dark:text-slate-300">
            <th className="p-1">Card</th>
            <th className="p-1">Decks</th>
            <th className="p-1">Matches</th>
            <th className="p-1">Won</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.key} className="border-t border-slate-200 dark:border-slate-700">
              <td className="p-1 break-words">{c.title}</td>
              <td className="p-1">{c.decks}</td>
              <td className="p-1">{c.matches}</td>
              <td className="p-1 whitespace-nowrap">
                {c.rate}
                {c.smallSample && <span className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">small sample</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
