import "server-only";
import { assertNotLimited, limit, resetLimit, retryAfter } from "@/lib/rate-limit";

/**
 * Sign-in throttling, checked before any password is hashed: per client address
 * (a flood from one network) and per email (guessing one account's password).
 * Each attempt counts; a successful sign-in clears its email's count.
 */
export async function countSignInAttempt(email: string, address: string): Promise<void> {
  await limit("signin-address", address);
  await limit("signin-email", email);
}

/** Throws RateLimitedError when the address or the email is locked out now, counting nothing. */
export async function assertSignInAllowed(email: string, address: string): Promise<void> {
  await assertNotLimited("signin-address", address);
  await assertNotLimited("signin-email", email);
}

/** Seconds until this email and address may try again (0 = now). */
export async function signInRetryAfter(email: string, address: string): Promise<number> {
  return Math.max(await retryAfter("signin-address", address), await retryAfter("signin-email", email));
}

export async function signInSucceeded(email: string): Promise<void> {
  await resetLimit("signin-email", email);
}
