import type { Metadata } from "next";
import { CompletePicker } from "@/components/lab/complete-picker";
import { StandIns } from "@/components/lab/stand-ins";
import { getDeckCompletion, getStandInSimulation, listLabChoices } from "@/lib/lab/data";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { proposeReplacements } from "@/lib/decks/completion";
import type { LabAgent } from "@/lib/lab/matchup";
import { parseSource, sourceString } from "@/lib/lab/params";

export const metadata: Metadata = { title: "Complete from my collection", robots: { index: false } };

/** The stand-in ranking plays the same deals every time: Racer AI on both sides, one fixed seed. */
const STAND_IN_AGENTS: [LabAgent, LabAgent] = ["heuristic", "heuristic"];
const STAND_IN_SEED = 1;

type SearchParams = Record<string, string | string[] | undefined>;

export default async function CompletePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const raw = (await searchParams).deck;
  const text = typeof raw === "string" ? raw : "";
  const actor = await requireUserOrRedirect(`/lab/complete?deck=${encodeURIComponent(text)}`);
  const source = parseSource(text);
  const { mine } = await listLabChoices(actor);
  const current = source ? sourceString(source) : "";
  const heading = (
    <>
      <h1 className="mb-3 text-2xl font-bold">Complete from my collection</h1>
      <div className="mb-4">
        <CompletePicker mine={mine} current={current} />
      </div>
    </>
  );
  if (!source)
    return (
      <div>
        {heading}
        {text.trim() !== "" ? (
          <p role="alert" className="panel text-sm">
            The link names no deck this page can read. Pick one of your decks above.
          </p>
        ) : (
          mine.length > 0 && <p className="text-slate-700">Pick a deck to see which of its cards you own, and the best stand-ins from your collection for the rest.</p>
        )}
      </div>
    );
  const r = await getDeckCompletion(actor, source);
  if (!r.ok)
    return (
      <div>
        {heading}
        <p role="alert" className="panel text-sm">
          {r.message}
        </p>
      </div>
    );
  // up to 8 stand-ins per line in the quick order: the simulation races them down to 3
  const proposals = proposeReplacements(r.lines, r.owned, 8);
  const missingCopies = proposals.reduce((n, p) => n + p.line.missing, 0);
  const sim = missingCopies > 0 ? await getStandInSimulation(r.lines, proposals) : null;
  const total = r.lines.reduce((n, l) => n + l.quantity, 0);
  const wantHref = (format: string) => `/api/decks/want-list?deck=${encodeURIComponent(sourceString(source))}&format=${format}`;
  return (
    <div className="space-y-4">
      {heading}
      <p className="text-slate-700">
        <strong>{r.name}</strong>: you own {total - missingCopies} of its {total} cards.{" "}
        {missingCopies === 0 ? "Nothing is missing: you can build it from your collection." : `${missingCopies} ${missingCopies === 1 ? "copy is" : "copies are"} missing.`}
      </p>
      {sim && (
        <>
          <div className="flex flex-wrap gap-2">
            <a className="btn-secondary" href={wantHref("text")} download>
              Want list (text)
            </a>
            <a className="btn-secondary" href={wantHref("csv")} download>
              Want list (CSV)
            </a>
          </div>
          <StandIns
            lines={proposals.map(({ line, options }) => ({
              key: line.card.key,
              title: line.card.title,
              colors: line.card.colors,
              rings: line.card.rings,
              missing: line.missing,
              options: options.map((o) => ({ key: o.card.key, set: o.card.set, number: o.card.number, title: o.card.title, colors: o.card.colors, rings: o.card.rings, spare: o.spare, exact: o.exact })),
            }))}
            deck={sim.deck}
            optionDefs={sim.optionDefs}
            opponents={sim.opponents.map((o) => o.cards)}
            opponentNames={sim.opponents.map((o) => o.name)}
            agents={STAND_IN_AGENTS}
            seed={STAND_IN_SEED}
          />
        </>
      )}
    </div>
  );
}
