import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * What the API tests share: a request to a route handler as a client from a
 * given address (the peer header the proxy stamps), and a catalog fixture.
 * Used by tests only.
 */
export const ORIGIN = "http://api.test";

export function apiRequest(path: string, init: { address?: string; headers?: Record<string, string>; method?: string } = {}): Request {
  return new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers: { "x-ringbinder-peer": init.address ?? "192.0.2.10", ...init.headers } });
}

/** Route context for a dynamic segment. */
export const params = <P extends object>(p: P) => ({ params: Promise.resolve(p) });

/** A public and a private deck of the seeded demo catalog, owned by a new user. */
export async function seedDecks(prisma: PrismaClient): Promise<{ publicSlug: string; privateSlug: string; ownerId: string }> {
  const owner = await prisma.user.create({ data: { email: "api-owner@example.test", displayName: "Api Owner", passwordHash: "x" } });
  const cards = await prisma.card.findMany({ orderBy: { number: "asc" }, take: 6, select: { id: true } });
  const make = (visibility: string, slug: string) =>
    prisma.deck.create({ data: { ownerId: owner.id, name: `API ${visibility} deck`, visibility, shareSlug: slug, cards: { create: cards.map((c) => ({ cardId: c.id, quantity: 5 })) } } });
  await make("public", "apiPublicSlug0001");
  await make("private", "apiPrivateSlug001");
  return { publicSlug: "apiPublicSlug0001", privateSlug: "apiPrivateSlug001", ownerId: owner.id };
}
