import type { Metadata } from "next";
import { randomInt } from "node:crypto";
import Link from "next/link";
import { DoctorPanel } from "@/components/lab/doctor-panel";
import { LabRunner } from "@/components/lab/lab-runner";
import { getDoctorCandidates, listLabChoices, loadLabDeck, type LabDeck } from "@/lib/lab/data";
import { getCurrentUser } from "@/lib/server/session";
import { chunkSize } from "@/lib/lab/run-state";
import { LEVEL_INFO } from "@/lib/playtest/levels";
import { LAB_AGENTS, type LabAgent, type MatchupSpec } from "@/lib/lab/matchup";
import { labQuery, MAX_GAMES, MAX_OPPONENTS, parseLabParams, sourceString, WIDTHS, type LabChoice, type LabSource } from "@/lib/lab/params";

export const metadata: Metadata = { title: "Matchup lab", description: "How often your Sonic X TCG deck wins, against what, measured by the rules engine's AIs." };

type SearchParams = Record<string, string | string[] | undefined>;

/** The AI levels under their player-facing names (one source: lib/playtest/levels), with what each costs in the lab. */
const AGENT_INFO: Record<LabAgent, { name: string; hint: string }> = {
  random: { name: LEVEL_INFO.random.name, hint: "random legal moves: a floor to beat" },
  heuristic: { name: LEVEL_INFO.heuristic.name, hint: "rules of thumb: fast, a fair opponent" },
  search: { name: LEVEL_INFO.search.name, hint: "plans ahead over hidden cards: strongest, about 100× slower" },
};

function SetupForm({ choice, choices, errors }: { choice: LabChoice; choices: Awaited<ReturnType<typeof listLabChoices>>; errors: string[] }) {
  const you = choice.you ? sourceString(choice.you) : "";
  const vs = new Set(choice.vs.map(sourceString));
  const youKnown = [...choices.starters, ...choices.mine].some((o) => o.value === you);
  const extraVs = choice.vs.map(sourceString).filter((v) => ![...choices.starters, ...choices.mine, ...choices.public].some((o) => o.value === v));
  return (
    <form method="get" action="/lab" className="panel space-y-4" aria-describedby={errors.length ? "lab-errors" : undefined}>
      <input type="hidden" name="run" value="1" />
      {errors.length > 0 && (
        <ul id="lab-errors" role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor="lab-you" className="label">
            Your deck
          </label>
          <select id="lab-you" name="you" className="input" defaultValue={youKnown ? you : ""} required={!(!youKnown && you)}>
            {!youKnown && you ? <option value={you}>The linked deck</option> : <option value="">Pick a deck…</option>}
            {choices.mine.length > 0 && (
              <optgroup label="My decks">
                {choices.mine.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                    {o.legal ? "" : " (not legal: practice)"}
                  </option>
                ))}
              </optgroup>
            )}
            <optgroup label="Starter decks">
              {choices.starters.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div>
          <label htmlFor="lab-a" className="label">
            Your side is played by
          </label>
          <select id="lab-a" name="a" className="input" defaultValue={choice.agents[0]}>
            {LAB_AGENTS.map((a) => (
              <option key={a} value={a}>
                {AGENT_INFO[a].name} — {AGENT_INFO[a].hint}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset>
        <legend className="label">Opponents (a gauntlet of up to {MAX_OPPONENTS})</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {[...choices.starters, ...choices.mine, ...choices.public, ...extraVs.map((v) => ({ value: v, label: "Linked deck" }))].map((o) => (
            <label key={o.value} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="vs" value={o.value} defaultChecked={vs.has(o.value)} />
              {o.label}
            </label>
          ))}
        </div>
        <label htmlFor="lab-vs-link" className="label mt-2">
          Or paste a deck link or deck code
        </label>
        <input id="lab-vs-link" name="vs" className="input" placeholder="https://…/d/… or code:…" maxLength={4100} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-4">
        <div>
          <label htmlFor="lab-b" className="label">
            Opponents are played by
          </label>
          <select id="lab-b" name="b" className="input" defaultValue={choice.agents[1]}>
            {LAB_AGENTS.map((a) => (
              <option key={a} value={a}>
                {AGENT_INFO[a].name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lab-width" className="label">
            Stop at precision
          </label>
          <select id="lab-width" name="width" className="input" defaultValue={String(choice.width)}>
            {WIDTHS.map((w) => (
              <option key={w} value={w}>
                ±{(w * 50).toFixed(w < 0.05 ? 0 : 1)} points
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lab-max" className="label">
            or after
          </label>
          <select id="lab-max" name="max" className="input" defaultValue={String(choice.maxGames)}>
            {MAX_GAMES.map((m) => (
              <option key={m} value={m}>
                {m.toLocaleString("en")} games
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lab-seed" className="label">
            Seed (optional)
          </label>
          <input id="lab-seed" name="seed" className="input" inputMode="numeric" pattern="\d{1,10}" defaultValue={choice.seed ?? ""} />
        </div>
      </div>
      <button type="submit" className="btn-primary">
        Run the lab
      </button>
    </form>
  );
}

export default async function LabPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const { choice, errors } = parseLabParams(params);
  const choices = await listLabChoices();
  const heading = (
    <div className="mb-4 space-y-1">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">Matchup lab</h1>
        <span className="badge-unofficial">Unofficial demo set</span>
      </div>
      <p className="max-w-3xl text-slate-700">
        Your deck plays thousands of games against the opponents you pick, on the real rules, in your browser. Each AI sees only what its player may see.
        See also the <Link href="/playtest" className="underline">playtest board</Link> to play a game yourself.
      </p>
    </div>
  );
  const runErrors = [...errors];
  if (choice.run && !choice.you) runErrors.push("Pick your deck.");
  if (choice.run && choice.vs.length === 0) runErrors.push("Pick at least one opponent.");
  if (!choice.run || runErrors.length > 0 || !choice.you)
    return (
      <div>
        {heading}
        <SetupForm choice={choice} choices={choices} errors={choice.run ? runErrors : errors} />
      </div>
    );

  const you = await loadLabDeck(choice.you);
  const opps = await Promise.all(choice.vs.map((s) => loadLabDeck(s)));
  const loadErrors = [...(you.ok ? [] : [`Your deck: ${you.message}`]), ...opps.flatMap((o, i) => (o.ok ? [] : [`Opponent ${i + 1}: ${o.message}`]))];
  if (!you.ok || loadErrors.length > 0)
    return (
      <div>
        {heading}
        <SetupForm choice={choice} choices={choices} errors={loadErrors} />
      </div>
    );
  const oppDecks = opps.map((o) => (o as { ok: true; deck: LabDeck }).deck);
  const seed = choice.seed ?? randomInt(0, 0x7fffffff);
  const specs: MatchupSpec[] = oppDecks.map((o) => ({ you: you.deck.cards, opp: o.cards, agents: choice.agents, seed }));
  // Share links name decks by starter or by deck code, which anyone can open.
  const portable = (s: LabSource, d: LabDeck): LabSource => (s.kind === "starter" || !d.code ? s : { kind: "code", code: d.code });
  const shareQuery = labQuery(choice, seed, { you: portable(choice.you, you.deck), vs: choice.vs.map((s, i) => portable(s, oppDecks[i])) });
  const ownedOnly = params.owned === "1";
  const [candidates, viewer] = await Promise.all([getDoctorCandidates(you.deck, ownedOnly), getCurrentUser()]);
  const toggleOwned = `/lab?${shareQuery}${choice.counts ? `&n=${choice.counts.join(",")}` : ""}${ownedOnly ? "" : "&owned=1"}`;
  const notices = [you.deck, ...oppDecks].filter((d) => d.illegal).map((d) => `${d.name} is not legal (${d.illegal}); the lab plays it as practice.`);
  return (
    <div className="space-y-4">
      {heading}
      {notices.length > 0 && (
        <ul className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="lab-practice">
          {notices.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-600">
        Seed {seed} · {AGENT_INFO[choice.agents[0]].name} AI for you, {AGENT_INFO[choice.agents[1]].name} AI for the opponents ·{" "}
        <Link href={`/lab?${shareQuery.replace("&run=1", "")}`} className="underline">
          change the setup
        </Link>
      </p>
      <LabRunner
        key={`${shareQuery}|${choice.counts?.join(",") ?? ""}`}
        youName={you.deck.name}
        opponents={oppDecks.map((d) => d.name)}
        specs={specs}
        rule={{ width: choice.width, maxGames: choice.maxGames }}
        chunk={chunkSize(choice.agents)}
        targets={choice.counts ?? oppDecks.map(() => null)}
        shareQuery={shareQuery}
        saveTarget={you.deck.own ? { deckId: you.deck.own.id, version: you.deck.own.version } : null}
        seed={seed}
        agents={choice.agents}
      />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span>Doctor candidates: {ownedOnly ? "only cards I own" : "the whole catalog"}.</span>
        {viewer ? (
          <Link href={toggleOwned} className="underline" role="switch" aria-checked={ownedOnly}>
            {ownedOnly ? "Use the whole catalog" : "Only cards I own"}
          </Link>
        ) : (
          <span className="text-slate-500">Sign in to draw candidates from your collection.</span>
        )}
      </div>
      {candidates.ok ? (
        <DoctorPanel
          key={`${shareQuery}|${ownedOnly}`}
          deck={you.deck.cards.map((c) => ({ key: c.key, title: c.title, def: c }))}
          candidates={candidates.cards.map((c) => ({ key: c.key, title: c.title, def: c }))}
          opponents={oppDecks.map((d) => d.cards)}
          agents={choice.agents}
          seed={seed}
          own={you.deck.own}
        />
      ) : (
        <p className="panel text-sm" role="status">
          Deck doctor: {candidates.message}
        </p>
      )}
    </div>
  );
}
