import "server-only";
import { CredentialsSignin } from "next-auth";
import { signInSchema } from "@/lib/accounts/schemas";
import { verifyCredentials, type SessionUser } from "@/lib/accounts/data/users";
import { clientAddress } from "@/lib/server/client-address";
import { signInFailed, signInRetryAfter, signInSucceeded } from "@/lib/accounts/sign-in-limits";

export class InvalidLogin extends CredentialsSignin {
  code = "invalid-credentials";
}

/** This email and address owe a wait after failed passwords: refused before the password is hashed. */
export class RateLimitedLogin extends CredentialsSignin {
  code = "rate-limited";
}

/**
 * The check could not be made (the database or the limiter's store failed):
 * our failure, not the user's, so nothing is counted and the answer is a 503
 * "try again", never "email or password is incorrect".
 */
export class SignInUnavailable extends CredentialsSignin {
  code = "unavailable";
}

/** The words for SignInUnavailable, on the form and in the endpoint's 503. */
export const SIGN_IN_UNAVAILABLE = "Sign-in is unavailable right now, on our side. Nothing was counted against you: try again in a minute.";

async function ours<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    console.error(`[auth] sign-in could not ${what}:`, e instanceof Error ? e.message : e);
    throw new SignInUnavailable();
  }
}

/**
 * The credentials check behind every sign-in (the form's server action and
 * Auth.js's HTTP endpoint alike): validate, refuse a pair or address that owes
 * a wait, and only then hash the password; count a wrong one, clear the pair
 * on a right one.
 */
export async function authorizeCredentials(raw: unknown, headers: { get(name: string): string | null }): Promise<SessionUser> {
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) throw new InvalidLogin();
  const { email, password } = parsed.data;
  const address = clientAddress(headers);
  if ((await ours("read its limits", () => signInRetryAfter(email, address))) > 0) throw new RateLimitedLogin();
  const user = await ours("check the password", () => verifyCredentials(email, password));
  if (!user) {
    await ours("count a failure", () => signInFailed(email, address));
    throw new InvalidLogin();
  }
  await signInSucceeded(email, address).catch((e) => console.error("[auth] a sign-in's failures could not be cleared:", e instanceof Error ? e.message : e));
  return user;
}
