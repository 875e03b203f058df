import Link from "next/link";
import type { EventSummary } from "@/lib/events/types";

const STATUS = { registration: "Registration open", running: "Under way", finished: "Finished" } as const;

/** The events on /events, open and under way first. */
export function EventList({ events }: { events: EventSummary[] }) {
  if (events.length === 0) return <p className="panel p-4 text-sm text-slate-700 dark:text-slate-300">No events yet. Create the first one: a Friday night at your shop, or an online Swiss.</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="event-list">
      {events.map((e) => (
        <li key={e.id} className="panel p-3">
          <Link href={`/events/${e.id}`} className="font-semibold text-blue-700 underline dark:text-blue-300">
            {e.name}
          </Link>
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {STATUS[e.status]} · {e.mode === "online" ? "Online" : "At the table"} · {e.entrants} {e.entrants === 1 ? "entrant" : "entrants"}
            {e.status === "running" ? ` · round ${e.currentRound}` : ""}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-300">Organised by {e.organiserName}</p>
        </li>
      ))}
    </ul>
  );
}
