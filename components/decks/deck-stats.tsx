"use client";

import { useId, useMemo, useState } from "react";
import { COLORS, type Color } from "@/lib/catalog/colors";
// from the module, not the lib/decks barrel: the barrel brings the JSON format and with it all of zod (27 kB gzipped) into this page
import { CARDS_PER_TURN, EXPOSURE_CLUSTER_MIN, OPENING_HAND, countMatching, deckStats, drawOdds, type OddsQuestion } from "@/lib/decks/stats";
import type { DeckStatsCard } from "@/lib/decks/types";
import { LazySampleHand } from "@/components/decks/lazy-sample-hand";
import { ringsText } from "@/lib/catalog/rings";

const RING_RANGES = ["0-2", "3-4", "5-6", "7-8", "9-10", "0-4", "5-10"];

const COLOR_FILL: Record<Color, string> = { blue: "#2563eb", red: "#dc2626", yellow: "#eab308", gray: "#6b7280" };

function pct(p: number): string {
  if (p >= 0.9995) return "100%";
  if (p > 0 && p < 0.001) return "<0.1%";
  return `${(p * 100).toFixed(1)}%`;
}

/** Ring curve, color and trait split, average rings, opening-hand odds and the copy-exposure matrix of a deck. */
export function DeckStats({ cards }: { cards: DeckStatsCard[] }) {
  const stats = useMemo(() => deckStats(cards), [cards]);
  const titles = useMemo(() => {
    const byTitle = new Map<string, number>();
    for (const c of cards) byTitle.set(c.title, (byTitle.get(c.title) ?? 0) + c.quantity);
    return [...byTitle.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  }, [cards]);
  const [kind, setKind] = useState<OddsQuestion["kind"]>("title");
  const [chosen, setChosen] = useState<string>("");
  const [turn, setTurn] = useState(3);
  const ids = useId();
  const options: { value: string; label: string }[] =
    kind === "title"
      ? titles.map(([t, n]) => ({ value: t, label: `${t} (${n})` }))
      : kind === "color"
        ? stats.colorSplit.filter((c) => c.count > 0).map((c) => ({ value: c.color, label: `${c.color} (${c.count})` }))
        : kind === "trait"
          ? stats.traitSplit.map((t) => ({ value: t.trait, label: `${t.trait} (${t.count})` }))
          : RING_RANGES.map((r) => ({ value: r, label: `${r.replace("-", "–")} rings` }));
  const value = options.some((o) => o.value === chosen) ? chosen : (options[0]?.value ?? "");
  const question: OddsQuestion =
    kind === "title"
      ? { kind, title: value }
      : kind === "color"
        ? { kind, color: value as Color }
        : kind === "trait"
          ? { kind, trait: value }
          : { kind, min: Number(value.split("-")[0]), max: Number(value.split("-")[1]) };
  const copies = countMatching(cards, question);
  const odds = drawOdds(stats.total, copies, turn);

  if (stats.total === 0) {
    return <p className="panel text-sm text-slate-600">Add cards to see the ring curve, colors, traits and draw odds.</p>;
  }
  const maxCurve = Math.max(1, ...stats.ringCurve.map((r) => r.count));
  const barW = 28;
  const chartH = 120;
  const maxColor = Math.max(1, ...stats.colorSplit.map((c) => c.count));

  return (
    <div className="space-y-4" data-testid="deck-stats">
      <section className="panel" aria-labelledby={`${ids}-curve`}>
        <h3 id={`${ids}-curve`} className="mb-2 font-semibold">
          Ring curve <span className="font-normal text-slate-600">· average {stats.averageRings.toFixed(2)} rings</span>
        </h3>
        <figure>
          <svg viewBox={`0 0 ${stats.ringCurve.length * barW + 10} ${chartH + 34}`} className="h-44 w-full max-w-xl" role="img" aria-labelledby={`${ids}-curve-desc`}>
            <desc id={`${ids}-curve-desc`}>Cards per ring value: {stats.ringCurve.map((r) => `${ringsText(r.rings)}: ${r.count}`).join(", ")}.</desc>
            {stats.ringCurve.map((r, i) => {
              const h = (r.count / maxCurve) * chartH;
              return (
                <g key={r.rings}>
                  <rect x={i * barW + 6} y={chartH - h + 14} width={barW - 6} height={h} rx={3} fill="#f59e0b" />
                  {r.count > 0 && (
                    <text x={i * barW + 6 + (barW - 6) / 2} y={chartH - h + 10} textAnchor="middle" fontSize="10" fill="#334155">
                      {r.count}
                    </text>
                  )}
                  <text x={i * barW + 6 + (barW - 6) / 2} y={chartH + 28} textAnchor="middle" fontSize="11" fill="#334155">
                    {r.rings}
                  </text>
                </g>
              );
            })}
          </svg>
          <figcaption className="text-xs text-slate-500">Printed ring value (bottom) and number of cards (above each bar).</figcaption>
        </figure>
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <section className="panel" aria-labelledby={`${ids}-colors`}>
          <h3 id={`${ids}-colors`} className="mb-2 font-semibold">
            Colors
          </h3>
          <ul className="space-y-1 text-sm">
            {stats.colorSplit.map((c) => (
              <li key={c.color} className="flex items-center gap-2">
                <span className="w-14 capitalize">{c.color}</span>
                <span className="h-3 rounded" style={{ width: `${(c.count / maxColor) * 60 + 1}%`, background: COLOR_FILL[c.color] }} aria-hidden />
                <span>{c.count}</span>
              </li>
            ))}
          </ul>
          {stats.multiColorCards > 0 && <p className="mt-2 text-xs text-slate-500">{stats.multiColorCards} multi-color cards count once in each of their colors.</p>}
        </section>
        <section className="panel" aria-labelledby={`${ids}-traits`}>
          <h3 id={`${ids}-traits`} className="mb-2 font-semibold">
            Traits
          </h3>
          <ul className="flex flex-wrap gap-2 text-sm">
            {stats.traitSplit.map((t) => (
              <li key={t.trait} className="rounded-full bg-slate-100 px-2 py-0.5">
                {t.trait} <span className="font-semibold">{t.count}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section className="panel" aria-labelledby={`${ids}-odds`}>
        <h3 id={`${ids}-odds`} className="mb-2 font-semibold">
          Draw odds
        </h3>
        <div className="flex flex-wrap items-end gap-3 text-sm">
          <div>
            <label className="label" htmlFor={`${ids}-kind`}>
              Odds of drawing
            </label>
            <select
              id={`${ids}-kind`}
              className="input"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as OddsQuestion["kind"]);
                setChosen("");
              }}
            >
              <option value="title">a title (all printings)</option>
              <option value="color">a colour</option>
              <option value="trait">a trait</option>
              <option value="rings">a printed ring range</option>
            </select>
          </div>
          <div>
            <label className="label" htmlFor={`${ids}-card`}>
              Which ({copies} {copies === 1 ? "card" : "cards"})
            </label>
            <select id={`${ids}-card`} className="input" value={value} onChange={(e) => setChosen(e.target.value)}>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className="label" htmlFor={`${ids}-turn`}>
              By turn
            </label>
            <input id={`${ids}-turn`} className="input w-20" type="number" min={1} max={20} value={turn} onChange={(e) => setTurn(Math.min(20, Math.max(1, Number(e.target.value) || 1)))} />
          </div>
        </div>
        <table className="mt-3 text-sm" data-testid="draw-odds">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="pr-6 font-medium">Cards seen</th>
              <th className="pr-6 font-medium">At least one</th>
              <th className="font-medium">At least two</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td className="pr-6">Opening hand ({odds.seenOpening})</td>
              <td className="pr-6">{pct(odds.openingAtLeastOne)}</td>
              <td>{pct(odds.openingAtLeastTwo)}</td>
            </tr>
            <tr>
              <td className="pr-6">
                By turn {turn} ({odds.seenByTurn})
              </td>
              <td className="pr-6">{pct(odds.byTurnAtLeastOne)}</td>
              <td>{pct(odds.byTurnAtLeastTwo)}</td>
            </tr>
          </tbody>
        </table>
        <p className="mt-2 text-xs text-slate-500">
          You draw {OPENING_HAND} to start; each turn you place {CARDS_PER_TURN} and draw back up to {OPENING_HAND}, so by turn N you have seen {OPENING_HAND} + {CARDS_PER_TURN}×(N−1) cards (at most the whole deck).
          Hypergeometric odds, no reshuffle.
        </p>
      </section>

      <section className="panel" aria-labelledby={`${ids}-exposure`}>
        <h3 id={`${ids}-exposure`} className="mb-1 font-semibold">
          Copy exposure (color × rings)
        </h3>
        <p className="mb-2 text-xs text-slate-600">
          An opposing flip discards every face-up card of yours with the same active color and printed rings. Cells with {EXPOSURE_CLUSTER_MIN}+ cards are clusters one card can hit at once.
        </p>
        <div className="overflow-x-auto">
          <table className="text-center text-xs" data-testid="exposure-matrix">
            <caption className="sr-only">Cards per color and printed ring value</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 text-left">Color</th>
                {stats.exposure.ringValues.map((r) => (
                  <th key={r} scope="col" className="w-8 px-1">
                    {r}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {COLORS.filter((c) => stats.exposure.cells.some((cell) => cell.color === c)).map((color) => (
                <tr key={color}>
                  <th scope="row" className="px-2 text-left capitalize">
                    {color}
                  </th>
                  {stats.exposure.ringValues.map((r) => {
                    const cell = stats.exposure.cells.find((x) => x.color === color && x.rings === r);
                    const hot = cell && cell.count >= EXPOSURE_CLUSTER_MIN;
                    return (
                      <td
                        key={r}
                        className={`h-8 w-8 border border-white ${hot ? "bg-red-600 font-bold text-white" : cell ? "bg-amber-100" : "bg-slate-50 text-slate-300"}`}
                        title={cell ? `${cell.count} ${color} ${r}-ring cards: ${cell.titles.join(", ")}` : undefined}
                      >
                        {cell?.count ?? "·"}
                        {hot && <span className="sr-only"> (cluster)</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {stats.exposure.clusters.length > 0 ? (
          <ul className="mt-2 list-disc pl-5 text-sm" data-testid="exposure-clusters">
            {stats.exposure.clusters.map((c) => (
              <li key={`${c.color}${c.rings}`}>
                <span className="capitalize">{c.color}</span> {ringsText(c.rings)}: {c.count} {c.count === 1 ? "card" : "cards"} ({c.titles.join(", ")})
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No cluster of {EXPOSURE_CLUSTER_MIN} or more: no single copy discard can take out a big group.</p>
        )}
      </section>
      <LazySampleHand cards={cards} />
    </div>
  );
}
