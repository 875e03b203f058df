"use client";
import { useMemo, useState, type ReactNode } from "react";
import type { CardDef, Player, PlayerView } from "@/lib/engine";
import type { CoachTask } from "@/lib/coach/tasks";
import { points } from "@/lib/coach/words";
import type { TimelineMark } from "@/components/playtest/replay-viewer";
import { CoachPanel, type CoachSeat } from "./coach-panel";
import { useCoach } from "./use-coach";
import { useWinChance } from "./use-win-chance";
import { WinBar } from "./win-bar";

/**
 * What a replay adds for the coach and the win-probability bar, for the one
 * replay viewer: the coach panel, its marks on the timeline, and the bar above
 * the board. Solo and online replays differ only in where the decisions'
 * views and the public views come from.
 */
export function useReplayCoach(o: {
  /** The seats the viewer may analyse, the default first. */
  seats: CoachSeat[];
  you: Player | null;
  tasksFor: (seat: Player) => CoachTask[];
  /** The seat chosen at first (default: the first of `seats`). */
  initialSeat?: Player;
  seed: number;
  /** The seats' names, seat 0 first. */
  names: [string, string];
  /** Frame `i`'s view from any side (only its public part reaches the estimate). */
  viewAt: (i: number) => PlayerView;
  /** The public deck lists, when known. */
  decks: [CardDef[], CardDef[]] | null;
  /** Frame `i`'s known outcome, where the view does not say it (a concession). */
  outcomeAt?: (i: number) => [number, number] | null;
  at: number;
  /** The seat drawn at the bottom of the board (first on the bar). */
  bottom?: Player;
  /** What to show instead of the start button for `seat` (null: it can be analysed here). */
  unavailable?: (seat: Player) => ReactNode;
}): { marks: TimelineMark[]; panel: (i: number, seek: (to: number) => void) => ReactNode; above: () => ReactNode } {
  const coach = useCoach();
  const [seat, setSeat] = useState<Player>(o.initialSeat ?? o.seats[0]?.seat ?? 0);
  const s = coach.state;
  const who = seat === o.you ? "Your" : `${o.names[seat]}'s`;
  const marks = useMemo(
    () =>
      s.seat === seat
        ? s.decisions.filter((d) => d.marked).map((d) => ({ at: s.tasks.get(d.index)?.frame ?? 0, label: `${who} turn ${d.turn} ${d.played.type === "place" ? "placement" : "flip"}: ${points(d)} points lost` }))
        : [],
    [s, seat, who],
  );
  const { viewAt, at } = o;
  const view = useMemo(() => viewAt(at), [viewAt, at]);
  const known = o.outcomeAt?.(at) ?? null;
  const bar = useWinChance(String(at), known ? null : view, o.decks);
  const choose = (x: Player) => {
    coach.reset();
    setSeat(x);
  };
  return {
    marks,
    panel: (i, seek) => <CoachPanel coach={coach} seats={o.seats} seat={seat} onSeat={choose} you={o.you} tasksFor={o.tasksFor} seed={o.seed} at={i} seek={seek} unavailable={o.unavailable?.(seat)} />,
    above: () => <WinBar chance={known ?? bar.chance} names={o.names} updating={!known && bar.updating} bottom={o.bottom} />,
  };
}
