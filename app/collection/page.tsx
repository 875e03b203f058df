import type { Metadata } from "next";
import Link from "next/link";
import { requireUserOrRedirect } from "@/lib/dal/session";
import { listCollection } from "@/lib/dal/collection";
import { ownershipFilterSchema, PLAYSET, type OwnershipFilter } from "@/lib/validation/collection";
import { CardFace } from "@/components/card/card-face";
import { QuantityControl } from "@/components/collection/quantity-control";
import { ProgressBar } from "@/components/collection/progress-bar";

export const metadata: Metadata = { title: "My collection" };

const FILTERS: { value: OwnershipFilter; label: string; hint: string }[] = [
  { value: "all", label: "All cards", hint: "every card in the catalog" },
  { value: "owned", label: "Owned", hint: "cards you have at least one of" },
  { value: "missing", label: "Missing", hint: "cards you have none of" },
  { value: "duplicates", label: "Duplicates", hint: `more than ${PLAYSET} copies: the extras are tradeable` },
];

const EMPTY: Record<OwnershipFilter, string> = {
  all: "The catalog is empty.",
  owned: "You have not recorded any cards yet. Open a booster or import a list to start.",
  missing: "Nothing missing: you own every card here.",
  duplicates: `No card with more than ${PLAYSET} copies yet.`,
};

function hrefFor(filter: OwnershipFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("show", filter);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `/collection?${s}` : "/collection";
}

export default async function CollectionPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const filter = ownershipFilterSchema.parse(typeof sp.show === "string" ? sp.show : "all");
  const page = Math.max(1, Number(typeof sp.page === "string" ? sp.page : 1) || 1);
  await requireUserOrRedirect(hrefFor(filter, page));
  const { cards, total, pageCount, summary } = await listCollection({ filter, page });

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">My collection</h1>
          <p className="text-sm text-slate-600" data-testid="collection-summary">
            {summary.distinctOwned} of {summary.catalog} cards owned · {summary.copies} copies
            {summary.tradeable > 0 && <> · {summary.tradeable} tradeable</>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href="/collection/booster" className="btn-primary">
            Open a booster
          </Link>
          <Link href="/collection/import" className="btn-secondary">
            Import / export
          </Link>
        </div>
      </div>
      <div className="mb-4 max-w-md">
        <ProgressBar label="Cards owned of the catalog" value={summary.distinctOwned} max={summary.catalog} />
      </div>

      <nav aria-label="Ownership filter" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <li key={f.value}>
              <Link
                href={hrefFor(f.value)}
                aria-current={filter === f.value ? "page" : undefined}
                title={f.hint}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold ${
                  filter === f.value ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
                }`}
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <p className="mb-3 text-sm text-slate-600" aria-live="polite">
        {total} card{total === 1 ? "" : "s"}
        {filter !== "all" && <> · {FILTERS.find((f) => f.value === filter)?.hint}</>}
      </p>

      {cards.length === 0 ? (
        <p className="panel text-slate-600">{EMPTY[filter]}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6" aria-label="Your cards">
          {cards.map((card) => {
            const label = `${card.title} (${card.key})`;
            return (
              <li key={card.id} data-testid={`collection-card-${card.key}`}>
                <div className={card.quantity === 0 ? "opacity-60" : undefined}>
                  <CardFace card={card} size="sm" />
                </div>
                <QuantityControl cardId={card.id} label={label} quantity={card.quantity} />
                {card.quantity > PLAYSET && (
                  <p className="mt-1 text-center text-xs font-semibold text-emerald-700">+{card.quantity - PLAYSET} tradeable</p>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {pageCount > 1 && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3 text-sm">
          {page > 1 && (
            <Link className="btn-secondary" href={hrefFor(filter, page - 1)}>
              Previous
            </Link>
          )}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount && (
            <Link className="btn-secondary" href={hrefFor(filter, page + 1)}>
              Next
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
