import "server-only";
import { limit, resetLimit, retryAfter } from "@/lib/server/rate-limit";
import { clientAddress } from "@/lib/server/client-address";
import { RateLimitedError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";

/**
 * Sign-in throttling, checked before any password is hashed: per client address
 * (a flood from one network) and per email (guessing one account's password).
 * Each attempt counts; a successful sign-in clears its email's count.
 */
export async function countSignInAttempt(email: string, address: string): Promise<void> {
  await limit("signin-address", address);
  await limit("signin-email", email);
}

/**
 * Seconds until this email and address may try again (0: go on, nothing was
 * counted). An attempt refused here still counts against the address (not the
 * email, whose lock is not extended): a flood on one locked account locks its
 * address too, and from then on the proxy's gate refuses it before Auth.js.
 */
export async function refusedSignInWait(email: string, address: string): Promise<number> {
  const wait = await signInRetryAfter(email, address);
  if (wait === 0) return 0;
  try {
    await limit("signin-address", address);
  } catch (e) {
    if (!(e instanceof RateLimitedError)) throw e;
  }
  return Math.max(wait, await retryAfter("signin-address", address));
}

/** Seconds until this email and address may try again (0 = now). */
export async function signInRetryAfter(email: string, address: string): Promise<number> {
  return Math.max(await retryAfter("signin-address", address), await retryAfter("signin-email", email));
}

export async function signInSucceeded(email: string): Promise<void> {
  await resetLimit("signin-email", email);
}

/** Auth.js's credentials sign-in endpoint: the one sign-in a client can post without a server action. */
export const CREDENTIALS_CALLBACK_PATH = "/api/auth/callback/credentials";

/** A credentials sign-in posted to Auth.js's endpoint (the requests the proxy's gate looks at). */
export function isCredentialsSignIn(request: { method: string; nextUrl: { pathname: string } }): boolean {
  return request.method === "POST" && request.nextUrl.pathname === CREDENTIALS_CALLBACK_PATH;
}

/**
 * The proxy's gate in front of Auth.js (proxy.ts): a credentials sign-in posted
 * from a client address that is already locked out is answered 429 with
 * Retry-After here, before Next.js routes it and Auth.js parses the body, so a
 * flood from one address costs one limiter read per request. It only peeks at
 * the address's count (this request is not counted); requests it lets through
 * are counted, and checked per email, in `authorizeCredentials` before the
 * password is hashed, as before. Null: let the request through.
 */
export async function refuseLockedOutSignIn(request: { method: string; nextUrl: { pathname: string }; headers: { get(name: string): string | null } }): Promise<Response | null> {
  if (!isCredentialsSignIn(request)) return null;
  const wait = await retryAfter("signin-address", clientAddress(request.headers));
  return wait > 0 ? jsonError(new RateLimitedError(wait, "sign-in attempts")) : null;
}
