"use client";
import { useActionState, useState, useSyncExternalStore } from "react";
import { cancelGameAction, createGameAction, joinGameAction } from "@/lib/play/actions";
import type { DeckOptionDTO } from "@/lib/play/types";
import { SPECTATOR_DELAYS } from "@/lib/play/chat";


/** The deck choice of the game forms (and the ladder queue): the player's own decks and the starters; an illegal deck is listed with why. */
export function DeckPicker({ decks }: { decks: DeckOptionDTO[] }) {
  const firstLegal = decks.find((d) => d.legal)?.value;
  return (
    <fieldset>
      <legend className="label">Your deck</legend>
      <div className="grid max-h-72 gap-2 overflow-y-auto sm:grid-cols-3">
        {decks.map((d) => (
          <label
            key={d.value}
            className={`flex gap-2 rounded-lg border border-slate-200 p-2 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 dark:has-[:checked]:bg-blue-900/40 ${d.legal ? "cursor-pointer" : "opacity-70"}`}
            data-testid="play-deck-option"
          >
            <input type="radio" name="deck" value={d.value} defaultChecked={d.value === firstLegal} disabled={!d.legal} required />
            <span className="min-w-0">
              <span className="block break-words font-semibold">{d.name}</span>
              <span className="block text-xs text-slate-600">{d.detail}</span>
              {!d.legal && <span className="mt-0.5 block text-xs font-semibold text-amber-800">Not legal: {d.summary}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function FormError({ state }: { state: { ok: boolean; message?: string } | null }) {
  return (
    <p role="alert" className="field-error empty:hidden" data-testid="play-form-error">
      {state && !state.ok ? state.message : null}
    </p>
  );
}

/** A new game: deck, column rule, pace, and whether it is listed in the lobby. */
export function CreateGameForm({ decks }: { decks: DeckOptionDTO[] }) {
  const [state, action, pending] = useActionState(createGameAction, null);
  return (
    <form action={action} className="panel space-y-4" aria-label="New game">
      <DeckPicker decks={decks} />
      <div className="grid gap-4 sm:grid-cols-4">
        <label className="block text-sm">
          <span className="label">Column rule</span>
          <select name="columnRule" className="input" defaultValue="priority">
            <option value="priority">Priority (flip where both have a face-down card first)</option>
            <option value="no-mirror">No mirror (not the column the opponent just flipped)</option>
          </select>
        </label>
        <label className="block text-sm">
          <span className="label">Pace</span>
          <select name="pace" className="input" defaultValue="live">
            <option value="live">Live (both at the table)</option>
            <option value="correspondence">Correspondence (moves days apart)</option>
          </select>
        </label>
        <label className="block text-sm">
          <span className="label">Who may join</span>
          <select name="listing" className="input" defaultValue="invite">
            <option value="invite">Only whoever has the invite link</option>
            <option value="open">Anyone, from the lobby</option>
          </select>
        </label>
        <label className="block text-sm">
          <span className="label">Spectator delay</span>
          <select name="spectatorDelay" className="input" defaultValue="0" data-testid="spectator-delay-select">
            {SPECTATOR_DELAYS.map((d) => (
              <option key={d} value={d}>
                {d === 0 ? "None (spectators see it live)" : `${d} ${d === 1 ? "move" : "moves"} behind`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="ranked" value="on" className="mt-1" aria-describedby="ranked-help" data-testid="ranked-option" />
        <span>
          <span className="font-semibold">Ranked</span>
          <span id="ranked-help" className="block text-xs text-slate-600">
            Live games only: the result changes both players&apos; ladder rating (see the ladder). Leaving the game loses it.
          </span>
        </span>
      </label>
      <FormError state={state} />
      <button type="submit" className="btn-primary" disabled={pending}>
        Create game
      </button>
    </form>
  );
}

/** Taking the free seat of a game, by invite token or (an open game) by its code. */
export function JoinGameForm({ decks, token, code }: { decks: DeckOptionDTO[]; token?: string; code?: string }) {
  const [state, action, pending] = useActionState(joinGameAction, null);
  return (
    <form action={action} className="panel space-y-4" aria-label="Join the game">
      {token && <input type="hidden" name="token" value={token} />}
      {code && <input type="hidden" name="code" value={code} />}
      <DeckPicker decks={decks} />
      <FormError state={state} />
      <button type="submit" className="btn-primary" disabled={pending} data-testid="join-game">
        Sit down and play
      </button>
    </form>
  );
}

/** The invite link of a waiting game, to copy and send to a friend, and a way to withdraw the game. */
export function WaitingPanel({ invitePath, code }: { invitePath: string; code: string }) {
  const [copied, setCopied] = useState(false);
  // the link as this browser reaches the site (the server cannot know the name a proxy was reached by)
  const origin = useSyncExternalStore(
    () => () => {},
    () => window.location.origin,
    () => "",
  );
  const invite = `${origin}${invitePath}`;
  const [state, cancel, pending] = useActionState(cancelGameAction, null);
  return (
    <section className="panel space-y-2 p-3 text-sm" aria-label="Invite">
      <p>Send this link to the player you want to play. Whoever opens it first takes the seat.</p>
      <div className="flex flex-wrap items-center gap-2">
        <input readOnly value={invite} className="input min-w-0 flex-1 font-mono text-xs" aria-label="Invite link" data-testid="invite-link" onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(invite).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <form action={cancel}>
        <input type="hidden" name="code" value={code} />
        <button type="submit" className="btn-secondary" disabled={pending}>
          Withdraw the game
        </button>
        <FormError state={state} />
      </form>
    </section>
  );
}
