/**
 * A finished game as a replay (docs/play.md "Replays"): the stored setup and
 * action log replayed through lib/engine, one frame per logged action, each
 * frame the view of one side (a seat's `playerView`, or the public view) as
 * that side saw the table at that moment. The last frame, the game's end,
 * shows both hands. The seed never leaves the server: a replay carries views,
 * not the setup. Pure.
 */
import { eventsForPlayer, newGame, playerView, type Action, type CardDef, type GameEvent, type GameState, type Player, type PlayerView, type SideView } from "@/lib/engine";
import { applyLogged, setupOf } from "./setup";
import { publicEvents, publicView } from "./views";
import type { GameRecord, LoggedAction, ReplayDTO } from "./types";

/** Whose side a replay is viewed from: a seat, or "public" (what a spectator saw). */
export type ReplaySide = Player | "public";

/** One step of a replay: the table after a logged action (frame 0: the deal). */
export interface ReplayFrame {
  /** The logged action's sequence number (0: the deal). */
  seq: number;
  /** The seat that acted, and what it did (null for the deal); `action`, the move itself, only in that seat's own frames (the coach reads it). */
  act: { seat: Player; type: LoggedAction["type"]; action?: Action } | null;
  /** The table as the side saw it; its card references hold only ids (their cards are in the replay's `cards`). */
  view: PlayerView;
  /** What happened in this step, as the side could read it. */
  events: GameEvent[];
}

/** A slot card or a hand card, stripped to its instance id for transport; `cards` names it. */
type Stripped = { id: number };

/** The replay of one game from one side. */
export interface ReplayFrames {
  side: ReplaySide;
  frames: ReplayFrame[];
  /** The card of every instance id the frames show (nothing the side never saw). */
  cards: Record<number, CardDef>;
}

function revealEnd(s: GameState, v: PlayerView): PlayerView {
  const own = (p: Player): SideView => playerView(s, p, { deckLists: false }).players[p];
  return { ...v, players: [own(0), own(1)] };
}

function viewOf(s: GameState, side: ReplaySide): PlayerView {
  return side === "public" ? publicView(s, false) : playerView(s, side, { deckLists: false });
}

function eventsOf(events: GameEvent[], side: ReplaySide): GameEvent[] {
  return side === "public" ? publicEvents(events) : eventsForPlayer(events, side);
}

/**
 * Replaces every `{ id, card }` of a view by `{ id }`, collecting the cards:
 * a game of a hundred steps would otherwise repeat each card's definition in
 * every frame.
 */
function strip(view: PlayerView, cards: Record<number, CardDef>): PlayerView {
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (typeof x !== "object" || x === null) return x;
    const o = x as Record<string, unknown>;
    if (typeof o.id === "number" && typeof o.card === "object" && o.card !== null && "title" in o.card) {
      cards[o.id] = o.card as CardDef;
      return { id: o.id } satisfies Stripped;
    }
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, walk(v)]));
  };
  return walk(view) as PlayerView;
}

/** Puts the cards back into a stripped view (the viewer's side of {@link strip}). */
export function dressView(view: PlayerView, cards: Record<number, CardDef>): PlayerView {
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (typeof x !== "object" || x === null) return x;
    const o = x as Record<string, unknown>;
    if (typeof o.id === "number" && Object.keys(o).length === 1 && cards[o.id]) return { id: o.id, card: cards[o.id] };
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, walk(v)]));
  };
  return walk(view) as PlayerView;
}

/**
 * The frames of a finished game from one side. Frames before the last show
 * only what the side knew then (a seat: its own hand; the public view: no
 * hand); the last frame, the game's end, shows both hands.
 */
export function replayFrames(record: GameRecord, actions: readonly { seq: number; action: LoggedAction }[], side: ReplaySide): ReplayFrames {
  const cards: Record<number, CardDef> = {};
  let state = newGame(setupOf(record));
  const frames: ReplayFrame[] = [{ seq: 0, act: null, view: viewOf(state, side), events: [] }];
  for (const a of actions) {
    const events: GameEvent[] = [];
    state = applyLogged(state, events, a.action);
    const own = a.action.player === side && a.action.type !== "concede" && a.action.type !== "claim" ? { action: a.action } : {};
    frames.push({ seq: a.seq, act: { seat: a.action.player, type: a.action.type, ...own }, view: viewOf(state, side), events: eventsOf(events, side) });
  }
  const last = frames[frames.length - 1];
  last.view = revealEnd(state, last.view);
  for (const f of frames) f.view = strip(f.view, cards);
  return { side, frames, cards };
}

/** The side a request asks for (`?side=0|1|public`); none (or anything else): the default side (the viewer's seat, else public). */
export function parseReplaySide(v: string | undefined): ReplaySide | undefined {
  return v === "0" ? 0 : v === "1" ? 1 : v === "public" ? "public" : undefined;
}

/** The result in words, as the game-over panel says it. */
export function replayResult(r: Pick<ReplayDTO, "result" | "endReason">, names: [string, string]): string {
  const how = r.endReason === "concede" ? " (the other player conceded)" : r.endReason === "timeout" ? " (the other player's time ran out)" : r.endReason === "turns" ? " (turn limit)" : "";
  if (r.result === "draw") return `The game is a draw${how}.`;
  if (r.result === null) return "The game is over.";
  return `${names[r.result]} won${how}.`;
}

/** The two seats' names, seat 0 first. */
export function replayNames(players: ReplayDTO["players"]): [string, string] {
  return [0, 1].map((p) => players.find((x) => x.seat === p)?.name ?? `Player ${p + 1}`) as [string, string];
}

