import "server-only";
import { db } from "@/lib/server/db/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { plainDate, plainQuery } from "@/lib/server/db/plain-sql";

/** How long a session token lives without use (also how long a revocation is kept). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * What the session check needs about a token: the account's current session
 * version (null when the account is gone) and whether this token was signed out.
 * Used only by lib/accounts/auth's token check; nobody else reads tokens.
 */
export async function sessionState(userId: string, sid: string): Promise<{ version: number | null; revoked: boolean }> {
  // plain SQL (lib/server/db/plain-sql.ts), one statement: it runs for every signed-in request and open game stream;
  // no row when the account is gone; the sign-out's row (if any) beside the account's session version
  const [row] = await plainQuery<{ sessionVersion: number | bigint | string; revokedUntil: Date | string | number | null }>(
    Prisma.sql`SELECT "sessionVersion", (SELECT "expiresAt" FROM "RevokedToken" WHERE "jti" = ${sid}) AS "revokedUntil" FROM "User" WHERE "id" = ${userId}`,
  );
  if (!row) return { version: null, revoked: false };
  return { version: Number(row.sessionVersion), revoked: Boolean(sid && row.revokedUntil !== null && plainDate(row.revokedUntil).getTime() > Date.now()) };
}

/**
 * Marks one session (its sid) as signed out. A copy of that token is refused
 * from now on; the row is kept as long as the token could still be alive, and
 * expired rows are swept here.
 */
export async function revokeSession(sid: string): Promise<void> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await db.$transaction([
    db.revokedToken.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.revokedToken.upsert({ where: { jti: sid }, create: { jti: sid, expiresAt }, update: { expiresAt } }),
  ]);
}
