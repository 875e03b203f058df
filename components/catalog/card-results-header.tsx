import { Suspense, type ReactNode } from "react";
import { CardResultsToolbar } from "@/components/catalog/card-results-toolbar";

const COUNT = new Intl.NumberFormat("en");

type Props = {
  /** the heading's id (the results section is labelled by it) */
  id: string;
  total: number;
  page: number;
  pageSize: number;
  /** said after the count (e.g. which cards of a collection are listed) */
  note?: ReactNode;
  sort: string;
  dir: "asc" | "desc";
  view: "grid" | "list";
};

/**
 * The heading of a page of card results ("1,234 cards · page 2 of 21"),
 * announced when it changes, beside the sort and view toolbar: one for the
 * catalog and the collection.
 */
export function CardResultsHeader({ id, total, page, pageSize, note, sort, dir, view }: Props) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id={id} className="text-sm font-semibold text-slate-700" aria-live="polite" data-testid="result-count">
        {total === 1 ? "1 card" : `${COUNT.format(total)} cards`}
        {note && <> · {note}</>}
        {total > pageSize && ` · page ${COUNT.format(page)} of ${COUNT.format(Math.ceil(total / pageSize))}`}
      </h2>
      <Suspense>
        <CardResultsToolbar sort={sort} dir={dir} view={view} />
      </Suspense>
    </div>
  );
}
