"use client";
/**
 * Sample opening hands dealt by the engine's own setup and RNG: a new hand,
 * and the next turn's draws (5 a turn). Works on unfinished decks.
 */
import { useMemo, useState } from "react";
import { ColorDots } from "@/components/decks/color-dots";
import type { Color } from "@/lib/catalog/colors";
import { OPENING_HAND } from "@/lib/decks/stats";
import type { DeckStatsCard } from "@/lib/decks/types";
import type { CardInput } from "@/lib/engine";
import { dealSample, drawsAfter } from "@/lib/lab/sample-hand";

function randomSeed(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] & 0x7fffffff;
}

export function SampleHand({ cards }: { cards: readonly DeckStatsCard[] }) {
  const deck = useMemo<CardInput[]>(() => cards.flatMap((c) => Array.from({ length: c.quantity }, () => ({ title: c.title, colors: [...c.colors], rings: c.rings, traits: [...c.traits], effect: null }))), [cards]);
  const [seed, setSeed] = useState(1);
  const [turns, setTurns] = useState(0);
  const deal = useMemo(() => dealSample(deck, seed), [deck, seed]);
  const draws = drawsAfter(deal, turns);
  const canDraw = drawsAfter(deal, turns + 1).length > turns;

  if (deck.length === 0) return null;
  const show = (ids: number[]) => (
    <ul className="flex flex-wrap gap-1.5">
      {ids.map((id, i) => {
        const c = deck[id];
        return (
          <li key={`${id}-${i}`} className="flex items-center gap-1 rounded border border-slate-200 bg-white px-2 py-1 text-xs">
            <ColorDots colors={c.colors as Color[]} />
            <span className="font-medium">{c.title}</span>
            <span className="text-slate-500">{c.rings}◎</span>
          </li>
        );
      })}
    </ul>
  );
  return (
    <section className="panel space-y-3" aria-labelledby="sample-hand-title" data-testid="sample-hand">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sample-hand-title" className="text-lg font-semibold">
          Sample hand
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setSeed(randomSeed());
              setTurns(0);
            }}
          >
            New hand
          </button>
          <button type="button" className="btn-secondary" disabled={!canDraw} onClick={() => setTurns((t) => t + 1)}>
            Draw next turn
          </button>
        </div>
      </div>
      {deck.length < OPENING_HAND && <p className="text-sm text-amber-800">This deck has fewer than {OPENING_HAND} cards: the hand holds all of them.</p>}
      <div aria-live="polite" className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-700">Opening hand (deal {seed})</h3>
        {show(deal.hand)}
        {draws.map((d, i) => (
          <div key={i}>
            <h3 className="text-sm font-semibold text-slate-700">Drawn after turn {i + 1}</h3>
            {show(d)}
          </div>
        ))}
      </div>
    </section>
  );
}
