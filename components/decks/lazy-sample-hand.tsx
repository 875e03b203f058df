"use client";

import dynamic from "next/dynamic";
import type { DeckStatsCard } from "@/lib/decks";
import { useNearScreen } from "@/components/ui/use-near-screen";

/**
 * The sample hand deals with the game engine's own setup, so it brings the
 * engine with it. It loads when its panel comes near the screen (or when
 * "Deal a sample hand" is pressed), not with the page: the engine's code and
 * the first deal were the longest tasks of a shared deck page's hydration
 * (npm run bench:tbt; docs/benchmarks.md).
 */
const SampleHand = dynamic(() => import("@/components/decks/sample-hand").then((m) => m.SampleHand), { ssr: false, loading: () => <Placeholder /> });

function Placeholder({ onDeal }: { onDeal?: () => void }) {
  return (
    <section className="panel space-y-3" aria-labelledby="sample-hand-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sample-hand-title" className="text-lg font-semibold">
          Sample hand
        </h2>
        {onDeal && (
          <button type="button" className="btn-secondary" onClick={onDeal}>
            Deal a sample hand
          </button>
        )}
      </div>
      <p className="text-sm text-slate-600">{onDeal ? "An opening hand dealt the way a game deals it." : "Dealing…"}</p>
    </section>
  );
}

export function LazySampleHand({ cards }: { cards: readonly DeckStatsCard[] }) {
  const { near, ref, force } = useNearScreen<HTMLDivElement>("300px");
  if (cards.every((c) => !(c.quantity > 0))) return null;
  return <div ref={ref}>{near ? <SampleHand cards={cards} /> : <Placeholder onDeal={force} />}</div>;
}
