import type { Metadata } from "next";
import Link from "next/link";
import { authenticate } from "@/lib/server/request-actor";
import { listEvents } from "@/lib/events/data/page";
import { EventList } from "@/components/events/event-list";

export const metadata: Metadata = { title: "Events" };

/** /events: events open for registration, under way and finished. */
export default async function EventsPage() {
  const actor = await authenticate("public");
  const events = await listEvents(actor);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Events</h1>
        <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">
          Swiss events, online or at the table, with an optional top cut. Enter with a legal deck; decklists lock when the event starts and are published when it ends.
        </p>
      </div>
      <p>
        {actor ? (
          <Link className="btn-primary inline-block" href="/events/new">
            Organise an event
          </Link>
        ) : (
          <Link className="text-blue-700 underline dark:text-blue-300" href="/signin?callbackUrl=%2Fevents%2Fnew">
            Sign in to organise an event
          </Link>
        )}
      </p>
      <EventList events={events} />
    </div>
  );
}
