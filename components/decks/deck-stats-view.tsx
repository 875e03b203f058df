import { deckStats, oddsChoices } from "@/lib/decks/stats";
import type { DeckStatsCard } from "@/lib/decks/types";
import { LazySampleHand } from "@/components/decks/lazy-sample-hand";
import { DeckStatsBody, NoDeckStats } from "@/components/decks/deck-stats-body";
import { DrawOdds } from "@/components/decks/draw-odds";

/**
 * A shared deck's statistics, computed where the page is rendered (the server,
 * once per cached page): the charts and the exposure matrix are plain markup,
 * and only the draw-odds panel, with its choices counted here, and the sample
 * hand (which loads near the screen) are client islands. The editor's live
 * statistics are ./deck-stats.
 */
export function DeckStatsView({ cards }: { cards: DeckStatsCard[] }) {
  const stats = deckStats(cards);
  if (stats.total === 0) return <NoDeckStats />;
  return (
    <DeckStatsBody stats={stats} ids="deck-stats" odds={<DrawOdds total={stats.total} choices={oddsChoices(cards, stats)} />}>
      <LazySampleHand cards={cards} />
    </DeckStatsBody>
  );
}
