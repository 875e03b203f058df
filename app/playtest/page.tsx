import type { Metadata } from "next";
import { randomInt } from "node:crypto";
import { PlaytestBoard } from "@/components/playtest/playtest-board";
import Link from "next/link";
import { getDeckForPlaytest, listMyDecks } from "@/lib/decks/data";
import type { DeckSummaryDTO } from "@/lib/decks/types";
import { getPlaytestCards } from "@/lib/playtest/data";
import { getCurrentUser, requireUserOrRedirect } from "@/lib/server/session";
import { MIN_DECK_SIZE, type DeckCheck } from "@/lib/decks";
import { COLUMN_RULE_INFO, LEVEL_INFO } from "@/lib/playtest/levels";
import { deckListKeys, starterDecks } from "@/lib/playtest/cards";
import { AI_LEVELS } from "@/lib/playtest/session";
import { parseSetupParams, resolveSetup, setupCardKeys, type CustomDeck, type DeckSource, type SetupChoice } from "@/lib/playtest/setup-params";

/** The deck behind a deck link, through the decks DAL (which checks who may see it and that it is legal). */
async function loadLinkedDeck(source: DeckSource): Promise<{ ok: true; deck: CustomDeck; check: DeckCheck } | { ok: false; reason: string } | null> {
  if (source.kind === "starter") return null;
  // Your own deck by id needs you signed in: sign in and come back.
  if (source.kind === "deck") await requireUserOrRedirect(`/playtest?deck=${encodeURIComponent(source.deckId)}`);
  const r = await getDeckForPlaytest(source.kind === "deck" ? { deckId: source.deckId } : source.kind === "slug" ? { slug: source.slug } : { code: source.code });
  if (!r.ok) return { ok: false, reason: r.message };
  return { ok: true, deck: { name: r.name, keys: deckListKeys(r.cards) }, check: r.check };
}

export const metadata: Metadata = { title: "Playtest" };

type LinkedInfo = { name: string; size: number; legal: boolean; summary: string };

function DeckOption({ value, checked, name, detail, legal, summary }: { value: string; checked: boolean; name: string; detail: string; legal: boolean; summary: string }) {
  return (
    <label className="flex cursor-pointer gap-2 rounded-lg border border-slate-200 p-2 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50" data-testid="deck-option">
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

function SetupForm({ choice, error, linked, myDecks }: { choice: SetupChoice; error: string | null; linked: LinkedInfo | null; myDecks: DeckSummaryDTO[] }) {
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

export default async function PlaytestPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const choice = parseSetupParams(await searchParams);
  const [linked, viewer] = await Promise.all([loadLinkedDeck(choice.source), getCurrentUser()]);
  const myDecks = viewer ? (await listMyDecks()).filter((d) => d.total > 0) : [];
  const linkedInfo: LinkedInfo | null = linked?.ok ? { name: linked.deck.name, size: linked.deck.keys.length, legal: linked.check.legal, summary: linked.check.summary } : null;
  const heading = (
    <div className="mb-4 flex flex-wrap items-baseline gap-3">
      <h1 className="text-2xl font-bold">Playtest</h1>
      <span className="badge-unofficial">Unofficial demo set</span>
    </div>
  );
  if (linked && !linked.ok)
    return (
      <div>
        {heading}
        <p role="alert" className="mb-4 max-w-2xl rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="deck-link-error">
          This deck cannot be playtested: {linked.reason} Pick a starter deck instead.
        </p>
        <SetupForm choice={{ ...choice, source: { kind: "starter", slug: "team-sonic-speed" }, you: "team-sonic-speed" }} error={null} linked={null} myDecks={myDecks} />
      </div>
    );
  if (!choice.start)
    return (
      <div>
        {heading}
        <p className="mb-4 max-w-2xl text-slate-700">
          Play a full game against the AI on the real rules: place five cards face down against the opponent&apos;s spare row, flip in turn,
          and race to three Chaos Emeralds. New to the game? Play the <Link href="/learn" className="text-blue-700 underline">guided first game</Link>{" "}
          or read the <Link href="/rules" className="text-blue-700 underline">rules</Link>.
        </p>
        <SetupForm choice={choice} error={null} linked={linkedInfo} myDecks={myDecks} />
      </div>
    );
  const custom = linked?.ok ? linked.deck : null;
  // Both decks' cards come from the catalog in the database (every set, with admins' latest edits).
  const catalog = await getPlaytestCards(setupCardKeys(choice, custom));
  const r = resolveSetup(choice, choice.seed ?? randomInt(0, 0x7fffffff), catalog, custom);
  if (!r.ok)
    return (
      <div>
        {heading}
        <SetupForm choice={choice} error={r.error.reason} linked={linkedInfo} myDecks={myDecks} />
      </div>
    );
  return (
    <div>
      {heading}
      {linked?.ok && !linked.check.legal && (
        <p role="note" className="mb-3 max-w-3xl rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="practice-mode">
          <strong>Practice mode:</strong> “{linked.deck.name}” is not a legal deck ({linked.check.summary}) The game plays with the {linked.deck.keys.length} {linked.deck.keys.length === 1 ? "card" : "cards"} it has: when your deck runs out, your discard pile is shuffled into a new one (
          <Link href="/rules#s4-5" className="underline">
            recharge
          </Link>
          ).
        </p>
      )}
      <PlaytestBoard setup={r.setup} />
    </div>
  );
}
