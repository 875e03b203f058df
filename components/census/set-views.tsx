import Link from "next/link";
import type { ChecklistEntry, PullRatesDTO, SetPageDTO, SetSummaryDTO } from "@/lib/census/types";

const pad = (n: number) => String(n).padStart(3, "0");
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function Progress({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <div className="text-sm">
      <div className="flex justify-between gap-2">
        <span>{label}</span>
        <span>
          {value} / {max}
        </span>
      </div>
      <progress className="h-2 w-full" value={value} max={Math.max(1, max)} aria-label={label} />
    </div>
  );
}

/** /sets: every set with how complete its list is, and the viewer's own progress. */
export function SetList({ sets, signedIn }: { sets: SetSummaryDTO[]; signedIn: boolean }) {
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">Sets</h1>
      <p className="max-w-3xl text-slate-700">
        Each set&apos;s checklist by number: verified printings are in the catalog, submitted ones wait in the <Link href="/census" className="text-blue-700 underline">census</Link>, and
        the rest are still unknown. {signedIn ? "Your own progress is beside each set." : "Sign in to see your own progress beside each set."}
      </p>
      {sets.length === 0 ? (
        <p className="panel">No sets yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {sets.map((s) => (
            <li key={s.code}>
              <Link href={`/sets/${encodeURIComponent(s.code)}`} className="panel block space-y-2 hover:border-blue-600" data-testid={`set-${s.code}`}>
                <span className="block font-semibold">
                  {s.name} <span className="text-slate-600">({s.code})</span>
                  {s.unofficial && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">unofficial</span>}
                </span>
                <Progress label="Verified" value={s.verified} max={s.highest} />
                <span className="block text-xs text-slate-600">{s.submitted} submitted · highest number known {pad(s.highest)}</span>
                {s.owned !== null && <Progress label="You own" value={s.owned} max={s.verified} />}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const MARK: Record<ChecklistEntry["state"], string> = { verified: "✓", submitted: "submitted", unknown: "unknown" };
const CELL: Record<ChecklistEntry["state"], string> = {
  verified: "border-green-600 bg-green-50",
  submitted: "border-amber-500 bg-amber-50",
  unknown: "border-dashed border-slate-400",
};

function PullRates({ rates }: { rates: PullRatesDTO }) {
  if (!rates.shown)
    return (
      <p className="text-sm text-slate-700">
        Not enough packs yet: figures appear once at least {rates.minimum} collectors who opted in (on their account page) have logged packs of this set ({rates.contributors} so far).
      </p>
    );
  return (
    <div className="space-y-2">
      <p className="text-sm">
        From {rates.packs} packs logged by {rates.contributors} collectors: {rates.cardsPerPack.toFixed(1)} cards per pack.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Pull rate per rarity</caption>
          <thead>
            <tr className="text-left">
              <th scope="col">Rarity</th>
              <th scope="col">Packs with one</th>
              <th scope="col">95% interval</th>
              <th scope="col">Per pack</th>
              <th scope="col">Packs</th>
            </tr>
          </thead>
          <tbody>
            {rates.figures.map((f) => (
              <tr key={f.rarity}>
                <td className="capitalize">{f.rarity}</td>
                <td>{pct(f.rate)}</td>
                <td>
                  {pct(f.low)}–{pct(f.high)}
                </td>
                <td>{f.perPack.toFixed(2)}</td>
                <td>{f.packs}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** /sets/[code]: the checklist by number, the set's completeness, the viewer's progress, and pull rates. */
export function SetPage({ set, rates, signedIn }: { set: SetPageDTO; rates: PullRatesDTO; signedIn: boolean }) {
  return (
    <div className="space-y-6">
      <Link href="/sets" className="text-sm text-blue-700 hover:underline">
        ← All sets
      </Link>
      <h1 className="text-2xl font-bold">
        {set.name} ({set.code})
      </h1>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="panel space-y-2">
          <h2 className="font-semibold">Completeness</h2>
          <Progress label="Verified" value={set.verified} max={set.highest} />
          <p className="text-sm">
            {set.submitted} submitted, {Math.max(0, set.entries.filter((e) => e.state === "unknown").length)} unknown up to {pad(set.highest)}.
          </p>
        </div>
        <div className="panel space-y-2">
          <h2 className="font-semibold">Your progress</h2>
          {set.owned === null || !signedIn ? <p className="text-sm">Sign in to see which of these you own.</p> : <Progress label="You own" value={set.owned} max={set.verified} />}
        </div>
      </div>
      <section aria-labelledby="checklist-heading" className="space-y-2">
        <h2 id="checklist-heading" className="text-lg font-semibold">
          Checklist
        </h2>
        {set.entries.length === 0 ? (
          <p className="panel">Nothing is known of this set yet.</p>
        ) : (
          <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6" data-testid="checklist">
            {set.entries.map((e) => {
              const body = (
                <>
                  <span className="font-mono font-semibold">{pad(e.number)}</span> <span>{MARK[e.state]}</span>
                  {e.owned && <span className="ml-1 text-xs">(owned)</span>}
                  {e.title && <span className="block truncate text-xs text-slate-700">{e.title}</span>}
                </>
              );
              return (
                <li key={e.number} className={`rounded-md border px-2 py-1 text-sm ${CELL[e.state]}`} data-testid={`checklist-${e.number}`} data-state={e.state}>
                  {e.href ? (
                    <Link href={e.href} className="block hover:underline">
                      {body}
                    </Link>
                  ) : (
                    <Link href={`/census/new?set=${encodeURIComponent(set.code)}&number=${e.number}`} className="block hover:underline" aria-label={`${pad(e.number)} unknown: submit it`}>
                      {body}
                    </Link>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <section aria-labelledby="pulls-heading" className="panel space-y-2">
        <h2 id="pulls-heading" className="text-lg font-semibold">
          Pull rates
        </h2>
        <PullRates rates={rates} />
        <p className="text-xs text-slate-600">Logged packs record their cards but not the order they came in, so rarity is given per pack rather than per slot.</p>
      </section>
    </div>
  );
}
