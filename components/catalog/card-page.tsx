import Link from "next/link";
import { SignedInOnly } from "@/components/accounts/current-user";
import { CardBinderPanel } from "@/components/catalog/card-binder-panel";
import { CardFace, frameBackground } from "@/components/catalog/card-face";
import { CardGrid } from "@/components/catalog/card-grid";
import { explainEffect } from "@/lib/catalog/describe-effect";
import type { CardPageView } from "@/lib/catalog/types";

/**
 * A card's page: its face and fields, its text and automated effect, "In your binder"
 * (asked for by the browser, so the page itself reads no session), the public decks
 * using it and its other printings.
 */
export function CardPage({ page }: { page: CardPageView }) {
  const { card, printings, morePrintings, publicDecks } = page;
  const effect = explainEffect(card.effect);

  return (
    <div className="space-y-8">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link href="/cards" className="hover:underline">
          Cards
        </Link>{" "}
        /{" "}
        <Link href={`/cards?q=${encodeURIComponent(`set:${card.set}`)}`} className="hover:underline">
          {card.set}
        </Link>{" "}
        / <span aria-current="page">{card.key}</span>
      </nav>
      <div className="grid gap-8 md:grid-cols-[280px_1fr]">
        <div className="mx-auto w-full max-w-[280px]">
          <CardFace card={card} />
        </div>
        <div className="space-y-5">
          <div>
            <h1 className="text-3xl font-extrabold">{card.title}</h1>
            <p className="mt-1 text-sm text-slate-600">
              {card.key} · {card.setName}
              {card.unofficial && <span className="badge-unofficial ml-2">Unofficial</span>}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
            <div>
              <dt className="text-xs uppercase tracking-wide text-slate-500">Rings</dt>
              <dd className="text-2xl font-black text-amber-700">{card.rings}</dd>
            </div>
            <div>
              <dt className="text-xs uppercase tracking-wide text-slate-500">Colors</dt>
              <dd className="flex items-center gap-2 capitalize">
                <span aria-hidden className="inline-block h-4 w-8 rounded" style={{ background: frameBackground(card.colors) }} />
                {card.colors.join(" / ")}
              </dd>
            </div>
            <div>
              <dt className="text-xs uppercase tracking-wide text-slate-500">Traits</dt>
              <dd>
                {card.traits.map((t, i) => (
                  <span key={t}>
                    {i > 0 && ", "}
                    <Link href={`/cards?q=${encodeURIComponent(`t:${t.toLowerCase().includes(" ") ? `"${t.toLowerCase()}"` : t.toLowerCase()}`)}`} className="text-blue-700 hover:underline">
                      {t}
                    </Link>
                  </span>
                ))}
              </dd>
            </div>
            <div>
              <dt className="text-xs uppercase tracking-wide text-slate-500">Rarity</dt>
              <dd className="capitalize">{card.rarity}</dd>
            </div>
          </dl>
          <section aria-labelledby="text-heading" className="panel">
            <h2 id="text-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              Card text
            </h2>
            <p className="mt-1 whitespace-pre-line">{card.text || <span className="italic text-slate-500">No card text.</span>}</p>
            <h3 className="mt-3 text-sm font-semibold uppercase tracking-wide text-slate-500">Automated effect</h3>
            <p className={`mt-1 ${effect.automated ? "" : "italic text-slate-600"}`} data-testid="effect-description">
              {effect.text}
            </p>
          </section>

          <section aria-labelledby="yours-heading" className="panel space-y-3">
            <h2 id="yours-heading" className="font-semibold">
              In your binder
            </h2>
            <CardBinderPanel cardId={card.id} title={card.title} cardPath={`/cards/${card.set}/${card.number}`} />
            <SignedInOnly>
              <p className="text-sm">
                <Link href={`/census/new?correct=${encodeURIComponent(card.id)}`} className="text-blue-700 hover:underline dark:text-blue-300">
                  Propose a correction
                </Link>
                <SignedInOnly admin>
                  {" · "}
                  <Link href={`/admin/cards/${card.id}`} className="text-blue-700 hover:underline">
                    Edit card (admin)
                  </Link>
                </SignedInOnly>
              </p>
            </SignedInOnly>
          </section>

          <section aria-labelledby="public-heading">
            <h2 id="public-heading" className="font-semibold">
              Public decks using it
            </h2>
            {publicDecks.length === 0 ? (
              <p className="text-sm text-slate-600">No public deck uses this card yet.</p>
            ) : (
              <ul className="mt-1 text-sm">
                {publicDecks.map((d) => (
                  <li key={d.shareSlug}>
                    <Link href={`/d/${d.shareSlug}`} className="text-blue-700 hover:underline">
                      {d.name}
                    </Link>{" "}
                    <span className="text-slate-500">
                      by {d.owner} · ×{d.quantity}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>

      <section aria-labelledby="printings-heading" className="space-y-3">
        <h2 id="printings-heading" className="text-lg font-semibold">
          Other printings of {card.title}
        </h2>
        {printings.length === 0 ? (
          <p className="text-sm text-slate-600">This is the only printing.</p>
        ) : (
          <>
            <CardGrid cards={printings} label="Other printings" />
            {morePrintings && (
              <p className="text-sm">
                <Link href={`/cards?q=${encodeURIComponent(`!"${card.title}"`)}`} className="font-medium text-blue-700 hover:underline">
                  See every printing of {card.title}
                </Link>
              </p>
            )}
          </>
        )}
      </section>
    </div>
  );
}
