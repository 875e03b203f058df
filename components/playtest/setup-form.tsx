import Link from "next/link";
import type { DeckSummaryDTO } from "@/lib/decks/types";
import { MIN_DECK_SIZE } from "@/lib/decks";
import { COLUMN_RULE_INFO, LEVEL_INFO } from "@/lib/playtest/levels";
import { starterDecks } from "@/lib/playtest/cards";
import { AI_LEVELS } from "@/lib/playtest/session";
import { type SetupChoice } from "@/lib/playtest/setup-params";

export type LinkedInfo = { name: string; size: number; legal: boolean; summary: string };

function DeckOption({ value, checked, name, detail, legal, summary }: { value: string; checked: boolean; name: string; detail: string; legal: boolean; summary: string }) {
  return (
    <label className="flex cursor-pointer gap-2 rounded-lg border border-slate-200 p-2 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 dark:has-[:checked]:bg-blue-900/40" data-testid="deck-option">
      <input type="radio" name="you" value={value} defaultChecked={checked} required />
      <span className="min-w-0">
        <span className="block break-words font-semibold">{name}</span>
        <span className="block text-xs text-slate-600">{detail}</span>
        {!legal && (
          <span className="mt-0.5 block text-xs font-semibold text-amber-800">
            Not legal: {summary} Plays in practice mode.
          </span>
        )}
      </span>
    </label>
  );
}

export function SetupForm({ choice, error, linked, myDecks }: { choice: SetupChoice; error: string | null; linked: LinkedInfo | null; myDecks: DeckSummaryDTO[] }) {
  const starters = starterDecks();
  const src = choice.source;
  // a linked deck of your own is listed once, among your decks
  const linkedIsMine = src.kind === "deck" && myDecks.some((d) => d.id === src.deckId);
  return (
    <form method="get" action="/playtest" className="panel max-w-2xl space-y-4" aria-describedby={error ? "setup-error" : undefined}>
      <input type="hidden" name="start" value="1" />
      {src.kind === "deck" && <input type="hidden" name="deck" value={src.deckId} />}
      {src.kind === "slug" && <input type="hidden" name="slug" value={src.slug} />}
      {src.kind === "code" && <input type="hidden" name="code" value={src.code} />}
      <fieldset>
        <legend className="label">Your deck</legend>
        {linked && !linkedIsMine && (
          <div className="mb-2 grid gap-2 sm:grid-cols-3">
            <DeckOption value="linked" checked name={linked.name} detail={`${src.kind === "code" ? "From a deck code" : src.kind === "slug" ? "Shared deck" : "Your deck"} · ${linked.size} cards`} legal={linked.legal} summary={linked.summary} />
          </div>
        )}
        {myDecks.length > 0 && (
          <>
            <p className="mb-1 mt-2 text-xs font-semibold uppercase tracking-wide text-slate-600">My decks</p>
            <div className="mb-2 grid max-h-72 gap-2 overflow-y-auto sm:grid-cols-3">
              {myDecks.map((d) => (
                <DeckOption
                  key={d.id}
                  value={`deck:${d.id}`}
                  checked={linkedIsMine && src.kind === "deck" && src.deckId === d.id}
                  name={d.name}
                  detail={`${d.total} ${d.total === 1 ? "card" : "cards"}`}
                  legal={d.legal}
                  summary={d.legalSummary}
                />
              ))}
            </div>
          </>
        )}
        <p className="mb-1 mt-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Starter decks</p>
        <div className="grid gap-2 sm:grid-cols-3">
          {starters.map((d) => (
            <DeckOption key={d.slug} value={d.slug} checked={!linked && choice.you === d.slug} name={d.name} detail={`Starter · ${d.size} cards`} legal summary="" />
          ))}
        </div>
        {myDecks.length === 0 && (
          <p className="mt-2 text-xs text-slate-600">
            Your own decks appear here once you have some: <Link href="/decks" className="text-blue-700 underline">build one</Link>. A deck that is not legal yet (say, under {MIN_DECK_SIZE} cards) plays in practice mode.
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="opp" className="label">
            Opponent&apos;s deck
          </label>
          <select id="opp" name="opp" className="input" defaultValue={choice.opp}>
            {starters.map((d) => (
              <option key={d.slug} value={d.slug}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="level" className="label">
            AI level
          </label>
          <select id="level" name="level" className="input" defaultValue={choice.level} aria-describedby="level-hint">
            {AI_LEVELS.map((l) => (
              <option key={l} value={l}>
                {LEVEL_INFO[l].name}
              </option>
            ))}
          </select>
          <div id="level-hint" className="mt-1 text-xs text-slate-600">
            <dl className="space-y-0.5">
              {AI_LEVELS.map((l) => (
                <div key={l}>
                  <dt className="inline font-semibold">{LEVEL_INFO[l].name}: </dt>
                  <dd className="inline">{LEVEL_INFO[l].description}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-0.5">The AI sees only what its player may see.</p>
          </div>
        </div>
        <div>
          <label htmlFor="rule" className="label">
            Column rule
          </label>
          <select id="rule" name="rule" className="input" defaultValue={choice.rule} aria-describedby="rule-hint">
            {(["priority", "no-mirror"] as const).map((r) => (
              <option key={r} value={r}>
                {COLUMN_RULE_INFO[r].name}
              </option>
            ))}
          </select>
          <dl id="rule-hint" className="mt-1 space-y-0.5 text-xs text-slate-600">
            {(["priority", "no-mirror"] as const).map((r) => (
              <div key={r}>
                <dt className="inline font-semibold">{COLUMN_RULE_INFO[r].name}: </dt>
                <dd className="inline">{COLUMN_RULE_INFO[r].description}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div>
        <input type="hidden" name="corrections" value="0" />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="corrections" value="1" defaultChecked={choice.corrections} className="mt-1" aria-describedby="corrections-hint" />
          <span>
            <span className="font-semibold">Manual corrections</span>
            <span id="corrections-hint" className="block text-xs text-slate-600">
              After you flip one of your cards whose text is not automated, apply what it says by hand (discard, return, draw, flip, ± rings).
            </span>
          </span>
        </label>
      </div>
      <p id="setup-error" role="alert" className="field-error empty:hidden">
        {error}
      </p>
      <button type="submit" className="btn-primary">
        Start game
      </button>
    </form>
  );
}
