import Link from "next/link";
import type { LabChoices } from "@/lib/lab/types";

/**
 * The deck picker of "Complete from my collection" (/lab/complete): a plain GET
 * form, so it works before hydration and from the keyboard. `current` is the
 * deck the page shows (from the editor's or deck page's link), preselected; a
 * linked deck that is not one of mine (a shared deck) is offered as "The linked deck".
 */
export function CompletePicker({ mine, current }: { mine: LabChoices["mine"]; current: string }) {
  const known = mine.some((o) => o.value === current);
  if (mine.length === 0 && !current)
    return (
      <p className="panel text-sm" role="status">
        You have no decks yet. <Link href="/decks" className="underline">Create a deck</Link>, then come back to see which of its cards you own.
      </p>
    );
  return (
    <form method="get" action="/lab/complete" className="panel flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1">
        <label htmlFor="complete-deck" className="label">
          Deck
        </label>
        <select id="complete-deck" name="deck" className="input" defaultValue={current} required>
          {!current && <option value="">Pick a deck…</option>}
          {current && !known && <option value={current}>The linked deck</option>}
          {mine.length > 0 && (
            <optgroup label="My decks">
              {mine.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </div>
      <button type="submit" className="btn-primary">
        {current ? "Show this deck" : "Show what is missing"}
      </button>
    </form>
  );
}
