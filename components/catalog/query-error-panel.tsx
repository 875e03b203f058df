import Link from "next/link";
import type { QueryError } from "@/lib/catalog/search";

/** Characters of the query shown on each side of the error position (a long query is cut around it). */
const CONTEXT = 40;

/** The part of a query around a position, and the caret's column in it. */
function excerpt(query: string, position: number): { text: string; caret: number } {
  const start = Math.max(0, position - CONTEXT);
  const end = Math.min(query.length, position + CONTEXT);
  const before = start > 0 ? "…" : "";
  const after = end < query.length ? "…" : "";
  return { text: `${before}${query.slice(start, end)}${after}`, caret: before.length + position - start };
}

/** A query's parse error: the message, a caret under the position, and what was expected. */
export function QueryErrorPanel({ query, error }: { query: string; error: QueryError }) {
  const { text, caret } = excerpt(query, error.position);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900" data-testid="query-error-panel">
      <p className="font-semibold">This search could not be read: {error.message}</p>
      <pre className="mt-2 overflow-x-auto rounded bg-white p-2 font-mono text-xs" aria-hidden>
        {text}
        {"\n"}
        {" ".repeat(caret)}^
      </pre>
      <p className="mt-2">
        At position {error.position + 1}: expected {error.expected}.{" "}
        <Link href="/cards/syntax" className="underline">
          See the search syntax
        </Link>
        .
      </p>
    </div>
  );
}
