import CardsLayout from "@/app/cached/cards/layout";
import CardsPage from "@/app/cached/cards/[state]/page";

export { metadata } from "@/app/cached/cards/[state]/page";

// Rendered per request: it reads the database, which a build does not have.
export const dynamic = "force-dynamic";

// /cards is served from its cached per-query route (lib/server/cache/list-routes.cjs); this answers a
// request that arrives without it with the unfiltered first page.
export default function CardsFallback() {
  return (
    <CardsLayout>
      <CardsPage params={Promise.resolve({ state: "all" })} />
    </CardsLayout>
  );
}
