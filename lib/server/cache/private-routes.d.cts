/** Types of lib/server/cache/private-routes.cjs. */
export const PRIVATE_PAGES: {
  readonly "/collection": { readonly view: "collection"; readonly internal: "/cached/private/collection"; readonly params: readonly ["q", "show", "sort", "dir", "page", "view"] };
  readonly "/decks": { readonly view: "decks"; readonly internal: "/cached/private/decks"; readonly params: readonly [] };
};
export const PRIVATE_PREFIX: "/cached/private";
export const PRIVATE_KEY_HEADER: string;
type Condition = { type: "header" | "query"; key: string; value?: string };
export function privateRewrites(): { source: string; destination: string; has?: Condition[]; missing?: Condition[] }[];
