import { useMemo, useState } from "react";
import type { GameEvent, PlayerView } from "@/lib/engine";
import { namedCards, type NamedCard } from "@/lib/playtest/presentation";

type Known = Map<number, { key?: string; title: string }>;

/** Adds every card a view shows its viewer (hands, field, discards, known hand and deck cards) to `known`, by game id. */
export function learnCards(known: Known, view: PlayerView): Known {
  for (const side of view.players) {
    const refs = [...(side.hand ?? []), ...side.discard, ...side.knownHand, ...side.knownDeck.map((k) => k.card)];
    for (const slot of [...side.chaos, ...side.spare]) if (slot?.card) refs.push(slot.card);
    for (const r of refs) known.set(r.id, r.card as { key?: string; title: string });
  }
  return known;
}

/**
 * The catalog cards each log line names on the online board, copies counted
 * (Sonic ×2), from the cards the seat has seen in this game's views. A card
 * the seat never saw is not named (the server's log already hides others'
 * private cards).
 */
export function useLogCards(view: PlayerView, log: readonly GameEvent[]): NamedCard[][] {
  // one table for the game, grown by every view (a card that left the field stays named in older lines)
  const [known] = useState<Known>(() => new Map());
  return useMemo(() => {
    learnCards(known, view);
    return log.map((e) => namedCards(e.cards, (id) => known.get(id)));
  }, [known, view, log]);
}
