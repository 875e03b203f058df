import type { Metadata } from "next";
import { randomInt } from "node:crypto";
import Link from "next/link";
import { DoctorPanel } from "@/components/lab/doctor-panel";
import { LabRunner } from "@/components/lab/lab-runner";
import { getDoctorCandidates, listLabChoices, loadLabDeck, type LabDeck } from "@/lib/lab/data";
import { authenticate } from "@/lib/server/request-actor";
import { chunkSize } from "@/lib/lab/run-state";
import { type MatchupSpec } from "@/lib/lab/matchup";
import { labQuery, parseLabParams, type LabSource } from "@/lib/lab/params";
import { AGENT_INFO, SetupForm } from "@/components/lab/setup-form";
import { LevelScaleTable } from "@/components/playtest/level-scale";
import { levelScale } from "@/lib/playtest/level-ratings";

export const metadata: Metadata = { title: "Matchup lab", description: "How often your Sonic X TCG deck wins, against what, measured by the rules engine's AIs." };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function LabPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const { choice, errors } = parseLabParams(params);
  const actor = await authenticate("public");
  const choices = await listLabChoices(actor);
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
        <div className="mt-4">
          <LevelScaleTable scale={levelScale()} id="lab-level-scale" />
        </div>
      </div>
    );

  const you = await loadLabDeck(actor, choice.you);
  const opps = await Promise.all(choice.vs.map((s) => loadLabDeck(actor, s)));
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
  const candidates = await getDoctorCandidates(actor, you.deck, ownedOnly);
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
        {actor ? (
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
          candidatesOwned={ownedOnly}
        />
      ) : (
        <p className="panel text-sm" role="status">
          Deck doctor: {candidates.message}
        </p>
      )}
    </div>
  );
}
