/**
 * The move clock (docs/play.md): after every accepted action the seats to move
 * have until a deadline; once it has passed, their opponent may claim the
 * game (a loss on time), and the server checks the deadline. Live games give
 * each move two minutes, correspondence games three days.
 */
import type { Pace } from "./types";

export const MOVE_SECONDS: Record<Pace, number> = { live: 120, correspondence: 3 * 24 * 60 * 60 };

/** The deadline of a move starting at `now`. */
export function deadlineFrom(pace: Pace, now: Date): Date {
  return new Date(now.getTime() + MOVE_SECONDS[pace] * 1000);
}
