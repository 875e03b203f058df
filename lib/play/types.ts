/**
 * The shapes of games between two players (docs/play.md): what the data
 * layer hands the referee, what the pages list, and what the real-time
 * channel pushes. Plain data, no Prisma types.
 */
import type { Action, CardDef, GameEvent, Player, PlayerView } from "@/lib/engine";
import type { ReplayFrames } from "./replay";

export const PACES = ["live", "correspondence"] as const;
export type Pace = (typeof PACES)[number];
export const LISTINGS = ["open", "invite"] as const;
export type Listing = (typeof LISTINGS)[number];
export const COLUMN_RULES = ["priority", "no-mirror"] as const;
export type PlayColumnRule = (typeof COLUMN_RULES)[number];
export type GameStatus = "waiting" | "active" | "finished" | "cancelled";
export type GameResult = Player | "draw";
export type EndReason = "emeralds" | "turns" | "concede" | "timeout";

/** A deck as it sits at a game: its name, card keys and the engine's card definitions (one per copy). */
export interface SeatDeck {
  name: string;
  keys: string[];
  cards: CardDef[];
}

/** A seat as the server keeps it. */
export interface SeatRecord {
  seat: Player;
  userId: string | null;
  playerName: string;
  deck: SeatDeck;
}

/**
 * A game as the server keeps it: the referee's input. Holds the seed and the
 * invite token, so it never leaves the server as it is (see {@link GameSummary}).
 */
export interface GameRecord {
  id: string;
  code: string;
  inviteToken: string;
  listing: Listing;
  pace: Pace;
  columnRule: PlayColumnRule;
  maxTurns: number;
  seed: number;
  lead: Player;
  status: GameStatus;
  seq: number;
  /** Bit mask of the seats whose move it is. */
  toMove: number;
  /** When the seats to move must have moved (ISO time), or null. */
  deadlineAt: string | null;
  held: [string | null, string | null];
  result: GameResult | null;
  endReason: EndReason | null;
  rematchOfId: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** The replay link's code (/r/<code>), once the game is finished. */
  replayCode: string | null;
  seats: SeatRecord[];
}

/** A game in a list (lobby, my games): nothing secret. */
export interface GameSummary {
  code: string;
  listing: Listing;
  pace: Pace;
  columnRule: PlayColumnRule;
  status: GameStatus;
  seq: number;
  result: GameResult | null;
  createdAt: string;
  players: { seat: Player; name: string; deckName: string }[];
  /** The viewer's seat, when the viewer sits at the game. */
  mySeat: Player | null;
  /** True when the game waits for the viewer's move. */
  myMove: boolean;
  /** The replay link's code, for a finished game the viewer may replay (docs/play.md "Replays"). */
  replayCode: string | null;
  /** A ranked game (the ladder rates it: docs/ladder.md). */
  ranked: boolean;
}

/** One stored action: an engine action (its player is the seat), a concession, or a claim of the game on time. */
export type LoggedAction = { type: "concede"; player: Player } | { type: "claim"; player: Player } | Action;

/** The players as every recipient sees them. */
export interface SeatInfo {
  seat: Player;
  name: string;
  deckName: string;
}

/**
 * What the server pushes to one recipient after every change: a seat gets its
 * player's view, a spectator the public view (lib/play/views.ts). Carries no
 * card identity that recipient may not know.
 */
export interface PlayMessage {
  type: "view";
  gameId: string;
  code: string;
  /** The sequence number of the last action in the view: an action sent on this view carries it. */
  seq: number;
  /** The recipient's seat, or null for a spectator. */
  seat: Player | null;
  status: GameStatus;
  result: GameResult | null;
  endReason: EndReason | null;
  pace: Pace;
  players: SeatInfo[];
  /** Bit mask of the seats whose move it is (public: the board says whom it waits for). */
  toMove: number;
  /** When the seats to move must have moved (ISO time); past it their opponent may claim the game. */
  deadline: string | null;
  /** Which seats have placed in this play step (their cards held by the server until both are in). */
  placed: [boolean, boolean];
  view: PlayerView;
  /** The latest log entries as this recipient may see them. */
  log: GameEvent[];
  /** The recipient's own deck list (a seat), or both once the game is over. */
  decks: [CardDef[] | null, CardDef[] | null];
  spectators: number;
  /** The replay link's code once the game is over, for a recipient who may open it (a seat; anyone, for a lobby game). */
  replay: string | null;
  /** A live game's seat that is away, with its reconnect deadline (ISO times): the move clock is paused meanwhile. */
  away?: { seat: Player; since: string; until: string } | null;
}

/** A deck a player may bring, as the game forms list it: a starter, or one of their own (only legal ones can be chosen). */
export interface DeckOptionDTO {
  /** "starter:<slug>" or "deck:<id>" */
  value: string;
  name: string;
  detail: string;
  legal: boolean;
  summary: string;
}

/** A finished game's replay as /r/<code> and the API serve it: the game's public facts, both deck lists, and the frames from one side. */
export interface ReplayDTO {
  code: string;
  listing: Listing;
  pace: Pace;
  columnRule: PlayColumnRule;
  result: GameResult | null;
  endReason: EndReason | null;
  createdAt: string;
  finishedAt: string | null;
  players: SeatInfo[];
  /** The viewer's seat, when the viewer played the game. */
  mySeat: Player | null;
  /** Both deck lists (public once the game is over). */
  decks: [CardDef[], CardDef[]];
  replay: ReplayFrames;
}
