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

/**
 * Both clocks in a few words for the phone's status bar (phone-bar.tsx), so
 * the board, the clocks and the opponent's status are on one screen: whose
 * move and the time left, or who is away and how long they have.
 */
export function PhoneClocks({ m, names, online }: { m: PlayMessage; names: [string, string]; online: boolean }) {
  const now = useNow();
  if (m.status !== "active") return null;
  const name = (p: number) => (p === m.seat ? "You" : names[p]);
  let text: string | null = null;
  let urgent = false;
  if (m.away) {
    const left = Date.parse(m.away.until) - now;
    text = left > 0 ? `${name(m.away.seat)} away · ${formatLeft(left)} to reconnect` : `${name(m.away.seat)} away · time is up`;
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
      {!online && <span className="font-semibold text-amber-700">Reconnecting…</span>}
    </span>
  );
}
