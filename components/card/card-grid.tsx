import Link from "next/link";
import type { ReactNode } from "react";
import type { CardDTO } from "@/lib/cards/types";
import { CardFace, frameBackground } from "@/components/card/card-face";

/** The URL of a card's page: /cards/DEMO/7. */
export function cardHref(card: Pick<CardDTO, "set" | "number">): string {
  return `/cards/${encodeURIComponent(card.set)}/${card.number}`;
}

type Props = {
  cards: readonly CardDTO[];
  view?: "grid" | "list";
  /** extra per-card controls (e.g. owned +/−, add to deck), rendered under a grid card or in a list row's last cell */
  renderActions?: (card: CardDTO) => ReactNode;
  /** a badge over the card (e.g. "3 owned") */
  renderBadge?: (card: CardDTO) => ReactNode;
  /** link each card to its page (default true) */
  linkToCard?: boolean;
  label?: string;
};

/**
 * Cards as a grid of drawn cards or a compact list. A shared component (no
 * 'use client'): server pages and client editors can both render it.
 */
export function CardGrid({ cards, view = "grid", renderActions, renderBadge, linkToCard = true, label = "Card results" }: Props) {
  if (view === "list") {
    return (
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="table-stack w-full text-left text-sm" aria-label={label}>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-2">Number</th>
              <th scope="col" className="px-3 py-2">Title</th>
              <th scope="col" className="px-3 py-2">Colors</th>
              <th scope="col" className="px-3 py-2">Traits</th>
              <th scope="col" className="px-3 py-2 text-right">Rings</th>
              <th scope="col" className="px-3 py-2">Rarity</th>
              {renderActions && <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>}
            </tr>
          </thead>
          <tbody>
            {cards.map((card) => (
              <tr key={card.id} className="border-t border-slate-100 hover:bg-slate-50" data-card-zoom={card.key}>
                <td data-label="Number" className="whitespace-nowrap px-3 py-1.5 font-mono text-xs text-slate-500">{card.key}</td>
                <td className="px-3 py-1.5 font-medium">
                  {linkToCard ? (
                    <Link href={cardHref(card)} className="hover:underline">
                      {card.title}
                    </Link>
                  ) : (
                    card.title
                  )}
                  {renderBadge && <span className="ml-2">{renderBadge(card)}</span>}
                </td>
                <td data-label="Colors" className="px-3 py-1.5">
                  <span className="inline-flex items-center gap-1.5">
                    <span aria-hidden className="inline-block h-3 w-6 rounded-sm" style={{ background: frameBackground(card.colors) }} />
                    <span className="capitalize">{card.colors.join(" / ")}</span>
                  </span>
                </td>
                <td data-label="Traits" className="px-3 py-1.5 text-slate-600">{card.traits.join(", ")}</td>
                <td data-label="Rings" className="px-3 py-1.5 text-right font-bold tabular-nums">{card.rings}</td>
                <td data-label="Rarity" className="px-3 py-1.5 capitalize text-slate-600">{card.rarity}</td>
                {renderActions && <td className="px-3 py-1.5">{renderActions(card)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6" aria-label={label}>
      {cards.map((card) => (
        <li key={card.id} className="relative flex flex-col gap-1" data-card-zoom={card.key}>
          {linkToCard ? (
            <Link href={cardHref(card)} className="block rounded-xl transition-transform hover:-translate-y-0.5" aria-label={`${card.title} (${card.key})`}>
              <CardFace card={card} />
            </Link>
          ) : (
            <CardFace card={card} />
          )}
          {renderBadge && <div className="absolute right-1 top-1">{renderBadge(card)}</div>}
          {renderActions && <div>{renderActions(card)}</div>}
        </li>
      ))}
    </ul>
  );
}
