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

