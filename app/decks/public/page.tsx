import PublicDecksPage from "@/app/cached/public-decks/[state]/page";

export { metadata } from "@/app/cached/public-decks/[state]/page";

// Rendered per request: it reads the database, which a build does not have.
export const dynamic = "force-dynamic";

// /decks/public is served from its cached per-filter route (lib/server/cache/list-routes.cjs); this keeps
// the path from falling through to /decks/[id] should a request arrive without it.
export default function PublicDecksFallback() {
  return <PublicDecksPage params={Promise.resolve({ state: "all" })} />;
}
