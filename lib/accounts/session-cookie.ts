/**
 * The session token in a request's cookie, decrypted and read without a
 * database (so the proxy can use it as well as lib/accounts/auth.ts): the cookie
 * Auth.js would read (its name and key salt follow the request's protocol, as
 * Auth.js decides it), decrypted with the same secret, expiry checked. Whether
 * the token may still be used (sign-out, session version) is a separate
 * question: lib/accounts/session-check.ts asks the database, the proxy only reads
 * its memo (lib/accounts/session-memo.ts).
 */
import { decode, getToken, type JWT } from "next-auth/jwt";
import type { SessionClaims } from "@/lib/accounts/session-memo";

/** The secret Auth.js signs and encrypts with, or null when unset (Auth.js then refuses to run). */
export function authSecret(): string | null {
  return process.env.AUTH_SECRET ?? process.env.NEXTAUTH_SECRET ?? null;
}

/** Whether Auth.js names its cookie for https here: from AUTH_URL when set, else the request's forwarded protocol (https when unknown, as Auth.js). */
export function secureSessionCookie(forwardedProto: string | null): boolean {
  const envUrl = process.env.AUTH_URL ?? process.env.NEXTAUTH_URL;
  const protocol = envUrl ? new URL(envUrl).protocol : `${(forwardedProto ?? "https").replace(/:$/, "")}:`;
  return protocol === "https:";
}

/** Decrypted tokens, by cookie name and token: the same ciphertext always decrypts to the same claims. */
type Decoded = Map<string, { claims: JWT; until: number }>;
const decoded = ((globalThis as { [k: symbol]: unknown })[Symbol.for("ringbinder.decoded-sessions")] ??= new Map()) as Decoded;
const DECODED_MAX = 10_000;

/** What a memo holds for `key`, while its token is unexpired (an expired one is forgotten). */
function recall(memo: Decoded, key: string, now: number): JWT | null {
  const hit = memo.get(key);
  if (!hit) return null;
  if (hit.until > now) return hit.claims;
  memo.delete(key);
  return null;
}

/**
 * Remembers `claims` until the token's own expiry. Not for a fixed time: a server's cookies are first read together
 * (its players arrive at once after a restart, or a benchmark's), so a fixed time made them all expire together and
 * be decoded again in the same seconds (bench:play at 1,000 games: 2,000 decodes of 0.35 ms each, a busy stretch of
 * the event loop a minute after the start). Full, the memo forgets its oldest entry (a Map keeps insertion order).
 */
function remember(memo: Decoded, key: string, claims: JWT, now: number): void {
  const until = typeof claims.exp === "number" ? claims.exp * 1000 : now;
  if (until <= now) return;
  if (memo.size >= DECODED_MAX) memo.delete(memo.keys().next().value as string);
  memo.set(key, { claims, until });
}

/** Auth.js's decode (A256CBC-HS512 under a key derived from the secret and the cookie name), remembered until the token expires. */
async function decodeOnce(params: Parameters<typeof decode>[0]): Promise<JWT | null> {
  const key = `${params.salt}\n${params.token ?? ""}`;
  const now = Date.now();
  const hit = recall(decoded, key, now);
  if (hit) return hit;
  const claims = await decode(params);
  if (!claims) return null;
  remember(decoded, key, claims, now);
  return claims;
}

/**
 * Tokens found in whole Cookie headers, by header: the same header always holds the same token. Reading it again
 * (Auth.js's getToken: a Headers object, the cookies parsed, chunks joined) cost more than the decode it saves under
 * the game routes' load, where every player's requests repeat one header. Kept until the token expires; a header
 * longer than FOUND_KEY_MAX is not kept (anyone may send many long headers around one valid cookie: at most
 * DECODED_MAX × FOUND_KEY_MAX characters are held).
 */
const FOUND_KEY_MAX = 4096;
const found = ((globalThis as { [k: symbol]: unknown })[Symbol.for("ringbinder.found-sessions")] ??= new Map()) as Decoded;

/** The decrypted, unexpired session token in a Cookie header, or null (no cookie, another secret, expired, tampered). */
export async function sessionToken(cookie: string | null, secure: boolean): Promise<JWT | null> {
  const secret = authSecret();
  if (!cookie || !secret) return null;
  const key = `${secure ? "secure" : "plain"}\n${cookie}`;
  const now = Date.now();
  const hit = recall(found, key, now);
  if (hit) return hit;
  const token = await getToken({ req: { headers: new Headers({ cookie }) }, secret, secureCookie: secure, decode: decodeOnce });
  if (!token) return null;
  if (key.length <= FOUND_KEY_MAX) remember(found, key, token, now);
  return token;
}

/** The claims the session check needs, or null for a token without a user id. */
export function claimsOf(token: JWT): SessionClaims | null {
  if (typeof token.uid !== "string") return null;
  return {
    uid: token.uid,
    sid: typeof token.sid === "string" ? token.sid : "",
    // tokens issued before session versions existed carry none: version 0
    sv: typeof token.sv === "number" ? token.sv : 0,
  };
}
