import Link from "next/link";
import type { EventPageView } from "@/lib/events/types";
import type { DeckOptionDTO } from "@/lib/play/types";
import { AdvanceButton, DropButton, FinishButton, RegisterForm, StartButton } from "./event-forms";
import { CardResults, Decklist, Rounds, Standings } from "./event-tables";

const STATUS = { registration: "Registration open", running: "Under way", finished: "Finished" } as const;

/** An event's page: what it is, the organiser's controls, my entry, standings, every round, and at the end the decklists and per-card results. */
export function EventView({ view, decks, deadline }: { view: EventPageView; decks: DeckOptionDTO[]; deadline: string }) {
  const { event: e, can, me } = view;
  const organiser = view.viewer.organiser;
  const rounds = e.status === "registration" ? (e.rounds === 0 ? "rounds from the entrants" : `${e.rounds} Swiss rounds`) : `${e.rounds} Swiss rounds`;
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link className="text-blue-700 underline dark:text-blue-300" href="/events">
            All events
          </Link>
        </p>
        <h1 className="text-2xl font-bold break-words">{e.name}</h1>
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="event-status">
          {STATUS[e.status]}
          {e.status === "running" ? `, round ${e.currentRound}` : ""} · {e.mode === "online" ? "Online: live games here" : "At the table"} · {rounds}
          {e.topCut ? `, top ${e.topCut} cut` : ""} · organised by {e.organiserName}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">Registration closes {deadline}.</p>
        {e.notes && <p className="mt-2 max-w-2xl whitespace-pre-line text-sm">{e.notes}</p>}
      </div>

      {organiser && (
        <section aria-labelledby="manage" className="panel space-y-2 p-4">
          <h2 id="manage" className="text-lg font-semibold">
            Run the event
          </h2>
          {e.status === "registration" && <p className="text-sm">{view.entrants.length < 2 ? "At least two entrants are needed to start." : `${view.entrants.length} entrants. Starting locks every decklist and pairs round 1.`}</p>}
          {view.waitingFor && <p className="text-sm">{view.waitingFor} Enter results below, or settle a disputed one.</p>}
          <div className="flex flex-wrap gap-3">
            {can.start && <StartButton eventId={e.id} />}
            {can.nextRound && <AdvanceButton eventId={e.id} label={`Pair round ${e.currentRound + 1}`} />}
            {can.topCut && <AdvanceButton eventId={e.id} label={`Start the top ${e.topCut}`} />}
            {can.finish && <FinishButton eventId={e.id} />}
          </div>
          {e.status === "finished" && <p className="text-sm">The event is over.</p>}
        </section>
      )}

      {!view.viewer.signedIn && e.status !== "finished" && (
        <p className="panel p-3 text-sm">
          <Link className="text-blue-700 underline dark:text-blue-300" href={`/signin?callbackUrl=${encodeURIComponent(`/events/${e.id}`)}`}>
            Sign in
          </Link>{" "}
          to enter this event.
        </p>
      )}

      {(me || can.register) && (
        <section aria-labelledby="my-entry" className="space-y-3">
          <h2 id="my-entry" className="text-lg font-semibold">
            My entry
          </h2>
          {me && (
            <>
              <p className="text-sm" data-testid="my-entry-status">
                {me.dropped ? "You have dropped." : e.status === "registration" ? "You are entered. You may submit another decklist until the event starts." : "You are playing. Your decklist is locked."}
              </p>
              <Decklist list={me.decklist} />
              {!me.dropped && e.status !== "finished" && <DropButton eventId={e.id} label={e.status === "registration" ? "Withdraw my entry" : "Drop after this round"} />}
            </>
          )}
          {can.register && (
            <>
              {!me && e.status === "running" && <p className="text-sm">The event is under way: a late entry plays from the next round, and the rounds missed count as losses.</p>}
              <RegisterForm eventId={e.id} decks={decks} again={me !== null} />
            </>
          )}
        </section>
      )}

      <section aria-labelledby="standings" className="space-y-2">
        <h2 id="standings" className="text-lg font-semibold">
          {e.status === "finished" ? "Final standings" : "Standings"}
        </h2>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Match points (win 3, draw 1), then opponents&apos; match-win % (OMW), game-win % (GW) and opponents&apos; game-win % (OGW), each percentage at least 33%. A bye is a 2–0
          win.
        </p>
        <Standings rows={view.standings} />
      </section>

      <section aria-labelledby="rounds" className="space-y-2">
        <h2 id="rounds" className="text-lg font-semibold">
          Rounds
        </h2>
        <Rounds rounds={view.rounds} current={e.currentRound} organiser={organiser} running={e.status === "running"} online={e.mode === "online"} />
      </section>

      {organiser && view.audit && view.audit.length > 0 && (
        <section aria-labelledby="audit" className="space-y-2">
          <h2 id="audit" className="text-lg font-semibold">
            Results entered by the organiser
          </h2>
          <ul className="space-y-1 text-sm" data-testid="event-audit">
            {view.audit.map((a, i) => (
              <li key={i}>
                <span className="text-xs text-slate-600 dark:text-slate-300">{a.at.slice(0, 16).replace("T", " ")} UTC · </span>
                {a.actor} {a.action}: {a.detail}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="decklists" className="space-y-2">
        <h2 id="decklists" className="text-lg font-semibold">
          Decklists
        </h2>
        {view.decklists ? (
          <div className="grid gap-3 md:grid-cols-2">
            {view.decklists.map((d) => (
              <Decklist key={d.entryId} list={d} />
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">Decklists are published when the event ends.</p>
        )}
      </section>

      {view.cardResults && (
        <section aria-labelledby="cards" className="space-y-2">
          <h2 id="cards" className="text-lg font-semibold">
            Per-card results
          </h2>
          <CardResults rows={view.cardResults} />
        </section>
      )}
    </div>
  );
}
