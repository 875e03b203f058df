import Link from "next/link";
import type { QueryError } from "@/lib/search";

/** A query's parse error: the message, a caret under the position, and what was expected. */
export function QueryErrorPanel({ query, error }: { query: string; error: QueryError }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900" data-testid="query-error-panel">
      <p className="font-semibold">This search could not be read: {error.message}</p>
      <pre className="mt-2 overflow-x-auto rounded bg-white p-2 font-mono text-xs" aria-hidden>
        {query}
        {"\n"}
        {" ".repeat(error.position)}^
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
