"use client";

import { useId, useMemo } from "react";
// from the module, not the lib/decks barrel: the barrel brings the JSON format and with it all of zod (27 kB gzipped) into this page
import { deckStats, oddsChoices } from "@/lib/decks/stats";
import type { DeckStatsCard } from "@/lib/decks/types";
import { LazySampleHand } from "@/components/decks/lazy-sample-hand";
import { DeckStatsBody, NoDeckStats } from "@/components/decks/deck-stats-body";
import { DrawOdds } from "@/components/decks/draw-odds";

/**
 * Ring curve, color and trait split, average rings, opening-hand odds and the copy-exposure matrix of a deck being
 * edited: recomputed as its cards change. A shared deck's page uses ./deck-stats-view, computed on the server.
 */
export function DeckStats({ cards }: { cards: DeckStatsCard[] }) {
  const stats = useMemo(() => deckStats(cards), [cards]);
  const choices = useMemo(() => oddsChoices(cards, stats), [cards, stats]);
  const ids = useId();
  if (stats.total === 0) return <NoDeckStats />;
  return (
    <DeckStatsBody stats={stats} ids={ids} odds={<DrawOdds total={stats.total} choices={choices} />}>
      <LazySampleHand cards={cards} />
    </DeckStatsBody>
  );
}
