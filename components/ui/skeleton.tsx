/** Grey placeholder blocks shown while a route's data loads (loading.tsx files). */
function Bar({ className = "" }: { className?: string }) {
  return <div className={`animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none ${className}`} />;
}

/**
 * A page-shaped skeleton: a title, a toolbar, then cards, rows, or the editor's
 * two columns. Announced once as "Loading" to screen readers.
 */
export function PageSkeleton({ kind, label }: { kind: "grid" | "rows" | "editor" | "board"; label: string }) {
  return (
    <div className="space-y-5" role="status" aria-live="polite">
      <span className="sr-only">Loading {label}…</span>
      <div aria-hidden className="space-y-5">
        <Bar className="h-8 w-48" />
        <Bar className="h-10 w-full max-w-2xl" />
        {kind === "grid" && <CardGridBars />}
        {kind === "rows" && (
          <div className="space-y-2">
            {Array.from({ length: 6 }, (_, i) => (
              <Bar key={i} className="h-12 w-full" />
            ))}
          </div>
        )}
        {kind === "editor" && (
          <div className="grid gap-4 lg:grid-cols-2">
            <Bar className="h-96" />
            <Bar className="h-96" />
          </div>
        )}
        {kind === "board" && (
          <div className="grid gap-4 lg:grid-cols-[auto_minmax(18rem,1fr)]">
            <div className="grid grid-cols-5 gap-2">
              {Array.from({ length: 20 }, (_, i) => (
                <Bar key={i} className="aspect-[5/7] w-full max-w-[84px] rounded-lg" />
              ))}
            </div>
            <Bar className="h-64" />
          </div>
        )}
      </div>
    </div>
  );
}

function CardGridBars() {
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {Array.from({ length: 12 }, (_, i) => (
        <Bar key={i} className="aspect-[5/7] rounded-xl" />
      ))}
    </div>
  );
}

/**
 * Card results loading under a page's own title and search box (which stay):
 * a count line, then cards. Announced once as "Loading" to screen readers.
 */
export function ResultsSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-4" role="status" aria-live="polite">
      <span className="sr-only">Loading {label}…</span>
      <div aria-hidden className="space-y-4">
        <Bar className="h-6 w-32" />
        <CardGridBars />
      </div>
    </div>
  );
}
