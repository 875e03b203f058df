import "server-only";
import { db } from "@/lib/server/db/db";
import { toSessionUser } from "@/lib/accounts/data/users";
import type { Actor } from "@/lib/server/actor";

/**
 * The system path: how command-line tools (scripts/) build their actor. A
 * tool names an account; these functions load it and hand it to `fn`, which
 * passes it to the data functions explicitly, exactly as a request's pipeline
 * passes the session's actor (so audit rows name a real person). Nothing here
 * touches the session. The app can never enter it: it refuses to run inside
 * the Next.js server (where `process.env.NEXT_RUNTIME` is always set), and a
 * lint zone keeps app/, components/ and every server action from importing
 * this file.
 */
/** Thrown when the system path is misused: inside the app, or with no usable admin account. */
export class SystemPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SystemPathError";
  }
}

/**
 * Runs `fn` with the actor of the admin account `email` (or, with no email, the oldest admin),
 * for command-line tools only. Throws inside the Next.js server, for an unknown
 * email and for an account that is not an admin.
 */
export async function runAsSystemAdmin<T>(email: string | undefined, fn: (admin: Actor) => Promise<T>): Promise<T> {
  if (process.env.NEXT_RUNTIME) throw new SystemPathError("The system path is for command-line tools only; it cannot run inside the app.");
  const row = email
    ? await db.user.findUnique({ where: { email: email.toLowerCase() } })
    : await db.user.findFirst({ where: { role: "admin" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  if (!row) throw new SystemPathError(email ? `No account with email ${email}.` : "No admin account found: `npm run user -- create-admin EMAIL` (or make-admin), or pass --as EMAIL.");
  const admin = toSessionUser(row);
  if (admin.role !== "admin") throw new SystemPathError(`${admin.email} is not an admin.`);
  return fn(admin);
}

/**
 * Runs `fn` with the actor of the account with this email (any role): for command-line tools
 * that act for one person, e.g. `npm run user -- import-collection EMAIL FILE`.
 * The same refusal inside the Next.js server.
 */
export async function runAsSystemAccount<T>(email: string, fn: (user: Actor) => Promise<T>): Promise<T> {
  if (process.env.NEXT_RUNTIME) throw new SystemPathError("The system path is for command-line tools only; it cannot run inside the app.");
  const row = await db.user.findUnique({ where: { email: email.toLowerCase() } });
  if (!row) throw new SystemPathError(`No account with email ${email}.`);
  const user = toSessionUser(row);
  return fn(user);
}

/**
 * Runs `fn` with the actor of the account `id` (any role): for command-line tools and test
 * harnesses that act for one named account, e.g. an import run in a child
 * process. The same refusal inside the Next.js server.
 */
export async function runAsSystemUser<T>(id: string, fn: (user: Actor) => Promise<T>): Promise<T> {
  if (process.env.NEXT_RUNTIME) throw new SystemPathError("The system path is for command-line tools only; it cannot run inside the app.");
  const row = await db.user.findUnique({ where: { id } });
  if (!row) throw new SystemPathError(`No account with id ${id}.`);
  const user = toSessionUser(row);
  return fn(user);
}
