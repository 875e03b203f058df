"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import type { DeckStatsCard } from "@/lib/decks";

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
  const [shown, setShown] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) return;
    const el = anchor.current;
    if (!el || typeof IntersectionObserver === "undefined") {
      setShown(true);
      return;
    }
    const seen = new IntersectionObserver((all) => {
      if (all.some((e) => e.isIntersecting)) setShown(true);
    }, { rootMargin: "300px" });
    seen.observe(el);
    return () => seen.disconnect();
  }, [shown]);
  if (cards.every((c) => !(c.quantity > 0))) return null;
  return <div ref={anchor}>{shown ? <SampleHand cards={cards} /> : <Placeholder onDeal={() => setShown(true)} />}</div>;
}
