import "server-only";
import { db } from "@/lib/db";
import { requireUser } from "@/lib/dal/session";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { checkPasswordStrength } from "@/lib/auth/password-strength";
import { forgetSessionChecks } from "@/lib/auth/session-check";
import { limit } from "@/lib/rate-limit";
import { DomainError } from "@/lib/errors";

/** The signed-in user's account as the account page shows it. */
export type AccountDTO = { email: string; displayName: string; role: "user" | "admin"; createdAt: string };

export async function getMyAccount(): Promise<AccountDTO> {
  const me = await requireUser();
  const row = await db.user.findUniqueOrThrow({ where: { id: me.id }, select: { createdAt: true } });
  return { email: me.email, displayName: me.displayName, role: me.role, createdAt: row.createdAt.toISOString() };
}

/** Ends every session of the signed-in user, on every device, this one included. */
export async function endAllMySessions(): Promise<void> {
  const me = await requireUser();
  await db.user.update({ where: { id: me.id }, data: { sessionVersion: { increment: 1 } } });
  forgetSessionChecks();
}

/**
 * Changes the signed-in user's password: the current one must be right (each
 * try counts against the account's sign-in limit), the new one strong enough.
 * Every session ends; returns the email so the caller can sign this browser in again.
 * Throws DomainError 'account/wrong-password' | 'account/weak-password' | 'account/same-password'.
 */
export async function changeMyPassword(current: string, next: string): Promise<string> {
  const me = await requireUser();
  await limit("signin-email", me.email);
  const row = await db.user.findUniqueOrThrow({ where: { id: me.id }, select: { passwordHash: true } });
  if (!(await verifyPassword(current, row.passwordHash))) throw new DomainError("account/wrong-password", "Your current password is not right.");
  if (current === next) throw new DomainError("account/same-password", "The new password is the same as the current one.");
  const strength = checkPasswordStrength(next, [me.email, me.displayName]);
  if (!strength.ok) throw new DomainError("account/weak-password", strength.message);
  await db.user.update({ where: { id: me.id }, data: { passwordHash: await hashPassword(next), sessionVersion: { increment: 1 } } });
  forgetSessionChecks();
  return me.email;
}
