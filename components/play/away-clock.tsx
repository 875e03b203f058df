"use client";
import type { Move } from "@/lib/play/protocol";
import type { PlayMessage } from "@/lib/play/types";
import { formatLeft, useNow } from "./move-clock";

/**
 * The reconnect clock both players and the spectators see (docs/play.md): a
 * live game's player whose connection dropped has until its end to come back;
 * the move clock is paused meanwhile. Once it is out, the opponent may claim
 * the game (the server checks the time itself).
 */
export function AwayClock({ m, names, onMove }: { m: PlayMessage; names: [string, string]; onMove: (move: Move) => void }) {
  const now = useNow();
  const a = m.away;
  if (!a || m.status !== "active") return null;
  const left = Date.parse(a.until) - now;
  const who = a.seat === m.seat ? "You" : names[a.seat];
  const canClaim = m.seat !== null && m.seat !== a.seat && left <= 0;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-amber-800" data-testid="away-clock" role="status">
      {/* on a phone the status bar (PhoneClocks) shows this: read out here, drawn there, so the board starts higher; the claim button stays */}
      <span className="max-md:sr-only">{left > 0 ? `${who} lost the connection: ${formatLeft(left)} left to reconnect` : `${who} did not reconnect in time`}</span>
      {canClaim && (
        <button type="button" className="btn-secondary" onClick={() => onMove({ type: "claim" })}>
          Claim the game
        </button>
      )}
    </p>
  );
}

/** The seats other than the viewer's (both for a spectator) whose cards are in, in the play step of an active game. */
function placedOthers(m: PlayMessage): number[] {
  if (m.status !== "active" || m.view.step !== "play") return [];
  return (m.seat === null ? [0, 1] : [1 - m.seat]).filter((p) => m.placed[p]);
}

/**
 * Who has placed in the play step while the others are still arranging: the
 * opponent for a player ("Bo has placed."), either player for a spectator; null
 * when nobody has or the game is past its play step.
 */
export function opponentPlacedText(m: PlayMessage, names: [string, string]): string | null {
  const done = placedOthers(m).map((p) => names[p]);
  return done.length === 0 ? null : `${done.join(" and ")} ${done.length > 1 ? "have" : "has"} placed.`;
}

/**
 * Both clocks in a few words for the phone's status bar (phone-bar.tsx), so
 * the board, the clocks and the opponent's status are on one screen: whose
 * move and the time left, or who is away and how long they have, and who has
 * placed in the play step (said after the away player's clock when that is
 * who placed, so the bar keeps to two lines).
 */
export function PhoneClocks({ m, names, online }: { m: PlayMessage; names: [string, string]; online: boolean }) {
  const now = useNow();
  if (m.status !== "active") return null;
  const name = (p: number) => (p === m.seat ? "You" : names[p]);
  let placed = placedOthers(m);
  let text: string | null = null;
  let urgent = false;
  if (m.away) {
    const left = Date.parse(m.away.until) - now;
    text = left > 0 ? `${name(m.away.seat)} away · ${formatLeft(left)} to reconnect` : `${name(m.away.seat)} away · time is up`;
    if (placed.includes(m.away.seat)) {
      text += " · has placed";
      placed = placed.filter((p) => p !== m.away!.seat);
    }
    urgent = true;
  } else if (m.deadline) {
    const left = Date.parse(m.deadline) - now;
    const waiting = [0, 1].filter((p) => (m.toMove & (1 << p)) !== 0).map(name);
    if (waiting.length > 0) text = `${waiting.join(" & ")} to move · ${left > 0 ? formatLeft(left) : "time is up"}`;
    urgent = left <= 15_000;
  }
  return (
    <span className="basis-full flex flex-wrap gap-x-3" data-testid="phone-clocks">
      {text && <span className={urgent ? "font-semibold text-red-700" : "text-slate-700"}>{text}</span>}
      {placed.length > 0 && (
        <span className="font-semibold text-emerald-800" data-testid="phone-opponent-placed">
          {placed.map((p) => names[p]).join(" and ")} {placed.length > 1 ? "have" : "has"} placed
        </span>
      )}
      {!online && <span className="font-semibold text-amber-700">Reconnecting…</span>}
    </span>
  );
}
