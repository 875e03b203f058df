import type { Metadata } from "next";
import { listCards } from "@/lib/dal/cards";
import { CardFace } from "@/components/card/card-face";

export const metadata: Metadata = { title: "Cards" };

export default async function CardsPage() {
  const { cards, total } = await listCards({ take: 200 });
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">Cards</h1>
        <span className="text-sm text-slate-600">{total} cards</span>
        <span className="badge-unofficial">Unofficial demo set</span>
      </div>
      {cards.length === 0 ? (
        <p className="panel text-slate-600">The catalog is empty. Run <code>npm run db:seed</code> to load the demo set.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6" aria-label="Card results">
          {cards.map((card) => (
            <li key={card.id}>
              <CardFace card={card} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
