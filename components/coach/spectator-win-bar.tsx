"use client";
import type { PlayMessage } from "@/lib/play/types";
import { useWinChance } from "./use-win-chance";
import { WinBar } from "./win-bar";

/**
 * The win-probability bar of a spectator's view of a live game: estimated
 * from the public view the spectator was sent (under a spectator delay, the
 * delayed one), with the hidden cards drawn from the cards each side has
 * shown (the deck lists are not public until the game ends).
 */
export function SpectatorWinBar({ m, names }: { m: PlayMessage; names: [string, string] }) {
  const over = m.status === "finished" && m.result !== null;
  const known: [number, number] | null = over ? (m.result === "draw" ? [0.5, 0.5] : m.result === 0 ? [1, 0] : [0, 1]) : null;
  const bar = useWinChance(`${m.gameId}:${m.seq}`, known ? null : m.view, null);
  return <WinBar chance={known ?? bar.chance} names={names} updating={!known && bar.updating} />;
}
