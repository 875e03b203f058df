import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { authenticate } from "@/lib/server/request-actor";
import { getEventPage } from "@/lib/events/data/page";
import { eventId } from "@/lib/events/schemas";
import { deckOptions } from "@/lib/play/decks";
import { EventView } from "@/components/events/event-view";

export const metadata: Metadata = { title: "Event" };

/** /events/<id>: the event page (public; decklists by the access rules of docs/events.md). */
export default async function EventPage({ params }: { params: Promise<{ id: string }> }) {
  const id = eventId.safeParse((await params).id);
  if (!id.success) notFound();
  const actor = await authenticate("public");
  const view = await getEventPage(actor, id.data);
  if (!view) notFound();
  const decks = actor && view.can.register ? await deckOptions(actor) : [];
  const deadline = new Date(view.event.registrationClosesAt).toUTCString().replace(":00 GMT", " UTC");
  return <EventView view={view} decks={decks} deadline={deadline} />;
}
