import type { Metadata } from "next";
import { randomInt } from "node:crypto";
import { PlaytestBoard } from "@/components/board/playtest-board";
import { starterDecks } from "@/lib/playtest/cards";
import { AVAILABLE_LEVELS } from "@/lib/playtest/ai";
import { AI_LEVELS } from "@/lib/playtest/session";
import { parseSetupParams, resolveSetup, type SetupChoice } from "@/lib/playtest/setup-params";

export const metadata: Metadata = { title: "Playtest" };

function SetupForm({ choice, error, linked }: { choice: SetupChoice; error: string | null; linked: { name: string; size: number } | null }) {
  const starters = starterDecks();
  const src = choice.source;
  return (
    <form method="get" action="/playtest" className="panel max-w-2xl space-y-4" aria-describedby={error ? "setup-error" : undefined}>
      <input type="hidden" name="start" value="1" />
      {src.kind === "deck" && <input type="hidden" name="deck" value={src.deckId} />}
      {src.kind === "slug" && <input type="hidden" name="slug" value={src.slug} />}
      {src.kind === "code" && <input type="hidden" name="code" value={src.code} />}
      <fieldset>
        <legend className="label">Your deck</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {linked && (
            <label className="flex cursor-pointer gap-2 rounded-lg border border-slate-200 p-2 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
              <input type="radio" name="you" value="linked" defaultChecked required />
              <span>
                <span className="font-semibold">{linked.name}</span>
                <span className="block text-xs text-slate-600">
                  {src.kind === "code" ? "From a deck code" : src.kind === "slug" ? "Shared deck" : "Your deck"} · {linked.size} cards
                </span>
              </span>
            </label>
          )}
          {starters.map((d) => (
            <label key={d.slug} className="flex cursor-pointer gap-2 rounded-lg border border-slate-200 p-2 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
              <input type="radio" name="you" value={d.slug} defaultChecked={!linked && choice.you === d.slug} required />
              <span>
                <span className="font-semibold">{d.name}</span>
                <span className="block text-xs text-slate-600">
                  Starter · {d.size} cards
                </span>
              </span>
            </label>
          ))}
        </div>
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
              <option key={l} value={l} disabled={!AVAILABLE_LEVELS.includes(l)}>
                {l}
                {AVAILABLE_LEVELS.includes(l) ? "" : " (not available yet)"}
              </option>
            ))}
          </select>
          <p id="level-hint" className="mt-1 text-xs text-slate-500">
            The AI runs in the background and sees only what its player may see.
          </p>
        </div>
        <div>
          <label htmlFor="rule" className="label">
            Column rule
          </label>
          <select id="rule" name="rule" className="input" defaultValue={choice.rule}>
            <option value="priority">Priority (default)</option>
            <option value="no-mirror">No mirror</option>
          </select>
        </div>
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

export default async function PlaytestPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const choice = parseSetupParams(await searchParams);
  const heading = (
    <div className="mb-4 flex flex-wrap items-baseline gap-3">
      <h1 className="text-2xl font-bold">Playtest</h1>
      <span className="badge-unofficial">Unofficial demo set</span>
    </div>
  );
  if (!choice.start)
    return (
      <div>
        {heading}
        <p className="mb-4 max-w-2xl text-slate-700">
          Play a full game against the AI on the real rules: place five cards face down against the opponent&apos;s spare row, flip in turn,
          and race to three Chaos Emeralds.
        </p>
        <SetupForm choice={choice} error={null} linked={null} />
      </div>
    );
  const r = resolveSetup(choice, choice.seed ?? randomInt(0, 0x7fffffff));
  if (!r.ok)
    return (
      <div>
        {heading}
        <SetupForm choice={choice} error={r.error.reason} linked={null} />
      </div>
    );
  return (
    <div>
      {heading}
      <PlaytestBoard setup={r.setup} />
    </div>
  );
}
