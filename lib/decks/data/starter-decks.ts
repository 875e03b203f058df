import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { cache } from "react";

const starterSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  description: z.string().default(""),
  cards: z.array(z.object({ set: z.string().min(1), number: z.number().int().min(1), quantity: z.number().int().min(1) })).min(1),
});
export type StarterDeck = z.infer<typeof starterSchema>;

const DIR = path.join(process.cwd(), "data", "starter-decks");

function readStarterDecks(): StarterDeck[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => starterSchema.parse(JSON.parse(readFileSync(path.join(DIR, f), "utf8"))));
}

/** Read once per production server (the files ship with the build); per request in development, so edits show. */
let shipped: StarterDeck[] | null = null;

/** The starter decks shipped in data/starter-decks (public, read-only). */
export const listStarterDecks = cache(async (): Promise<StarterDeck[]> => {
  if (process.env.NODE_ENV !== "production") return readStarterDecks();
  return (shipped ??= readStarterDecks());
});

export async function getStarterDeck(slug: string): Promise<StarterDeck | null> {
  return (await listStarterDecks()).find((d) => d.slug === slug) ?? null;
}
