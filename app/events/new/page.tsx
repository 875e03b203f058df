import type { Metadata } from "next";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { CreateEventForm } from "@/components/events/event-forms";

export const metadata: Metadata = { title: "Organise an event" };

/** /events/new: any signed-in user organises an event. */
export default async function NewEventPage() {
  await requireUserOrRedirect("/events/new");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Organise an event</h1>
      <CreateEventForm />
    </div>
  );
}
