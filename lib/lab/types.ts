/** Saved lab runs as the DAL returns them and the deck page shows them. */

/** One opponent's result in a saved lab run. */
export interface LabRunResult {
  name: string;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

/** A saved lab run as the deck's history shows it. */
export interface LabRunDTO {
  id: string;
  deckVersion: number;
  createdAt: string;
  agents: string;
  seed: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  results: LabRunResult[];
  /** Link that reproduces the run (decks as codes, seed, game counts). */
  href: string;
}

/** The decks the lab offers: the starters, my decks (with their legality) and the public decks. */
export type LabChoices = { starters: { value: string; label: string }[]; mine: { value: string; label: string; legal: boolean }[]; public: { value: string; label: string }[] };
