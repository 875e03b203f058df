"use client";
import type { Player } from "@/lib/engine";
import { percent } from "@/lib/coach/words";

/**
 * The win-probability bar (lib/coach/win-chance.ts): each seat's estimated
 * chance from the public view only, with its label and the same figures in
 * words (the bar itself is hidden from screen readers).
 */
export function WinBar({ chance, names, updating, bottom = 0 }: { chance: [number, number] | null; names: [string, string]; updating: boolean; bottom?: Player }) {
  // the seat drawn at the bottom of the board comes first, in blue like its rows' labels
  const top = 1 - bottom;
  const p0 = chance ? chance[bottom] : 0.5;
  const words = chance ? `${names[bottom]} ${percent(chance[bottom])}, ${names[top]} ${percent(chance[top])}` : "estimating…";
  return (
    <section aria-label="Win chance (public information)" className="space-y-1" data-testid="win-bar">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
        <span className="font-semibold text-slate-700">Win chance (public information)</span>
        <span className="text-slate-700" data-testid="win-bar-text" aria-live="polite">
          {words}
          {updating && chance ? " (updating…)" : ""}
        </span>
      </div>
      <div aria-hidden="true" className={`flex h-2.5 overflow-hidden rounded-full border border-slate-300 ${chance ? "" : "opacity-50"}`}>
        <div className="h-full bg-blue-700 transition-[width]" style={{ width: `${p0 * 100}%` }} />
        <div className="h-full flex-1 bg-rose-600" />
      </div>
      <p className="sr-only">Estimated from what a spectator can see: no hand and no face-down card.</p>
    </section>
  );
}
