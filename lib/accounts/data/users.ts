import "server-only";
import { db } from "@/lib/server/db/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { plainQuery } from "@/lib/server/db/plain-sql";
import { burnPasswordCheck, hashPassword, verifyPassword } from "@/lib/accounts/password";
import type { SignUpInput } from "@/lib/accounts/schemas";
import { failure, type DomainFailure } from "@/lib/server/errors";

export type Role = "user" | "admin";

/** The signed-in user as pages and actions see it: no password hash, role resolved. */
export type SessionUser = { id: string; email: string; displayName: string; role: Role };

/**
 * The role comes from the stored account only. There is no email allow-list:
 * sign-up verifies no address, so whoever registered a listed email first would
 * become admin. Admins are made with `npm run user -- create-admin | make-admin`.
 */
export function toSessionUser(u: { id: string; email: string; displayName: string; role: string }): SessionUser {
  const role: Role = u.role === "admin" ? "admin" : "user";
  return { id: u.id, email: u.email, displayName: u.displayName, role };
}

/**
 * Checks an email and password. Unknown emails cost the same scrypt work as a
 * wrong password and both return null, so neither the answer nor its timing
 * tells whether an account exists.
 */
export async function verifyCredentials(email: string, password: string): Promise<SessionUser | null> {
  const user = await db.user.findUnique({ where: { email } });
  if (!user) return burnPasswordCheck(password).then(() => null);
  return (await verifyPassword(password, user.passwordHash)) ? toSessionUser(user) : null;
}

export type CreateUserResult = { ok: true; user: SessionUser } | DomainFailure<"account/conflict">;

const EMAIL_TAKEN = failure("account/conflict", "An account with this email already exists.", { email: ["An account with this email already exists. Sign in instead?"] });

/**
 * Creates an account with role "user" (admins are made with the user CLI, never
 * by signing up). A taken email costs the same work as a new one (the password
 * is hashed either way), so the timing of a sign-up does not tell them apart.
 */
export async function createUser(input: SignUpInput): Promise<CreateUserResult> {
  // hashed before the look-up, used or not: a taken email costs the same scrypt work as a new one
  const passwordHash = await hashPassword(input.password);
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) return EMAIL_TAKEN;
  try {
    const user = await db.user.create({
      data: { email: input.email, displayName: input.displayName, passwordHash, role: "user" },
    });
    return { ok: true, user: toSessionUser(user) };
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") return EMAIL_TAKEN;
    throw err;
  }
}

/**
 * Loads a user by id for the session check (fresh role, and null for deleted
 * accounts). A plain read of four columns: it runs on every signed-in request,
 * where a model query would be compiled anew each time.
 */
export async function findSessionUser(id: string): Promise<SessionUser | null> {
  const [user] = await plainQuery<{ id: string; email: string; displayName: string; role: string }>(Prisma.sql`
    SELECT "id", "email", "displayName", "role" FROM "User" WHERE "id" = ${id}`);
  return user ? toSessionUser(user) : null;
}
