import "server-only";
import { backoffWait, clearFailures, recordFailure } from "@/lib/server/rate-limit";
import { clientAddress } from "@/lib/server/client-address";
import { RateLimitedError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";

/**
 * Sign-in throttling (docs/security.md "Password guessing"). Only a wrong
 * password counts, never an attempt our own outage failed, and nothing is
 * ever locked outright: past a few free failures each further one makes the
 * next try wait longer (1 s, 2 s, 4 s … up to 15 min).
 *
 * - per email and address together ("signin-pair", 5 free failures per 15
 *   min): guessing one account from one network. Somebody else's failures
 *   for your email, from another address, never delay you.
 * - per address ("signin-address", 100 free failures per 15 min, waits up to
 *   5 min): one network spraying many emails. Successes never count, so
 *   people sharing an address (a proxy with TRUST_PROXY unset) are delayed
 *   only by failures, and briefly.
 */
function pairKey(email: string, address: string): string {
  return `${address}|${email}`;
}

/** Seconds this email and address must still wait before a try (0: go on). Counts nothing. */
export async function signInRetryAfter(email: string, address: string): Promise<number> {
  const [pair, net] = await Promise.all([email ? backoffWait("signin-pair", pairKey(email, address)) : 0, backoffWait("signin-address", address)]);
  return Math.max(pair, net);
}

/** A wrong password for this email from this address: counted for the pair and the address. */
export async function signInFailed(email: string, address: string): Promise<void> {
  await Promise.all([recordFailure("signin-pair", pairKey(email, address)), recordFailure("signin-address", address)]);
}

/** A right password: this pair's failures are forgotten (the address's stay: they were other people's). */
export async function signInSucceeded(email: string, address: string): Promise<void> {
  await clearFailures("signin-pair", pairKey(email, address));
}

/** Auth.js's credentials sign-in endpoint: the one sign-in a client can post without a server action. */
export const CREDENTIALS_CALLBACK_PATH = "/api/auth/callback/credentials";

/** A credentials sign-in posted to Auth.js's endpoint (the requests the proxy's gate looks at). */
export function isCredentialsSignIn(request: { method: string; nextUrl: { pathname: string } }): boolean {
  return request.method === "POST" && request.nextUrl.pathname === CREDENTIALS_CALLBACK_PATH;
}

/**
 * The proxy's gate in front of Auth.js (proxy.ts): a credentials sign-in posted
 * from a client address that owes a wait is answered 429 with Retry-After
 * here, before Next.js routes it and Auth.js parses the body, so a flood from
 * one address costs one limiter read per request. It only peeks (this request
 * is not counted); requests it lets through are checked per email and address
 * in `authorizeCredentials` before the password is hashed. Null: let it through.
 */
export async function refuseLockedOutSignIn(request: { method: string; nextUrl: { pathname: string }; headers: { get(name: string): string | null } }): Promise<Response | null> {
  if (!isCredentialsSignIn(request)) return null;
  const wait = await backoffWait("signin-address", clientAddress(request.headers));
  return wait > 0 ? jsonError(new RateLimitedError(wait, "failed sign-ins from your network")) : null;
}
