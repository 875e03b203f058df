import Link from "next/link";

/** Page links that keep the other URL parameters (server-rendered, keyboard reachable). */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const pages = new Set<number>([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const list = [...pages].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  for (const p of list) {
    const last = items[items.length - 1];
    if (typeof last === "number" && p - last > 1) items.push("gap");
    items.push(p);
  }
  const base = "inline-flex min-h-9 min-w-9 items-center justify-center rounded-md border px-3 py-1 text-sm font-semibold";
  // one complete class list per state: combining bg-white with bg-blue-700 left the order to the stylesheet (white on white)
  const cls = `${base} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;
  const current = `${base} border-blue-700 bg-blue-700 text-white hover:bg-blue-800`;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-1">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className={cls} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span className={`${cls} cursor-not-allowed opacity-50`} aria-disabled>
          ← Previous
        </span>
      )}
      {items.map((p, i) =>
        p === "gap" ? (
          <span key={`gap-${i}`} className="px-1 text-slate-500" aria-hidden>
            …
          </span>
        ) : (
          <Link key={p} href={hrefFor(p)} className={p === page ? current : cls} aria-current={p === page ? "page" : undefined} aria-label={`Page ${p}`}>
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link href={hrefFor(page + 1)} className={cls} rel="next">
          Next →
        </Link>
      ) : (
        <span className={`${cls} cursor-not-allowed opacity-50`} aria-disabled>
          Next →
        </span>
      )}
    </nav>
  );
}
