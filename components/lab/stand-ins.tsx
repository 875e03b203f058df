"use client";
/**
 * A deck's missing cards with the owned cards that could stand in for them.
 * First shown in a quick order (same colours and printed rings first, then
 * the closest by rings, colours and traits); "Rank by simulated games" runs
 * the doctor's measure in a Web Worker (successive halving on the same deals)
 * and re-orders every line: same colours and rings first, then by the
 * measured change in win rate, with its 95% interval.
 */
import Link from "next/link";
import { ColorDots } from "@/components/decks/color-dots";
import { ProgressBar } from "@/components/collection/progress-bar";
import type { Color } from "@/lib/catalog/colors";
import { standInGames, type DoctorCard, type StandInReport, type StandInResult } from "@/lib/lab/doctor";
import type { LabAgent } from "@/lib/lab/matchup";
import type { CardDef } from "@/lib/engine";
import { LEVEL_INFO } from "@/lib/playtest/levels";
import { useDoctorWorker } from "./use-doctor-worker";

export interface StandInOption {
  key: string;
  set: string;
  number: number;
  title: string;
  colors: readonly Color[];
  rings: number;
  spare: number;
  /** Same colours and printed rings as the missing card. */
  exact: boolean;
}

export interface StandInLineView {
  key: string;
  title: string;
  colors: readonly Color[];
  rings: number;
  missing: number;
  /** Every owned stand-in the simulation may race, in the quick order. */
  options: StandInOption[];
}

export interface StandInsProps {
  lines: StandInLineView[];
  /** The deck as listed, one entry per copy, and the engine cards of every option. */
  deck: DoctorCard[];
  optionDefs: Record<string, CardDef>;
  opponents: CardDef[][];
  opponentNames: string[];
  agents: [LabAgent, LabAgent];
  seed: number;
  /** Stand-ins shown per line. */
  show?: number;
}

const FIRST_ROUND = 48;
const pct = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)}`;

/** Options in the order to show: same colours and rings first, then the rest by measured gain (when measured), else in the quick order. */
function ordered(line: StandInLineView, measured: StandInResult[] | null, show: number): { option: StandInOption; result: StandInResult | null }[] {
  const exact = line.options.filter((o) => o.exact).map((option) => ({ option, result: null }));
  if (!measured) return [...exact, ...line.options.filter((o) => !o.exact).map((option) => ({ option, result: null }))].slice(0, show);
  const byKey = new Map(line.options.map((o) => [o.key, o]));
  const rest = measured.flatMap((r) => (byKey.has(r.key) ? [{ option: byKey.get(r.key)!, result: r }] : [])).sort((a, b) => b.result.gain - a.result.gain);
  return [...exact, ...rest].slice(0, show);
}

/** The lines worth racing: the non-exact stand-ins of lines with fewer than `show` exact ones, keeping what is left to show. */
function raceLines(lines: readonly StandInLineView[], show: number): { line: StandInLineView; options: StandInOption[]; keep: number }[] {
  return lines.flatMap((line) => {
    const exact = line.options.filter((o) => o.exact).length;
    const options = line.options.filter((o) => !o.exact);
    return exact < show && options.length > 0 ? [{ line, options, keep: show - exact }] : [];
  });
}

export function StandIns({ lines, deck, optionDefs, opponents, opponentNames, agents, seed, show = 3 }: StandInsProps) {
  const { state, games, report, error, start: run } = useDoctorWorker<StandInReport>();
  const raced = raceLines(lines, show);
  const estimate = standInGames(raced, FIRST_ROUND, show);

  function start() {
    run({
      kind: "stand-ins",
      input: {
        deck,
        lines: raced.map((r) => ({ missing: r.line.key, keep: r.keep, options: r.options.flatMap((o) => (optionDefs[o.key] ? [{ key: o.key, title: o.title, def: optionDefs[o.key] }] : [])) })),
        opponents,
        agents,
        seed,
        keep: show,
        firstRound: FIRST_ROUND,
      },
    });
  }

  const measured = new Map(report?.lines.map((l) => [l.missing, l.ranked]) ?? []);
  return (
    <section className="panel" aria-labelledby="missing-title">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="missing-title" className="text-lg font-semibold">
          Missing cards and owned stand-ins
        </h2>
        {raced.length > 0 && (
          <button type="button" className="btn-secondary" onClick={start} disabled={state === "running"}>
            {state === "running" ? "Simulating…" : state === "done" ? "Simulate again" : "Rank by simulated games"}
          </button>
        )}
      </div>
      <p className="mb-3 text-sm text-slate-600">
        Stand-ins are cards you own that the deck does not already use, and none would take a title over 5 copies. Cards with the same colours and printed rings
        come first. The rest are in a quick order (ring value, colour, traits) until you rank them by simulated games: each stand-in then replaces one copy of the
        missing card in at least {FIRST_ROUND} games (the front-runners in more) against {opponentNames.join(", ")} ({LEVEL_INFO[agents[0]].name} AI on both sides, seed {seed}), on the same
        deals as the deck as listed, and is ordered by the change in win rate (successive halving, as the deck doctor does).
      </p>
      {state === "running" && (
        <div aria-live="polite" className="mb-3">
          <ProgressBar label="Stand-in games played" value={Math.min(games, estimate)} max={estimate} />
          <p className="mt-1 text-xs text-slate-600">{games.toLocaleString("en")} games</p>
        </div>
      )}
      {error && (
        <p role="alert" className="field-error mb-3">
          The simulation failed: {error}
        </p>
      )}
      {report && (
        <p className="mb-3 text-sm" role="status">
          Ranked by {report.games.toLocaleString("en")} simulated games. The deck as listed wins {(report.baseline.rate * 100).toFixed(1)}% (draws count half); each
          figure is the change when one copy of the missing card is replaced.
        </p>
      )}
      <ul className="divide-y divide-slate-100" data-testid="completion-list">
        {lines.map((line) => {
          const rows = ordered(line, measured.get(line.key) ?? null, show);
          return (
            <li key={line.key} className="grid gap-2 py-2 md:grid-cols-[1fr_2fr]">
              <div>
                <span className="font-semibold">
                  {line.missing}× {line.title}
                </span>{" "}
                <span className="text-xs text-slate-500">[{line.key}]</span>
                <div className="mt-0.5 flex items-center gap-2 text-xs text-slate-600">
                  <ColorDots colors={line.colors} /> {line.rings} rings
                </div>
              </div>
              {rows.length === 0 ? (
                <p className="text-sm text-slate-500">No owned card to stand in.</p>
              ) : (
                <ol className="flex flex-wrap gap-2 text-sm" aria-label={`Stand-ins for ${line.title}`}>
                  {rows.map(({ option: o, result }) => (
                    <li key={o.key} className="flex flex-wrap items-center gap-1.5 rounded border border-slate-200 px-2 py-1" data-testid="stand-in">
                      <ColorDots colors={o.colors} />
                      <Link href={`/cards/${o.set}/${o.number}`} className="underline">
                        {o.title}
                      </Link>
                      <span className="text-xs text-slate-500">
                        {o.rings} rings · {o.spare} spare{o.exact ? " · same colour and rings" : ""}
                      </span>
                      {result && (
                        <span className="text-xs tabular-nums text-slate-700" data-testid="stand-in-gain">
                          {pct(result.gain)} points (95% {pct(result.interval[0])} to {pct(result.interval[1])}, {result.games} games)
                        </span>
                      )}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
