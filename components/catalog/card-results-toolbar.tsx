"use client";

import { useEffect, useRef } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

const SORTS = [
  { value: "number", label: "Number" },
  { value: "title", label: "Title" },
  { value: "rings", label: "Rings" },
  { value: "color", label: "Color" },
] as const;

/** Sort, direction and grid/list view controls that write the URL (keeping the query). */
export function CardResultsToolbar({ sort, dir, view }: { sort: string; dir: "asc" | "desc"; view: "grid" | "list" }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();

  // The URL this toolbar last asked for: quick successive clicks build on it,
  // not on the searchParams of a navigation that has not landed yet.
  const latest = useRef(searchParams.toString());
  useEffect(() => {
    latest.current = searchParams.toString();
  }, [searchParams]);

  function set(updates: Record<string, string>) {
    const params = new URLSearchParams(latest.current);
    for (const [k, v] of Object.entries(updates)) params.set(k, v);
    if (!("page" in updates)) params.delete("page");
    latest.current = params.toString();
    router.replace(`${pathname}?${params.toString()}`, { scroll: false });
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor="card-sort" className="font-medium text-slate-700">
        Sort by
      </label>
      <select id="card-sort" className="input w-auto py-1" value={sort} onChange={(e) => set({ sort: e.target.value })}>
        {SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      <button type="button" className="btn-secondary py-1" onClick={() => set({ dir: dir === "asc" ? "desc" : "asc" })} aria-label={dir === "asc" ? "Ascending; switch to descending" : "Descending; switch to ascending"}>
        {dir === "asc" ? "↑ Asc" : "↓ Desc"}
      </button>
      <div className="ml-2 inline-flex overflow-hidden rounded-md border border-slate-300" role="group" aria-label="View">
        {(["grid", "list"] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => set({ view: v })}
            className={`px-3 py-1 font-semibold capitalize ${view === v ? "bg-blue-700 text-white" : "bg-white text-slate-700 hover:bg-slate-100"}`}
          >
            {v === "grid" ? "Grid" : "List"}
          </button>
        ))}
      </div>
    </div>
  );
}
