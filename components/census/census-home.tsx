import Link from "next/link";
import type { CensusQueueFilter, CensusQueueItem } from "@/lib/census/types";
import { CONFIRMATIONS_NEEDED } from "@/lib/census/fields";
import { Pagination } from "@/components/ui/pagination";

const FILTERS: { id: CensusQueueFilter; label: string; signedIn?: boolean }[] = [
  { id: "open", label: "Waiting for confirmation" },
  { id: "disputed", label: "Disputed" },
  { id: "my-collection", label: "What my collection could verify", signedIn: true },
  { id: "mine", label: "My submissions", signedIn: true },
  { id: "verified", label: "Recently verified" },
];

const EMPTY: Record<CensusQueueFilter, string> = {
  open: "Nothing is waiting: every submission is verified or disputed. Own a card that is not in the catalog? Submit it.",
  disputed: "No disputes right now.",
  "my-collection": "None of the cards you own has an open submission. Cards you own that are not verified yet show up here once someone submits them.",
  mine: "You have not submitted a printing yet.",
  verified: "No printing has been verified yet.",
};

/** The census home: what it is, and the queue with its filters. */
export function CensusHome({ filter, items, total, page, pageSize, signedIn, notice }: { filter: CensusQueueFilter; items: CensusQueueItem[]; total: number; page: number; pageSize: number; signedIn: boolean; notice: string | null }) {
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Card census</h1>
        <Link href="/census/new" className="btn-primary ml-auto" data-testid="census-new">
          Submit a printing
        </Link>
      </div>
      <p className="max-w-3xl text-slate-700">
        The real Sonic X card list is published nowhere, so collectors rebuild it here from photos of their cards. Each field of a printing is verified when{" "}
        {CONFIRMATIONS_NEEDED} people other than its proposer confirm it against the photo (or an admin does); a printing whose fields are all verified enters the
        catalog. See the <Link href="/sets" className="text-blue-700 underline">set checklists</Link> for what is still unknown.
      </p>
      <div aria-live="polite">{notice && <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">{notice}</p>}</div>
      <nav aria-label="Queue filters" className="flex flex-wrap gap-2">
        {FILTERS.filter((f) => signedIn || !f.signedIn).map((f) => (
          <Link
            key={f.id}
            href={f.id === "open" ? "/census" : `/census?filter=${f.id}`}
            aria-current={f.id === filter ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${f.id === filter ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300 hover:bg-slate-100"}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="panel text-slate-600">{EMPTY[filter]}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Submissions">
          {items.map((i) => (
            <li key={i.id}>
              <Link href={`/census/${i.id}`} className="panel flex gap-3 hover:border-blue-600" data-testid="queue-item">
                {i.frontUrl ? (
                  // eslint-disable-next-line @next/next/no-img-element -- a stored, re-encoded photo served from this site
                  <img src={i.frontUrl} alt="" className="h-24 w-[4.3rem] shrink-0 rounded border border-slate-300 object-cover" />
                ) : (
                  <span className="h-24 w-[4.3rem] shrink-0 rounded border border-dashed border-slate-400" aria-hidden />
                )}
                <span className="min-w-0 space-y-1">
                  <span className="block font-semibold">
                    {i.key} {i.title}
                  </span>
                  <span className="block text-sm text-slate-700">
                    {i.status === "verified" ? "Verified ✓" : `${i.verifiedFields} of ${i.fieldCount} fields verified`}
                    {i.disputed ? " · disputed" : ""}
                  </span>
                  <span className="block text-xs text-slate-600">
                    by {i.submittedBy}, {i.createdAt.slice(0, 10)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={Math.max(1, Math.ceil(total / pageSize))} hrefFor={(p) => `/census?${filter === "open" ? "" : `filter=${filter}&`}page=${p}`} />
    </div>
  );
}
