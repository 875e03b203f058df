/** Types of lib/server/cache/list-routes.cjs. */
export const CACHED_LISTS: {
  readonly "/cards": { readonly internal: "/cached/cards"; readonly params: readonly ["q", "sort", "dir", "page", "view"]; readonly direct: { readonly q: string; readonly page: string } };
  readonly "/decks/public": { readonly internal: "/cached/public-decks"; readonly params: readonly ["name", "card", "sort"]; readonly direct: Record<string, never> };
};
export const PLAIN_MARK: "~";
export const ALL_STATE: "all";
export const LIST_STATE_HEADER: string;
type Condition = { type: "header" | "query"; key: string; value?: string };
export function listRewrites(): { source: string; destination: string; has?: Condition[]; missing?: Condition[] }[];
