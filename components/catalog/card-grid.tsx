import Link from "next/link";
import type { ReactNode } from "react";
import type { CardDTO } from "@/lib/catalog/card-types";
import { CardFace, frameBackground } from "@/components/catalog/card-face";

/** The URL of a card's page: /cards/DEMO/7. */
export function cardHref(card: Pick<CardDTO, "set" | "number">): string {
  return `/cards/${encodeURIComponent(card.set)}/${card.number}`;
}

/** What a grid or list shows of a card (a card list page sends no more than this to the browser). */
export type CardTile = Pick<CardDTO, "id" | "set" | "number" | "key" | "title" | "traits" | "colors" | "rings" | "rarity" | "text" | "imageUrl" | "unofficial">;

/** The tile fields of a card, for a results grid rendered in the browser. */
export function toCardTile(c: CardDTO): CardTile {
  return { id: c.id, set: c.set, number: c.number, key: c.key, title: c.title, traits: c.traits, colors: c.colors, rings: c.rings, rarity: c.rarity, text: c.text, imageUrl: c.imageUrl, unofficial: c.unofficial };
}

type Props<T extends CardTile> = {
  cards: readonly T[];
  view?: "grid" | "list";
  /** extra per-card controls (e.g. owned +/−, add to deck), rendered under a grid card or in a list row's last cell */
  renderActions?: (card: T) => ReactNode;
  /** a badge over the card (e.g. "3 owned") */
  renderBadge?: (card: T) => ReactNode;
  /** link each card to its page (default true) */
  linkToCard?: boolean;
  label?: string;
};

/**
 * Cards as a grid of drawn cards or a compact list. A shared component (no
 * 'use client'): server pages and client editors can both render it.
 */
export function CardGrid<T extends CardTile>({ cards, view = "grid", renderActions, renderBadge, linkToCard = true, label = "Card results" }: Props<T>) {
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
        <li key={card.id} className="cg-item" data-card-zoom={card.key}>
          {linkToCard ? (
            <Link href={cardHref(card)} className="cg-link" aria-label={`${card.title} (${card.key})`}>
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
