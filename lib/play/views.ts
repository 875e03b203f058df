/**
 * What each recipient of a game may see (RULES.md §7, house rule 4): a seat
 * gets its player's `playerView` of the state with only its own held
 * placement applied; a spectator gets the public view, which shows no hand,
 * no deck card and no face-down card of either side. Pure, so the property
 * test drives it through the referee exactly as the server does.
 */
import { applyAction, eventsForPlayer, playerView, type GameEvent, type GameState, type PlaceAction, type Player, type PlayerView, type SideView, type SlotView } from "@/lib/engine";
import type { GameRecord, PlayMessage } from "./types";
import { LOG_TAIL } from "./wire";

const HIDDEN: SlotView = { faceUp: false, card: null, color: null, rings: null, protect: 0, mod: 0, setRings: null, downed: false };

function publicSlot(x: SlotView | null): SlotView | null {
  if (x === null || x.faceUp) return x;
  return HIDDEN;
}

function publicSide(side: SideView): SideView {
  return {
    hand: null,
    handCount: side.handCount,
    knownHand: [],
    deckCount: side.deckCount,
    knownDeck: [],
    discard: side.discard,
    chaos: side.chaos.map(publicSlot),
    spare: side.spare.map(publicSlot),
    placed: side.placed,
  };
}

/**
 * The public part of any side's view: no hand, nothing the viewer has seen,
 * no face-down card, no pending decision's details; `viewer` becomes 0 (the
 * board's orientation). Either seat's view of a state gives the same result.
 */
export function publicOfView(v: PlayerView): PlayerView {
  const pd = v.pending;
  return {
    ...v,
    viewer: 0,
    players: [publicSide(v.players[0]), publicSide(v.players[1])],
    pending: pd === null ? null : { kind: pd.kind, player: pd.player, prompt: `Waiting for a decision (${pd.kind}).` },
  };
}

/**
 * The public view: what anyone watching the table knows. Built from seat 0's
 * view with every private part removed ({@link publicOfView}). Deck lists
 * only once the game is over.
 */
export function publicView(s: GameState, over: boolean): PlayerView {
  return publicOfView(playerView(s, 0, { deckLists: over }));
}

/** The log as a spectator may read it: every private entry (a draw, a placement, a peek) shows only its public message. */
export function publicEvents(events: readonly GameEvent[]): GameEvent[] {
  return events.map((e) => (e.private ? { type: e.type, player: e.player, cards: [], column: e.column, message: e.publicMessage ?? `${e.type}` } : e));
}

/** The state as seat `p` knows it: its own held placement applied (it knows its own cards), the other's not. */
export function stateForSeat(s: GameState, held: [PlaceAction | null, PlaceAction | null], p: Player): GameState {
  const mine = held[p];
  if (!mine) return s;
  const r = applyAction(s, mine);
  return r.ok ? r.state : s;
}

/** A game as the referee holds it in memory: its record, its derived state and the whole log. */
export interface LiveGame {
  record: GameRecord;
  state: GameState;
  events: GameEvent[];
  held: [PlaceAction | null, PlaceAction | null];
}

/** The message for one recipient (a seat, or null for a spectator) of a game as it stands. */
export function messageFor(g: LiveGame, seat: Player | null, spectators: number): PlayMessage {
  const r = g.record;
  const over = r.status === "finished";
  const decks0 = r.seats[0]?.deck.cards ?? null;
  const decks1 = r.seats[1]?.deck.cards ?? null;
  const placed: [boolean, boolean] = [g.held[0] !== null || g.state.players[0].placed, g.held[1] !== null || g.state.players[1].placed];
  const view = seat === null ? publicView(g.state, over) : playerView(stateForSeat(g.state, g.held, seat), seat, { deckLists: over });
  const log = (seat === null ? publicEvents(g.events.slice(-LOG_TAIL)) : eventsForPlayer(g.events.slice(-LOG_TAIL), seat));
  return {
    type: "view",
    gameId: r.id,
    code: r.code,
    seq: r.seq,
    seat,
    status: r.status,
    result: r.result,
    endReason: r.endReason,
    pace: r.pace,
    players: r.seats.map((s) => ({ seat: s.seat, name: s.playerName, deckName: s.deck.name })),
    toMove: r.toMove,
    deadline: r.status === "active" ? r.deadlineAt : null,
    placed,
    view,
    log,
    decks: over ? [decks0, decks1] : seat === 0 ? [decks0, null] : seat === 1 ? [null, decks1] : [null, null],
    spectators,
    replay: replayCodeFor(r, seat),
  };
}

/** A finished game's replay code for a viewer who may open it: anyone, for a lobby game; its players, for a game by invite. */
export function replayCodeFor(g: GameRecord, seat: Player | null): string | null {
  return g.status === "finished" && (g.listing === "open" || seat !== null) ? g.replayCode : null;
}

