/**
 * Sample opening hands dealt by the real setup rules (RULES.md §3) and the
 * engine's seeded RNG: the hand a player would hold in a game with this seed,
 * and the cards they would draw on the following turns (RULES.md §4.5).
 */
import { newGame, type CardInput } from "@/lib/engine";
import { CARDS_PER_TURN } from "@/lib/decks/stats";

/** A dealt sample: positions in the deck list given to {@link dealSample}. */
export interface SampleDeal {
  seed: number;
  /** The opening hand (up to 7 cards). */
  hand: number[];
  /** The rest of the deck in draw order, top first (5 are drawn after each turn). */
  library: number[];
}

/**
 * Deal a sample hand from `deck` (one entry per copy, in deck-list order)
 * exactly as the engine's setup does for player 1 with `seed`. Works for
 * unfinished decks: a deck of fewer than 7 cards deals what it has.
 */
export function dealSample(deck: CardInput[], seed: number): SampleDeal {
  if (deck.length === 0) return { seed, hand: [], library: [] };
  // The opponent's deck only needs to exist; a copy of the same list keeps the RNG schedule of a mirror game.
  const s = newGame({ decks: [deck, deck], seed, lead: 0 });
  const p = s.players[0];
  return { seed, hand: [...p.hand], library: [...p.deck] };
}

/** Cards drawn after `turns` completed turns (5 per turn), from a dealt sample. */
export function drawsAfter(deal: SampleDeal, turns: number): number[][] {
  const out: number[][] = [];
  for (let t = 0; t < turns; t++) {
    const next = deal.library.slice(t * CARDS_PER_TURN, (t + 1) * CARDS_PER_TURN);
    if (next.length === 0) break;
    out.push(next);
  }
  return out;
}

