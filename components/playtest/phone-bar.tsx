"use client";
import type { ReactNode } from "react";
import type { Player, PlayerView } from "@/lib/engine";
import { Emeralds } from "./side-panel";

/**
 * The game's status in one line for a phone (hidden from md up, where the
 * status panel sits beside the board): turn, step, lead, whose flip and both
 * sides' emeralds, kept at the top of the screen while the board scrolls, so
 * the board, the hand, the step and the next action are in view together.
 */
export function PhoneBar({ view, stepLabel, opponent = "AI", self = "You", extra }: { view: PlayerView; stepLabel: string; opponent?: string; self?: string; extra?: ReactNode }) {
  const name = (p: Player) => (p === 0 ? self : opponent);
  return (
    <div
      className="sticky top-0 z-20 -mx-4 mb-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 border-b border-slate-200 bg-white/95 px-4 py-1 text-xs shadow-sm backdrop-blur md:hidden"
      data-testid="phone-bar"
      aria-label="Game status (summary)"
      role="group"
    >
      <span className="font-bold">T{view.turn}</span>
      <span className="font-semibold" data-testid="phone-step">
        {stepLabel}
      </span>
      <span>
        Lead <strong>{name(view.lead)}</strong>
        {view.step === "rush" && view.winner === null && (
          <>
            {" · "}Flip <strong>{name(view.next)}</strong>
          </>
        )}
      </span>
      <span className="ml-auto inline-flex items-center gap-2">
        <span className="inline-flex items-center gap-1 text-rose-800">
          <span className="max-w-16 truncate">{opponent}</span> <Emeralds n={view.emeralds[1]} who={opponent} />
        </span>
        <span className="inline-flex items-center gap-1 text-blue-800">
          <span className="max-w-16 truncate">{self}</span> <Emeralds n={view.emeralds[0]} who={self} />
        </span>
      </span>
      {extra}
    </div>
  );
}

/**
 * Where the next action waits (a decision, the score step's Continue, the
 * result): docked at the bottom of the screen on a phone while something is
 * there (`open`), in the side panel from md up.
 */
export function ActionDock({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <div
      data-testid="action-dock"
      data-open={open || undefined}
      className="flex flex-col gap-3 [&:not([data-open])]:contents max-md:data-open:fixed max-md:data-open:inset-x-0 max-md:data-open:bottom-0 max-md:data-open:z-30 max-md:data-open:max-h-[42vh] max-md:data-open:overflow-y-auto max-md:data-open:border-t max-md:data-open:border-slate-200 max-md:data-open:bg-white max-md:data-open:p-2 max-md:data-open:shadow-[0_-4px_16px_rgb(15_23_42/0.18)]"
    >
      {children}
    </div>
  );
}
