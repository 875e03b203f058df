import "server-only";
import { CredentialsSignin } from "next-auth";
import { signInSchema } from "@/lib/accounts/schemas";
import { verifyCredentials, type SessionUser } from "@/lib/accounts/data/users";
import { clientAddress } from "@/lib/server/client-address";
import { countSignInAttempt, signInSucceeded } from "@/lib/accounts/sign-in-limits";
import { RateLimitedError } from "@/lib/server/errors";

export class InvalidLogin extends CredentialsSignin {
  code = "invalid-credentials";
}

/** Too many attempts for this email or from this address: refused before the password is hashed. */
export class RateLimitedLogin extends CredentialsSignin {
  code = "rate-limited";
}

/**
 * The credentials check behind every sign-in (the form's server action and
 * Auth.js's HTTP endpoint alike): validate, count the attempt against the
 * email's and the address's limits, and only then hash the password.
 */
export async function authorizeCredentials(raw: unknown, headers: { get(name: string): string | null }): Promise<SessionUser> {
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) throw new InvalidLogin();
  try {
    await countSignInAttempt(parsed.data.email, clientAddress(headers));
  } catch (e) {
    if (e instanceof RateLimitedError) throw new RateLimitedLogin();
    throw e;
  }
  const user = await verifyCredentials(parsed.data.email, parsed.data.password);
  if (!user) throw new InvalidLogin();
  await signInSucceeded(parsed.data.email);
  return user;
}
