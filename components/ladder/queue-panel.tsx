"use client";
import { useCallback, useEffect, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { joinQueueAction, leaveQueueAction, pollQueueAction } from "@/lib/ladder/actions";
import type { QueueStatus } from "@/lib/ladder/types";
import type { DeckOptionDTO } from "@/lib/play/types";
import { DeckPicker } from "@/components/play/game-forms";

/** How often a waiting page asks the queue (ms); the server forgets an entry not asked about for 15 s. */
const POLL_MS = 3000;

function duration(s: number): string {
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

/**
 * The matchmaking queue on /play/ladder: choose a deck and join; while waiting,
 * the page asks every 3 s (each ask may pair), shows the rating window, the
 * time waited and the expected wait, and goes to the game once paired.
 */
export function QueuePanel({ decks, initial }: { decks: DeckOptionDTO[]; initial: QueueStatus }) {
  const router = useRouter();
  const [status, setStatus] = useState<QueueStatus>(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const polling = useRef(false);

  const apply = useCallback(
    (r: { ok: true; data: QueueStatus } | { ok: false; message: string }) => {
      if (!r.ok) return setError(r.message);
      setError(null);
      setStatus(r.data);
      if (r.data.state === "paired") router.push(`/play/g/${r.data.code}`);
    },
    [router],
  );

  const poll = useCallback(async () => {
    if (polling.current) return;
    polling.current = true;
    try {
      apply(await pollQueueAction({}));
    } catch {
      setError("The queue could not be reached. Trying again…");
    } finally {
      polling.current = false;
    }
  }, [apply]);

  const waiting = status.state === "waiting";
  useEffect(() => {
    if (!waiting) return;
    const id = setInterval(() => void poll(), POLL_MS);
    return () => clearInterval(id);
  }, [waiting, poll]);

  if (status.state === "paired")
    return (
      <p className="panel p-3 text-sm" role="status" data-testid="queue-paired">
        Opponent found. Taking you to <a className="text-blue-700 underline" href={`/play/g/${status.code}`}>the game</a>…
      </p>
    );

  if (status.state === "waiting")
    return (
      <section className="panel space-y-2 p-3 text-sm" aria-label="Matchmaking" data-testid="queue-waiting">
        <p className="font-semibold">Looking for an opponent with {status.deckName}…</p>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Your rating</dt>
          <dd>{status.rating}</dd>
          <dt className="text-slate-600">Opponents between</dt>
          <dd data-testid="queue-window">
            {status.window.low} and {status.window.high} <span className="text-slate-600">(widens by 50 every 10 s, up to ±800)</span>
          </dd>
          <dt className="text-slate-600">Waited</dt>
          <dd>{duration(status.waitedSeconds)}</dd>
          <dt className="text-slate-600">Expected wait</dt>
          <dd data-testid="queue-expected">{status.expectedWaitSeconds === null ? "not known yet (no recent pairings)" : `about ${duration(status.expectedWaitSeconds)} (recent pairings)`}</dd>
          <dt className="text-slate-600">Others waiting</dt>
          <dd>{status.others}</dd>
        </dl>
        <p className="text-xs text-slate-600">Keep this page open: a player whose page stops asking leaves the queue after 15 s.</p>
        <p role="alert" className="field-error empty:hidden">
          {error}
        </p>
        <button type="button" className="btn-secondary" disabled={pending} onClick={() => start(async () => apply(await leaveQueueAction({})))} data-testid="queue-leave">
          Leave the queue
        </button>
      </section>
    );

  return (
    <form
      className="panel space-y-3"
      aria-label="Find a ranked game"
      onSubmit={(e) => {
        e.preventDefault();
        const deck = String(new FormData(e.currentTarget).get("deck") ?? "");
        start(async () => apply(await joinQueueAction({ deck })));
      }}
    >
      <DeckPicker decks={decks} />
      <p className="text-sm text-slate-600">
        The queue pairs you with a player rated within 100 of you, and widens while you wait. The game is live and ranked: leaving it loses it.
      </p>
      <p role="alert" className="field-error empty:hidden" data-testid="queue-error">
        {error}
      </p>
      <button type="submit" className="btn-primary" disabled={pending} data-testid="queue-join">
        Find a ranked game
      </button>
    </form>
  );
}
