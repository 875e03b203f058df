/** How messages name players and cards. */
import type { GameState, Player } from "../types";

/** "Player 1" / "Player 2" for messages. */
export function pname(p: Player): string {
  return p === 0 ? "Player 1" : "Player 2";
}

/** "blue 5 Sonic" — a card label for messages (active color when known). */
export function label(s: GameState, id: number, color?: string | null): string {
  const d = s.cards[id];
  return `${color ?? d.colors.join("/")} ${d.rings} ${d.title}`;
}

/** "1 ring", "3 rings", "+1 ring", "-2 rings": a count of rings in words (`signed` puts a + before a gain). */
export function ringCount(n: number, signed = false): string {
  return `${signed && n >= 0 ? "+" : ""}${n} ${Math.abs(n) === 1 ? "ring" : "rings"}`;
}
