import Link from "next/link";
import { describeDetails } from "@/lib/collection/copies";
import { DEFAULT_BINDER_SLUG, type BinderDTO, type BinderPageView } from "@/lib/collection/types";
import { BinderSettings, CopyActions, CreateBinderForm } from "@/components/collection/binder-forms";

const hrefOf = (b: BinderDTO) => `/collection/binders/${b.id ?? DEFAULT_BINDER_SLUG}`;
const copies = (n: number) => `${n.toLocaleString("en")} cop${n === 1 ? "y" : "ies"}`;

/** /collection/binders: every binder with what it holds (the collection is their sum), and a form to make one. */
export function BindersView({ binders }: { binders: BinderDTO[] }) {
  const total = binders.reduce((n, b) => n + b.copies, 0);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Binders</h1>
        <p className="text-sm text-slate-600">
          Where your copies are. Your collection ({copies(total)}) is the sum of your binders; copies you have not placed are in Unsorted. Moving
          copies never changes how many you own.
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your binders" data-testid="binder-list">
        {binders.map((b) => (
          <li key={b.id ?? DEFAULT_BINDER_SLUG}>
            <Link href={hrefOf(b)} className="panel block hover:border-blue-400 focus-visible:outline-2 focus-visible:outline-blue-600" data-testid="binder-card">
              <span className="block font-semibold text-blue-800">{b.name}</span>
              <span className="block text-sm text-slate-600">
                {copies(b.copies)} · {b.cards.toLocaleString("en")} card{b.cards === 1 ? "" : "s"}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <CreateBinderForm />
    </div>
  );
}

/** /collection/binders/[id]: one binder's copies, each line with its details, a move form and a details form. */
export function BinderView({ view }: { view: BinderPageView }) {
  const { binder, binders, lots, page, pageCount, q, total } = view;
  const base = hrefOf(binder);
  const pageHref = (p: number) => `${base}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <div className="space-y-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/collection/binders" className="text-blue-700 underline">
          Binders
        </Link>{" "}
        / {binder.name}
      </nav>
      <div>
        <h1 className="text-2xl font-bold">{binder.name}</h1>
        <p className="text-sm text-slate-600" data-testid="binder-summary">
          {copies(binder.copies)} of {binder.cards.toLocaleString("en")} card{binder.cards === 1 ? "" : "s"}
          {binder.id === null && " · copies in no named binder"}
        </p>
      </div>
      {binder.id !== null && <BinderSettings binder={{ ...binder, id: binder.id }} />}
      <form method="get" action={base} className="flex flex-wrap items-end gap-2" role="search">
        <div className="min-w-48 flex-1">
          <label htmlFor="binder-q" className="label">
            Find a card in this binder
          </label>
          <input id="binder-q" name="q" defaultValue={q} className="input" placeholder="Title" />
        </div>
        <button type="submit" className="btn-secondary">
          Find
        </button>
      </form>
      {lots.length === 0 ? (
        <p className="rounded border-2 border-dashed border-slate-300 p-6 text-center text-slate-600">
          {q ? `No copies matching "${q}" here.` : binder.id === null ? "Nothing is unsorted: every copy you own is in a named binder." : "This binder is empty. Move copies here from Unsorted or another binder."}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label={`Copies in ${binder.name}`}>
          {lots.map((l) => (
            <li key={l.lotId ?? `${l.cardId}-plain`} className="grid gap-2 py-3 md:grid-cols-[1fr_auto]" data-testid="binder-lot" data-card-key={l.key}>
              <div>
                <span className="font-medium">{l.title}</span> <span className="whitespace-nowrap text-slate-500">{l.key}</span>{" "}
                <span className="font-bold" data-testid="lot-quantity">
                  ×{l.quantity}
                </span>
                <p className="text-xs text-slate-600" data-testid="lot-details">
                  {describeDetails(l.details) || "No details recorded"}
                </p>
              </div>
              <CopyActions lot={l} binders={binders} here={binder.id} />
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
          {page > 1 && (
            <Link href={pageHref(page - 1)} className="text-blue-700 underline">
              Previous
            </Link>
          )}
          <span>
            Page {page} of {pageCount} ({total.toLocaleString("en")} lines)
          </span>
          {page < pageCount && (
            <Link href={pageHref(page + 1)} className="text-blue-700 underline">
              Next
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
