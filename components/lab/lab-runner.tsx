"use client";
/**
 * The matchup lab's live view: a progress bar with games per second, and per
 * opponent the win rate with its Wilson interval, a chart of the estimate over
 * games, results on the play and on the draw, how games ended, and which of my
 * cards were on the field in wins and in losses. Stop/resume, a share link
 * that reproduces the numbers, and (signed in) saving the run.
 */
import { useMemo, useState } from "react";
import { ProgressBar } from "@/components/collection/progress-bar";
import { saveLabRunAction } from "@/lib/lab/actions";
import type { LabAgent, MatchupSpec } from "@/lib/lab/matchup";
import { estimate, progress, type MatchupRun } from "@/lib/lab/run-state";
import { wilsonInterval, type StopRule } from "@/lib/lab/stats";
import { EstimateChart } from "./estimate-chart";
import { useLab } from "./use-lab";

export interface LabRunnerProps {
  youName: string;
  opponents: string[];
  specs: MatchupSpec[];
  rule: StopRule;
  chunk: number;
  targets: (number | null)[];
  /** Query string of this run without the game counts; the share link adds `n`. */
  shareQuery: string;
  /** The viewer's own deck under test: a finished run can be saved to its history. */
  saveTarget?: { deckId: string; version: number } | null;
  seed: number;
  agents: [LabAgent, LabAgent];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const interval = ([lo, hi]: [number, number]) => `${pct(lo)}–${pct(hi)}`;

export function LabRunner(props: LabRunnerProps) {
  const lab = useLab(props.specs, props.rule, props.chunk, props.targets);
  const { played, planned } = progress(lab.state);
  const status = lab.state.status;
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const shareHref = useMemo(() => {
    if (status !== "finished") return null;
    return `/lab?${props.shareQuery}&n=${lab.state.matchups.map((m) => m.done).join(",")}`;
  }, [status, props.shareQuery, lab.state.matchups]);

  return (
    <section aria-labelledby="lab-results" className="space-y-4">
      <div className="panel space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="lab-results" className="text-lg font-semibold">
            {props.youName} against {props.opponents.length === 1 ? props.opponents[0] : `${props.opponents.length} opponents`}
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="lab-status">
            {status === "finished" ? "Finished" : status === "paused" ? "Paused" : `Running on ${lab.workers} worker${lab.workers === 1 ? "" : "s"}`} · {played.toLocaleString()} games
            {status === "running" && lab.rate > 0 ? ` · ${Math.round(lab.rate).toLocaleString()} games/s` : ""}
          </p>
        </div>
        <ProgressBar label="Games played" value={played} max={Math.max(planned, 1)} />
        <div className="flex flex-wrap gap-2">
          {status === "running" && (
            <button type="button" className="btn-secondary" onClick={lab.pause}>
              Stop
            </button>
          )}
          {status === "paused" && (
            <button type="button" className="btn-primary" onClick={lab.resume}>
              Resume
            </button>
          )}
          {shareHref && (
            <a className="btn-secondary" href={shareHref} data-testid="lab-share-link">
              Link to these results
            </a>
          )}
          {shareHref && props.saveTarget && (
            <button
              type="button"
              className="btn-secondary"
              disabled={saving || saved !== null}
              onClick={async () => {
                setSaving(true);
                const target = props.saveTarget!;
                const r = await saveLabRunAction({
                  deckId: target.deckId,
                  deckVersion: target.version,
                  query: props.shareQuery,
                  seed: props.seed,
                  agents: props.agents,
                  results: lab.state.matchups.map((m, i) => ({ name: props.opponents[i], games: m.tally.games, wins: m.tally.wins, losses: m.tally.losses, draws: m.tally.draws })),
                });
                setSaving(false);
                setSaved(r.message);
              }}
            >
              {saving ? "Saving…" : "Save to deck history"}
            </button>
          )}
        </div>
        {saved && (
          <p role="status" className="text-sm text-slate-700">
            {saved}
          </p>
        )}
        {lab.error && (
          <p role="alert" className="field-error">
            A worker failed: {lab.error}
          </p>
        )}
        <p className="text-xs text-slate-500">
          Each deal is played twice, once with each player leading. A matchup stops when its 95% confidence sequence (valid however often it is checked) is
          narrower than {pct(props.rule.width)}, or after {props.rule.maxGames.toLocaleString()} games.
        </p>
      </div>
      {lab.state.matchups.map((m, i) => (
        <MatchupPanel key={i} name={props.opponents[i]} run={m} />
      ))}
    </section>
  );
}

function Side({ label, t }: { label: string; t: { games: number; wins: number; losses: number; draws: number } }) {
  return (
    <tr>
      <th scope="row" className="pr-3 text-left font-normal text-slate-600">
        {label}
      </th>
      <td className="pr-3 tabular-nums">{t.games}</td>
      <td className="pr-3 tabular-nums">{t.wins}</td>
      <td className="pr-3 tabular-nums">{t.losses}</td>
      <td className="pr-3 tabular-nums">{t.draws}</td>
      <td className="tabular-nums">{t.games ? pct(t.wins / t.games) : "–"}</td>
    </tr>
  );
}

function MatchupPanel({ name, run }: { name: string; run: MatchupRun }) {
  const t = run.tally;
  const e = estimate(t);
  const cards = Object.entries(t.cards)
    .map(([title, c]) => {
      const lostGames = t.losses;
      const wonGames = t.wins;
      return { title, inWins: wilsonInterval(c.won, wonGames), inLosses: wilsonInterval(c.lost, lostGames), won: c.won, lost: c.lost, rateW: wonGames ? c.won / wonGames : 0, rateL: lostGames ? c.lost / lostGames : 0 };
    })
    .sort((a, b) => b.rateW - b.rateL - (a.rateW - a.rateL));
  return (
    <article className="panel space-y-3" aria-label={`Against ${name}`} data-testid="lab-matchup">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">Against {name}</h3>
        <p className="text-sm">
          <span className="text-2xl font-bold tabular-nums" data-testid="lab-win-rate">
            {t.games ? pct(e.rate) : "–"}
          </span>{" "}
          <span className="text-slate-600">
            wins · 95% Wilson {t.games ? interval(e.wilson) : "–"}
            {run.stop === "precision" ? " · stopped: precise enough" : run.stop === "max-games" ? " · stopped: game limit" : ""}
          </span>
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <EstimateChart series={run.series} label={`Win rate against ${name} over games played`} />
        <div className="space-y-2 text-sm">
          <table className="w-full">
            <thead>
              <tr className="text-left text-xs text-slate-500">
                <th scope="col" />
                <th scope="col">Games</th>
                <th scope="col">Won</th>
                <th scope="col">Lost</th>
                <th scope="col">Drawn</th>
                <th scope="col">Win rate</th>
              </tr>
            </thead>
            <tbody>
              <Side label="All" t={t} />
              <Side label="On the play" t={t.onPlay} />
              <Side label="On the draw" t={t.onDraw} />
            </tbody>
          </table>
          <p className="text-slate-700">
            Average {t.games ? (t.turns / t.games).toFixed(1) : "–"} turns. Games ended by three emeralds: {t.ends.emeralds}; by the turn limit (a draw):{" "}
            {t.ends.turnLimit}.
          </p>
        </div>
      </div>
      {cards.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm font-semibold">My cards on the field in wins and in losses</summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Share of won and lost games in which each of my cards was placed, with 95% Wilson intervals</caption>
              <thead>
                <tr className="text-left text-xs text-slate-500">
                  <th scope="col">Card</th>
                  <th scope="col">In won games</th>
                  <th scope="col">In lost games</th>
                </tr>
              </thead>
              <tbody>
                {cards.map((c) => (
                  <tr key={c.title} className="border-t border-slate-100">
                    <th scope="row" className="py-1 pr-3 text-left font-normal">
                      {c.title}
                    </th>
                    <td className="pr-3 tabular-nums">
                      {pct(c.rateW)} <span className="text-xs text-slate-500">({interval(c.inWins)})</span>
                    </td>
                    <td className="tabular-nums">
                      {pct(c.rateL)} <span className="text-xs text-slate-500">({interval(c.inLosses)})</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </article>
  );
}
