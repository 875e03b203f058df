"use client";

import { useId, useState } from "react";
import { CARDS_PER_TURN, OPENING_HAND, drawOdds, type OddsChoices, type OddsQuestion } from "@/lib/decks/stats";

function pct(p: number): string {
  if (p >= 0.9995) return "100%";
  if (p > 0 && p < 0.001) return "<0.1%";
  return `${(p * 100).toFixed(1)}%`;
}

/**
 * The draw-odds panel: the odds of drawing a title, a colour, a trait or a ring
 * range in the opening hand and by a chosen turn. Its choices come counted
 * (lib/decks/stats oddsChoices), so a shared deck's page computes them on the
 * server and this island only looks up the one asked about.
 */
export function DrawOdds({ total, choices }: { total: number; choices: OddsChoices }) {
  const [kind, setKind] = useState<OddsQuestion["kind"]>("title");
  const [chosen, setChosen] = useState<string>("");
  const [turn, setTurn] = useState(3);
  const ids = useId();
  const options = choices[kind];
  const picked = options.find((o) => o.value === chosen) ?? options[0];
  const value = picked?.value ?? "";
  const copies = picked?.copies ?? 0;
  const odds = drawOdds(total, copies, turn);
  return (
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
  );
}
