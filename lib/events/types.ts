/**
 * The shapes of events (docs/events.md) that pages and components get: plain
 * data, no Prisma types.
 */

export const EVENT_MODES = ["table", "online"] as const;
export type EventMode = (typeof EVENT_MODES)[number];
export type EventStatus = "registration" | "running" | "finished";
export type MatchStatus = "pending" | "disputed" | "done";
export type ResultSource = "bye" | "players" | "organiser" | "game";

/** An event in the list. */
export interface EventSummary {
  id: string;
  name: string;
  mode: EventMode;
  status: EventStatus;
  organiserName: string;
  entrants: number;
  registrationClosesAt: string;
  currentRound: number;
  /** The Swiss rounds: fixed at the start; before it, the organiser's choice (0: derived from the entrants). */
  rounds: number;
  topCut: number;
}

/** A match's result in the orientation of its first player: games won by A, by B, drawn. */
export interface MatchScore {
  winsA: number;
  winsB: number;
  draws: number;
}

export interface MatchDTO extends MatchScore {
  id: string;
  table: number;
  stage: "swiss" | "top";
  a: { entryId: string; name: string };
  /** Null: a bye. */
  b: { entryId: string; name: string } | null;
  status: MatchStatus;
  source: ResultSource | null;
  /** Each player's report (shown to the organiser and the two players). */
  reportA: MatchScore | null;
  reportB: MatchScore | null;
  /** The live game of an online match. */
  gameCode: string | null;
  /** Which side the viewer plays, if any. */
  mySide: "a" | "b" | null;
}

export interface RoundDTO {
  round: number;
  stage: "swiss" | "top";
  matches: MatchDTO[];
}

export interface StandingDTO {
  rank: number;
  entryId: string;
  name: string;
  points: number;
  record: string;
  omw: string;
  gw: string;
  ogw: string;
  dropped: boolean;
}

export interface DecklistDTO {
  entryId: string;
  playerName: string;
  deckName: string;
  cards: { key: string; title: string; count: number }[];
}

/** Per-card results: the match-win rate of the decks that contain the card. */
export interface CardResultDTO {
  key: string;
  title: string;
  decks: number;
  matches: number;
  wins: number;
  rate: string;
  /** Fewer than SMALL_SAMPLE matches: the rate says little. */
  smallSample: boolean;
}

export interface AuditDTO {
  at: string;
  actor: string;
  action: string;
  detail: string;
}

/** The event page: everything it shows to this viewer (decklists only as the access rules allow). */
export interface EventPageView {
  event: EventSummary & { notes: string; roundsChosen: number; startedAt: string | null; finishedAt: string | null };
  viewer: { signedIn: boolean; organiser: boolean };
  /** The viewer's own entry, with their decklist (always visible to them). */
  me: { entryId: string; dropped: boolean; decklist: DecklistDTO } | null;
  entrants: { entryId: string; name: string; firstRound: number; dropped: boolean }[];
  standings: StandingDTO[];
  rounds: RoundDTO[];
  /** Published when the event ends; null before. */
  decklists: DecklistDTO[] | null;
  cardResults: CardResultDTO[] | null;
  /** The organiser's log of results entered and disputes settled (organiser only). */
  audit: AuditDTO[] | null;
  can: { register: boolean; start: boolean; nextRound: boolean; topCut: boolean; finish: boolean };
  /** Why the next step cannot be taken yet (for the organiser). */
  waitingFor: string | null;
}
