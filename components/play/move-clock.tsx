"use client";
import { useEffect, useState } from "react";
import type { Move } from "@/lib/play/protocol";
import type { PlayMessage } from "@/lib/play/types";

/** "1:05", "2:03:09" or "2 d 4 h" for a time left in milliseconds. */
export function formatLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  const mmss = `${m}:${String(s % 60).padStart(2, "0")}`;
  return h > 0 ? `${h}:${mmss.padStart(5, "0")}` : mmss;
}

/** The current time, once a second. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/**
 * The move clock both players and the spectators see: whom the game waits
 * for and how long they have. Once the time is up, the other player may
 * claim the game (the server checks the deadline itself).
 */
export function MoveClock({ m, names, onMove }: { m: PlayMessage; names: [string, string]; onMove: (move: Move) => void }) {
  const now = useNow();
  if (!m.deadline || m.status !== "active") return null;
  // a player is away: the reconnect clock (away-clock.tsx) runs instead, this one is paused
  // (on a phone the status bar says who is away and for how long: this line would only push the board down)
  if (m.away) return <p className="text-sm text-slate-700 max-md:hidden" data-testid="move-clock">The move clock is paused while {m.away.seat === m.seat ? "you reconnect" : `${names[m.away.seat]} reconnects`}.</p>;
  const left = Date.parse(m.deadline) - now;
  const waitingFor = ([0, 1] as const).filter((p) => (m.toMove & (1 << p)) !== 0);
  if (waitingFor.length === 0) return null;
  const who = waitingFor.map((p) => (p === m.seat ? "you" : names[p])).join(" and ");
  const canClaim = m.seat !== null && left <= 0 && waitingFor.length === 1 && waitingFor[0] !== m.seat;
  return (
    <p className={`flex flex-wrap items-center gap-2 text-sm ${left <= 15_000 ? "font-semibold text-red-700" : "text-slate-700"}`} data-testid="move-clock" aria-live="off">
      {/* on a phone the status bar (PhoneClocks) shows this: read out here, drawn there, so the board starts higher; the claim button stays */}
      <span className="max-md:sr-only">{left > 0 ? `${formatLeft(left)} left for ${who} to move` : `Time is up for ${who}`}</span>
      {canClaim && (
        <button type="button" className="btn-secondary" onClick={() => onMove({ type: "claim" })}>
          Claim the game
        </button>
      )}
    </p>
  );
}
