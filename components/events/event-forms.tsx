"use client";
import { useActionState, useState } from "react";
import { advanceEventAction, createEventAction, dropAction, enterResultAction, finishEventAction, registerAction, reportResultAction, startEventAction } from "@/lib/events/actions";
import type { DeckOptionDTO } from "@/lib/play/types";
import type { MatchScore } from "@/lib/events/types";
import { DeckPicker } from "@/components/play/game-forms";

/** The forms of /events (each posts one action; the page renders again after a success). */

type State = { ok: boolean; message?: string } | null;

function Status({ state }: { state: State }) {
  return (
    <p role={state && !state.ok ? "alert" : "status"} className={`text-sm empty:hidden ${state && !state.ok ? "field-error" : "text-emerald-800 dark:text-emerald-300"}`} data-testid="event-form-status">
      {state?.message ?? null}
    </p>
  );
}

/** A new event: name, format notes, Swiss rounds, top cut, online or at the table, registration deadline. */
export function CreateEventForm() {
  const [state, action, pending] = useActionState(createEventAction, null);
  // the deadline is typed in the organiser's local time and sent as an instant
  const [deadline, setDeadline] = useState("");
  return (
    <form action={action} className="panel space-y-4 p-4" aria-label="New event">
      <label className="block text-sm">
        <span className="label">Name</span>
        <input name="name" className="input" required maxLength={80} data-testid="event-name" />
      </label>
      <label className="block text-sm">
        <span className="label">Format notes</span>
        <textarea name="notes" className="input" rows={3} maxLength={2000} placeholder="Deck rules, prizes, start time…" />
      </label>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <label className="block text-sm">
          <span className="label">Where</span>
          <select name="mode" className="input" defaultValue="table" data-testid="event-mode">
            <option value="table">At the table (results entered here)</option>
            <option value="online">Online (live games here)</option>
          </select>
        </label>
        <label className="block text-sm">
          <span className="label">Swiss rounds</span>
          <select name="rounds" className="input" defaultValue="0">
            <option value="0">From the entrants (⌈log₂ n⌉)</option>
            {Array.from({ length: 15 }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          <span className="label">Top cut</span>
          <select name="topCut" className="input" defaultValue="0">
            <option value="0">None</option>
            <option value="4">Top 4, single elimination</option>
            <option value="8">Top 8, single elimination</option>
          </select>
        </label>
        <label className="block text-sm">
          <span className="label">Registration closes</span>
          <input type="datetime-local" className="input" required value={deadline} onChange={(e) => setDeadline(e.target.value)} data-testid="event-deadline" />
          <input type="hidden" name="registrationClosesAt" value={deadline ? new Date(deadline).toISOString() : ""} />
        </label>
      </div>
      <Status state={state} />
      <button type="submit" className="btn-primary" disabled={pending}>
        Create event
      </button>
    </form>
  );
}

/** Entering an event with a deck (or, before the start, changing it). */
export function RegisterForm({ eventId, decks, again }: { eventId: string; decks: DeckOptionDTO[]; again: boolean }) {
  const [state, action, pending] = useActionState(registerAction, null);
  return (
    <form action={action} className="panel space-y-3 p-4" aria-label={again ? "Change my decklist" : "Enter the event"}>
      <input type="hidden" name="eventId" value={eventId} />
      <DeckPicker decks={decks} />
      <Status state={state} />
      <button type="submit" className="btn-primary" disabled={pending} data-testid="event-register">
        {again ? "Submit this decklist instead" : "Enter with this deck"}
      </button>
    </form>
  );
}

/** One button that posts the event's id (start, next round, top cut, finish, drop). */
function EventButton({ eventId, entryId, act, label, testId, secondary }: { eventId: string; entryId?: string; act: typeof startEventAction; label: string; testId: string; secondary?: boolean }) {
  const [state, action, pending] = useActionState(act, null);
  return (
    <form action={action} className="space-y-1">
      <input type="hidden" name="eventId" value={eventId} />
      {entryId && <input type="hidden" name="entryId" value={entryId} />}
      <button type="submit" className={secondary ? "btn-secondary" : "btn-primary"} disabled={pending} data-testid={testId}>
        {label}
      </button>
      <Status state={state} />
    </form>
  );
}

export function StartButton({ eventId }: { eventId: string }) {
  return <EventButton eventId={eventId} act={startEventAction} label="Start the event (locks the decklists)" testId="event-start" />;
}
export function AdvanceButton({ eventId, label }: { eventId: string; label: string }) {
  return <EventButton eventId={eventId} act={advanceEventAction} label={label} testId="event-advance" />;
}
export function FinishButton({ eventId }: { eventId: string }) {
  return <EventButton eventId={eventId} act={finishEventAction} label="Finish the event" testId="event-finish" secondary />;
}
export function DropButton({ eventId, entryId, label }: { eventId: string; entryId?: string; label: string }) {
  return <EventButton eventId={eventId} entryId={entryId} act={dropAction} label={label} testId="event-drop" secondary />;
}

/** A match's score: games won by each player and drawn games, entered by the organiser or reported by a player. */
export function ResultForm({ matchId, names, initial, by }: { matchId: string; names: [string, string]; initial: MatchScore | null; by: "organiser" | "player" }) {
  // both answer { ok, message }: the form shows the message only
  const act = (by === "organiser" ? enterResultAction : reportResultAction) as typeof enterResultAction;
  const [state, action, pending] = useActionState(act, null);
  const field = (name: keyof MatchScore, label: string) => (
    <label className="block text-xs">
      <span className="block text-slate-600 dark:text-slate-300">{label}</span>
      <input type="number" name={name} min={0} max={3} defaultValue={initial?.[name] ?? 0} className="input w-16" required />
    </label>
  );
  return (
    <form action={action} className="flex flex-wrap items-end gap-2" aria-label={`${by === "organiser" ? "Enter" : "Report"} the result: ${names[0]} against ${names[1]}`} data-testid={`result-form-${by}`}>
      <input type="hidden" name="matchId" value={matchId} />
      {field("winsA", `${names[0]} won`)}
      {field("winsB", `${names[1]} won`)}
      {field("draws", "Drawn")}
      <button type="submit" className="btn-secondary" disabled={pending}>
        {by === "organiser" ? "Enter" : "Report"}
      </button>
      <Status state={state} />
    </form>
  );
}
