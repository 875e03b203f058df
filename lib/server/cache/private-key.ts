/**
 * The keys of the private page cache (docs/caching.md, "Private pages"): the
 * one path segment of an internal private route, naming whose page it is, the
 * data version it shows and its canonical query, authenticated by an HMAC
 * under AUTH_SECRET so that nobody can name another user's page (or forge a
 * version). proxy.ts makes a key for the session it vouched for; the internal
 * pages open it (lib/server/cache/keyed-view.ts) and render that user's data.
 *
 * A key is deterministic: the same user, version and query always make the
 * same key, so repeat views share one cached render. A user may see their own
 * key (Next puts route params in the page's payload); it names only their own
 * data, at a version that goes out of use with their next write, and the proxy
 * refuses every outside request to an internal private route anyway.
 * Pure apart from node:crypto (used by the proxy and the pages).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { PRIVATE_PAGES } from "@/lib/server/cache/private-routes.cjs";
import { authSecret } from "@/lib/accounts/session-cookie";

export type PrivatePath = keyof typeof PRIVATE_PAGES;
export type PrivateView = (typeof PRIVATE_PAGES)[PrivatePath]["view"];

/** The longest value kept per parameter (as the public list pages). */
const MAX_VALUE = 1000;
const MAC_BYTES = 24;

/** The HMAC key: derived from AUTH_SECRET for this one use (never the secret itself). */
function macKey(): Buffer | null {
  const secret = authSecret();
  return secret ? createHmac("sha256", secret).update("ringbinder private page key v1").digest() : null;
}

function mac(key: Buffer, payload: string): Buffer {
  return createHmac("sha256", key).update(payload, "utf8").digest().subarray(0, MAC_BYTES);
}

/** A private page's canonical query: its own parameters only, first value each, empty ones dropped, in a fixed order. */
export function canonicalPrivateQuery(path: PrivatePath, search: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of PRIVATE_PAGES[path].params) {
    const v = search.get(key);
    if (v) out.set(key, v.slice(0, MAX_VALUE));
  }
  return out.toString();
}

/** The key for a user's view at a version and canonical query, or null without AUTH_SECRET. */
export function makePrivateKey(view: PrivateView, uid: string, version: string, query: string): string | null {
  const key = macKey();
  if (!key) return null;
  const payload = [view, uid, version, query].join("\n");
  return `${Buffer.from(payload, "utf8").toString("base64url")}.${mac(key, payload).toString("base64url")}`;
}

/** What a key names, when its HMAC is right and it is a key of this view; null for anything else (a 404). */
export function openPrivateKey(view: PrivateView, token: string): { uid: string; version: string; query: Record<string, string> } | null {
  const key = macKey();
  const dot = token.indexOf(".");
  if (!key || dot < 1 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return null;
  const payload = Buffer.from(token.slice(0, dot), "base64url").toString("utf8");
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const parts = payload.split("\n");
  if (parts.length !== 4 || parts[0] !== view || !parts[1]) return null;
  const path = (Object.keys(PRIVATE_PAGES) as PrivatePath[]).find((p) => PRIVATE_PAGES[p].view === view)!;
  const allowed = new Set<string>(PRIVATE_PAGES[path].params);
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(parts[3])) {
    if (!allowed.has(k) || k in query) return null;
    query[k] = v;
  }
  return { uid: parts[1], version: parts[2], query };
}
