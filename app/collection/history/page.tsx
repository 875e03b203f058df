import type { Metadata } from "next";
import Link from "next/link";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { listPackOpenings } from "@/lib/collection/data";
import { PACK_SIZE } from "@/lib/collection/schemas";
import { UndoPackButton } from "@/components/collection/undo-pack-button";

export const metadata: Metadata = { title: "Pack history" };

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default async function HistoryPage() {
  const actor = await requireUserOrRedirect("/collection/history");
  const packs = await listPackOpenings(actor);
  const undoable = packs.find((p) => p.canUndo) ?? null;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Pack history</h1>
          <p className="text-sm text-slate-600">Every booster you entered, newest first. Your most recent pack can be undone.</p>
        </div>
        <Link href="/collection/booster" className="btn-primary">
          Open a booster
        </Link>
      </div>
      {packs.length > 0 && (
        <section aria-labelledby="undo-h" className="panel mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="undo-h" className="font-semibold">
              Undo
            </h2>
            <p className="text-sm text-slate-600">
              {undoable
                ? `Your last pack (${dateFormat.format(new Date(undoable.createdAt))} UTC, ${undoable.cardCount} cards) can be undone: its cards are subtracted from your collection.`
                : "Every pack has been undone."}
            </p>
          </div>
          <UndoPackButton packId={undoable?.id ?? null} cardCount={undoable?.cardCount ?? 0} />
        </section>
      )}
      {packs.length === 0 ? (
        <p className="panel text-slate-600">
          No packs yet. <Link href="/collection/booster" className="font-semibold text-blue-700 underline">Enter your first booster</Link>.
        </p>
      ) : (
        <ol className="space-y-4" aria-label="Pack openings">
          {packs.map((p) => (
            <li key={p.id} className={`panel ${p.undoneAt ? "opacity-70" : ""}`} data-testid="pack-opening">
              <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold">
                  <time dateTime={p.createdAt}>{dateFormat.format(new Date(p.createdAt))} UTC</time>
                  <span className="ml-2 text-sm font-normal text-slate-600">
                    {p.cardCount} card{p.cardCount === 1 ? "" : "s"}
                    {p.cardCount !== PACK_SIZE && ` (not ${PACK_SIZE})`}
                  </span>
                </h2>
                {p.undoneAt && (
                  <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
                    Undone <time dateTime={p.undoneAt}>{dateFormat.format(new Date(p.undoneAt))} UTC</time>
                  </span>
                )}
              </div>
              <ul className="mb-3 flex flex-wrap gap-2 text-sm">
                {p.cards.map((c) => (
                  <li key={c.cardId} className="rounded border border-slate-200 bg-slate-50 px-2 py-0.5">
                    {c.quantity > 1 && <strong>{c.quantity}× </strong>}
                    {c.title} <span className="text-slate-500">{c.key}</span>
                  </li>
                ))}
              </ul>
              {p.canUndo && <p className="text-xs font-semibold text-blue-800">Last pack: can be undone (above).</p>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
