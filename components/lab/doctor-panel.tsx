"use client";
/**
 * The deck doctor in the browser: runs the doctor in a Web Worker against the
 * chosen gauntlet, shows its progress, then up to five swaps with their
 * estimated gain and interval; the owner can apply one as a new deck version.
 */
import { useState } from "react";
import Link from "next/link";
import { ProgressBar } from "@/components/collection/progress-bar";
import { applySwapAction } from "@/lib/decks/actions";
import { halvingGames, type DoctorCard, type DoctorReport } from "@/lib/lab/doctor";
import type { LabAgent } from "@/lib/lab/matchup";
import type { CardDef } from "@/lib/engine";
import { useDoctorWorker } from "./use-doctor-worker";

export interface DoctorPanelProps {
  deck: DoctorCard[];
  candidates: DoctorCard[];
  opponents: CardDef[][];
  agents: [LabAgent, LabAgent];
  seed: number;
  /** The viewer's own deck (swaps can be applied), or null. */
  own: { id: string; version: number } | null;
}

const pct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}`;

export function DoctorPanel(props: DoctorPanelProps) {
  const { state, games, report, error, start: run } = useDoctorWorker<DoctorReport>();
  const [applied, setApplied] = useState<{ key: string; message: string; ok: boolean } | null>(null);
  const titles = new Set(props.deck.map((c) => c.title)).size;
  const estimate = halvingGames(titles, 48, 3) + halvingGames(3 * Math.min(10, props.candidates.length), 48, 5);

  function start() {
    setApplied(null);
    run({ kind: "doctor", input: { deck: props.deck, candidates: props.candidates, opponents: props.opponents, agents: props.agents, seed: props.seed } });
  }

  return (
    <section className="panel space-y-3" aria-labelledby="doctor-title" data-testid="deck-doctor">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="doctor-title" className="text-lg font-semibold">
          Deck doctor
        </h2>
        <button type="button" className="btn-primary" onClick={start} disabled={state === "running" || props.candidates.length === 0}>
          {state === "done" ? "Run again" : state === "running" ? "Working…" : "Find better cards"}
        </button>
      </div>
      <p className="text-sm text-slate-600">
        Tries single-card swaps against these opponents and keeps the best: every title of your deck is raced as the card to cut, then the best cuts against{" "}
        {Math.min(10, props.candidates.length)} additions, by successive halving on the same deals (a swap keeps every shuffle, so differences are paired).
      </p>
      {state === "running" && (
        <div aria-live="polite">
          <ProgressBar label="Doctor games played" value={Math.min(games, estimate)} max={estimate} />
          <p className="mt-1 text-xs text-slate-600">{games.toLocaleString("en")} games</p>
        </div>
      )}
      {error && (
        <p role="alert" className="field-error">
          The doctor failed: {error}
        </p>
      )}
      {report && (
        <div aria-live="polite" className="space-y-2 text-sm">
          <p>
            Baseline {(report.baseline.rate * 100).toFixed(1)}% over {report.baseline.games} games (draws count half); {report.tried} swaps raced in{" "}
            {report.games.toLocaleString("en")} games.
          </p>
          {report.proposals.length === 0 ? (
            <p>No single swap raised the win rate against these opponents. The deck may already be well tuned for them.</p>
          ) : (
            <ol className="space-y-2" data-testid="doctor-proposals">
              {report.proposals.map((p) => {
                const key = `${p.out.key}>${p.into.key}`;
                return (
                  <li key={key} className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 p-2">
                    <span>
                      Take out one <strong>{p.out.title}</strong> <span className="text-slate-500">[{p.out.key}]</span>, put in <strong>{p.into.title}</strong>{" "}
                      <span className="text-slate-500">[{p.into.key}]</span>:{" "}
                      <strong className="tabular-nums">{pct(p.gain)} points</strong>{" "}
                      <span className="text-slate-600">
                        (95% {pct(p.interval[0])} to {pct(p.interval[1])}, {p.games} paired games)
                      </span>
                    </span>
                    {props.own && (
                      <button
                        type="button"
                        className="btn-secondary"
                        disabled={applied?.ok === true}
                        onClick={async () => {
                          const r = await applySwapAction({ deckId: props.own!.id, expectedVersion: props.own!.version, out: p.out.key, into: p.into.key });
                          setApplied({ key, ok: r.ok, message: r.ok ? (r.message ?? "Applied.") : r.message });
                        }}
                      >
                        Apply
                      </button>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
          {applied && (
            <p role={applied.ok ? "status" : "alert"} className={applied.ok ? "text-green-800" : "field-error"}>
              {applied.message}{" "}
              {applied.ok && props.own && (
                <Link href={`/decks/${props.own.id}`} className="underline">
                  Open the deck
                </Link>
              )}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
