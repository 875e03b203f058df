/**
 * Reads a new card's set, number and title from URL parameters, as the booster
 * entry links to the suggestion and admin card forms when a number is not in
 * the catalog (`?set=DEMO&number=70`). Anything malformed is dropped, never
 * echoed back.
 */
export function cardPrefillFromParams(sp: Record<string, string | string[] | undefined>): {
  values: { set?: string; number?: number; title?: string };
  query: string;
} {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const values: { set?: string; number?: number; title?: string } = {};
  const set = one(sp.set)?.trim().toUpperCase();
  if (set && /^[A-Z0-9][A-Z0-9-]{1,11}$/.test(set)) values.set = set;
  const number = one(sp.number)?.trim();
  if (number && /^\d{1,5}$/.test(number)) values.number = Number(number);
  const title = one(sp.title)?.trim().replace(/\s+/g, " ");
  if (title && title.length <= 80) values.title = title;
  const params = new URLSearchParams();
  if (values.set) params.set("set", values.set);
  if (values.number !== undefined) params.set("number", String(values.number));
  if (values.title) params.set("title", values.title);
  const query = params.toString();
  return { values, query: query ? `?${query}` : "" };
}
