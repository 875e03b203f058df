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
export function PhoneBar({
  view,
  stepLabel,
  opponent = "AI",
  self = "You",
  extra,
  flip = true,
}: {
  view: PlayerView;
  stepLabel: string;
  opponent?: string;
  self?: string;
  extra?: ReactNode;
  /** Whether whose flip it is matters now (not at the turn's end, whose steps follow the rush), so the bar stays one line then. */
  flip?: boolean;
}) {
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
        Lead <strong className="inline-block max-w-20 truncate align-bottom">{name(view.lead)}</strong>
        {flip && view.step === "rush" && view.winner === null && (
          <>
            {" · "}Flip <strong className="inline-block max-w-20 truncate align-bottom">{name(view.next)}</strong>
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
 * A sheet fixed at the bottom of a phone's screen, over the page (nothing from
 * md up): the placement tray and the action dock. Its dark surface is named
 * here: app/globals.css turns the plain `bg-white` class dark, not `max-md:bg-white`.
 */
export const PHONE_SHEET =
  "max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-30 max-md:border-t max-md:border-slate-200 max-md:bg-white max-md:dark:bg-[#111a2e] max-md:shadow-[0_-4px_16px_rgb(15_23_42/0.18)]";

/**
 * The board's page layout, shared by the solo and the online board: the field
 * and hand beside the side panel from lg up, with the cell size that fits five
 * columns on a phone (--rb-cell), and room under the board on a phone for the
 * sheet docked over the bottom of the screen, so that the end of the page can
 * still scroll out from under it: the placement tray, the action dock (at most
 * 42% of the screen), or none.
 */
export function boardLayout(sheet: "placement" | "action" | null): string {
  const room = sheet === "placement" ? "max-md:pb-40" : sheet === "action" ? "max-md:pb-[42vh]" : "";
  return `grid gap-4 [--rb-cell:min(84px,calc((100vw-4rem)/5))] lg:grid-cols-[auto_minmax(18rem,1fr)] ${room}`;
}

/**
 * Where the next action waits (a decision, the score step's Continue, the
 * result): docked at the bottom of the screen on a phone while something is
 * there (`open`), in the side panel from md up.
 */
export function ActionDock({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <div data-testid="action-dock" data-open={open || undefined} className={open ? `flex flex-col gap-3 ${PHONE_SHEET} max-md:max-h-[42vh] max-md:overflow-y-auto max-md:p-2` : "contents"}>
      {children}
    </div>
  );
}
