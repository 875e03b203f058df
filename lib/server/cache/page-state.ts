/**
 * Public list pages with query strings (/cards?q=…, /decks/public?name=…) are
 * cached per query: each is served from an internal route whose one path
 * segment carries the canonical query (only the parameters the page reads, in
 * a fixed order, base64url-encoded), so Next can render each once and keep it.
 * proxy.ts makes the token, next.config.js routes to it
 * (lib/server/cache/list-routes.cjs), the internal pages read it.
 * Pure: used by the proxy (edge of the request) and by the internal pages.
 */
import { ALL_STATE, CACHED_LISTS, PLAIN_MARK } from "@/lib/server/cache/list-routes.cjs";

export { CACHED_LISTS };

export type CachedListPath = keyof typeof CACHED_LISTS;

/** The longest value kept per parameter (longer ones are cut, as the pages would). */
const MAX_VALUE = 1000;
/** The token of the page with no parameters. */
const EMPTY = ALL_STATE;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(token: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(token)) return null;
  try {
    const bin = atob(token.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The canonical token for a list page's query: the page's own parameters only, first value each, empty ones dropped. */
export function encodeListState(path: CachedListPath, search: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of CACHED_LISTS[path].params) {
    const v = search.get(key);
    if (v) out.set(key, v.slice(0, MAX_VALUE));
  }
  const text = out.toString();
  return text ? toBase64Url(text) : EMPTY;
}

/**
 * The parameters of a plain token (`~q~t:robot~page~2`, made by next.config.js's
 * direct rewrites): direct parameters only, in canonical order, each value
 * matching its pattern; anything else is null.
 */
function decodePlainState(path: CachedListPath, token: string): Record<string, string> | null {
  const { params, direct } = CACHED_LISTS[path];
  // Next.js hands a route its path segment percent-encoded (`t%3Arobot`); plain values hold no `%` of their own
  let text: string;
  try {
    text = decodeURIComponent(token);
  } catch {
    return null;
  }
  const parts = text.slice(PLAIN_MARK.length).split(PLAIN_MARK);
  if (parts.length % 2 !== 0) return null;
  const out: Record<string, string> = {};
  let last = -1;
  for (let i = 0; i < parts.length; i += 2) {
    const [key, value] = [parts[i], parts[i + 1]];
    const pattern = (direct as Record<string, string>)[key];
    const at = (params as readonly string[]).indexOf(key);
    if (!pattern || at <= last || !new RegExp(`^(?:${pattern})$`).test(value)) return null;
    last = at;
    out[key] = value;
  }
  return out;
}

/** The parameters a token stands for, or null for a token neither the proxy nor a direct rewrite made (a 404). */
export function decodeListState(path: CachedListPath, token: string): Record<string, string> | null {
  if (token === EMPTY) return {};
  if (token.startsWith(PLAIN_MARK)) return decodePlainState(path, token);
  const text = fromBase64Url(token);
  if (text === null || !text) return null;
  const allowed = new Set<string>(CACHED_LISTS[path].params);
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    if (!allowed.has(k) || k in out) return null;
    out[k] = v;
  }
  return out;
}
