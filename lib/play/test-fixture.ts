/**
 * Tests only: two players at a game of the referee, on a throwaway database
 * (the caller mocks lib/server/db/db and lib/server/session), with starter decks built from
 * the shipped demo set.
 */
import { resolveCardKeys, starterDeckKeys } from "@/lib/playtest/cards";
import { demoCatalog } from "@/lib/playtest/test-catalog";
import type { SessionUser } from "@/lib/accounts/data";
import type { SeatDeck } from "./types";

/** A starter deck as a seat's deck. */
export function starterSeatDeck(slug = "team-sonic-speed"): SeatDeck {
  const keys = starterDeckKeys(slug);
  if (!keys) throw new Error(`no starter ${slug}`);
  const r = resolveCardKeys(keys, demoCatalog());
  if (!r.ok) throw new Error(r.error.reason);
  return { name: slug, keys, cards: r.cards };
}

/** The one table this helper writes, typed by shape (only data access imports Prisma's types). */
type UserTable = { user: { create(args: { data: { email: string; displayName: string; passwordHash: string } }): PromiseLike<{ id: string; email: string; displayName: string }> } };

let n = 0;

/** A new account, as the session would see it. */
export async function makeUser(prisma: UserTable, name: string): Promise<SessionUser> {
  n++;
  const u = await prisma.user.create({ data: { email: `${name.toLowerCase()}-${n}-${process.pid}@play.test`, displayName: name, passwordHash: "x" } });
  return { id: u.id, email: u.email, displayName: u.displayName, role: "user" };
}
