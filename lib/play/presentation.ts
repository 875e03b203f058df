/**
 * The online board's view of a message: the solo board draws "you" as player
 * 0 at the bottom, so a seat 1 player's view is turned around (sides,
 * emeralds, lead, whose flip). Actions are built on the message's own view,
 * with its real seat numbers. Pure.
 */
import type { GameEvent, Player, PlayerView, SlotRef } from "@/lib/engine";

const other = (p: Player) => (1 - p) as Player;

/** The view with `seat`'s side as side 0 (a spectator watches from seat 0). */
export function viewFromSeat(v: PlayerView, seat: Player): PlayerView {
  if (seat === 0) return v;
  return {
    ...v,
    viewer: 0,
    lead: other(v.lead),
    next: other(v.next),
    emeralds: [v.emeralds[1], v.emeralds[0]],
    winner: v.winner === null || v.winner === "draw" ? v.winner : other(v.winner),
    lastFlip: v.lastFlip && { ...v.lastFlip, player: other(v.lastFlip.player) },
    players: [v.players[1], v.players[0]],
    deckLists: v.deckLists && [v.deckLists[1], v.deckLists[0]],
  };
}

/** A slot of the drawn board as a slot of the game (undoing viewFromSeat). */
export function realSlot<T extends SlotRef>(r: T, seat: Player): T {
  return seat === 0 ? r : { ...r, player: other(r.player) };
}

/** Engine messages name "Player 1" and "Player 2": the board says who they are. */
export function nameSeats(text: string, names: [string, string], seat: Player | null): string {
  const label = (p: Player) => (p === seat ? "you" : names[p]);
  return text.replace(/Player ([12])/g, (_m, n: string) => label((Number(n) - 1) as Player));
}

/** What a log line needs: its text with the players named, and whether a turn starts there. */
export function logText(events: readonly GameEvent[], names: [string, string], seat: Player | null): { key: number; text: string; turnStart: boolean; type: GameEvent["type"] }[] {
  return events.map((e, i) => ({ key: i, text: nameSeats(e.message, names, seat), turnStart: e.type === "lead", type: e.type }));
}
