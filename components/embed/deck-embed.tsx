import type { Color } from "@/lib/catalog/colors";
import type { DeckEmbedView } from "@/lib/og/types";
import { EmbedHeight } from "./embed-height";

const DOT: Record<Color, string> = { blue: "bg-blue-600", red: "bg-red-600", yellow: "bg-yellow-400", gray: "bg-gray-500" };

/** The deck widget other sites put in an iframe (/embed/d/<slug>): the list, its legality and its ring curve. */
export function DeckEmbed({ deck }: { deck: DeckEmbedView }) {
  const max = Math.max(1, ...deck.curve.map((c) => c.count));
  return (
    <EmbedHeight id={`deck:${deck.slug}`}>
      <article className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-900" aria-labelledby="embed-deck-h">
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 id="embed-deck-h" className="text-base font-bold">
            <a href={deck.href} target="_blank" rel="noopener" className="underline-offset-2 hover:underline focus-visible:outline-2">
              {deck.name}
            </a>
          </h1>
          <p className="text-xs text-slate-600">
            by {deck.ownerName} · {deck.total} cards · <span className={deck.legal ? "text-green-700" : "text-red-700"}>{deck.legal ? "legal" : "not legal"}</span>
          </p>
        </header>
        <ul className="mt-2 grid gap-x-4 sm:grid-cols-2" aria-label="Cards">
          {deck.entries.map((e) => (
            <li key={e.key} className="flex items-center gap-2 border-b border-slate-100 py-1">
              <span className="w-6 text-right font-mono tabular-nums">{e.quantity}</span>
              <span className="flex w-6 shrink-0 gap-0.5" aria-label={e.colors.join(", ")}>
                {e.colors.map((c) => (
                  <span key={c} className={`inline-block size-2.5 rounded-full ${DOT[c]}`} />
                ))}
              </span>
              <a href={e.href} target="_blank" rel="noopener" className="min-w-0 flex-1 truncate underline-offset-2 hover:underline focus-visible:outline-2">
                {e.title}
              </a>
              <span className="text-xs tabular-nums text-slate-600" aria-label={`${e.rings} rings`}>
                {e.rings}◯
              </span>
            </li>
          ))}
        </ul>
        <footer className="mt-2 flex flex-wrap items-end justify-between gap-2">
          <div className="flex items-end gap-1" role="img" aria-label={`Ring curve: ${deck.curve.map((c) => `${c.count} at ${c.rings}`).join(", ")}`}>
            {deck.curve.map((c) => (
              <span key={c.rings} className="flex flex-col items-center text-[10px] text-slate-600">
                <span className="block w-4 rounded-sm bg-amber-400" style={{ height: `${Math.max(2, Math.round((28 * c.count) / max))}px` }} />
                {c.rings}
              </span>
            ))}
          </div>
          <a href={deck.href} target="_blank" rel="noopener" className="text-xs text-blue-700 underline">
            Open on Ringbinder
          </a>
        </footer>
      </article>
    </EmbedHeight>
  );
}
