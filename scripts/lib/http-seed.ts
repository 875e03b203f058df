/** bench:http's scratch database and its seeded fixtures: generated cards, users, a collection and decks. */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { createScratchDb as createSharedScratchDb, type Scratch } from "./scratch-db";
import { performance } from "node:perf_hooks";
import { benchSecret, CARDS, DB_KIND, DIST, fail, NO_BUILD, PASSWORD, REBUILD, root, scratch, step } from "./http-config";

/** The scratch database (scripts/lib/scratch-db.ts). */
export function createScratchDb(): Promise<Scratch> {
  return createSharedScratchDb(DB_KIND, scratch, "http");
}

// deterministic pseudo-random numbers (mulberry32), the same generator as bench:search
let seed = 20261130;
export function rand(): number {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
export const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const NAMES = ["Sonic", "Tails", "Knuckles", "Amy", "Cream", "Shadow", "Rouge", "Eggman", "Chaos", "Emerald", "Ring", "Station", "Robot", "Gamma", "Metal", "Chao", "Vector", "Espio", "Charmy", "Cosmo", "Blaze", "Silver", "Omega", "Big", "Froggy"];
const SUFFIX = ["the Hedgehog", "Rush", "Prime", "Dash", "Guardian", "Zero", "Spark", "Storm", "Hunter", "Mk II", "Classic", "Shadowed", "Blue Flash"];
const TRAITS = ["Animal", "Human", "Place", "Robot", "Thing", "Hero", "Villain", "Chaotix", "Emerald", "Metarex", "Vehicle", "Base"];
const RARITIES = ["common", "common", "common", "uncommon", "uncommon", "rare", "super rare", "promo"];
const WORDS = ["discard", "draw", "opposing", "blue", "red", "card", "flip", "rings", "return", "hand", "protect", "column", "adjacent", "emerald"];
const COLORS = ["blue", "red", "yellow", "gray"];

/** One generated card in the catalog exchange shape (lib/catalog/io CatalogRecord). */
export function generatedCard(set: string, number: number) {
  const colors = new Set([pick(COLORS)]);
  if (rand() < 0.15) colors.add(pick(COLORS));
  const traits = new Set([pick(TRAITS)]);
  if (rand() < 0.2) traits.add(pick(TRAITS));
  const text = rand() < 0.6 ? Array.from({ length: 8 }, () => pick(WORDS)).join(" ") + "." : "";
  return {
    set,
    number,
    title: `${pick(NAMES)} ${pick(SUFFIX)}`,
    traits: [...traits],
    colors: [...colors],
    rings: Math.floor(rand() * 11),
    rarity: pick(RARITIES),
    text,
    effect: null,
  };
}

/** `editor`: the editor mode's collector and deck (scripts/lib/http-editor.ts), seeded only when that mode runs. */
export type Seeded = { cardPath: string; deckSlug: string; userEmail: string; adminEmail: string; editor?: { email: string; deckId: string } };

/** Migrates, seeds the demo set (prepare-app, which also builds when the sources changed), then the generated catalog, users, a collection and decks. */
export async function prepare(url: string): Promise<Seeded> {
  const env = { ...process.env, DATABASE_URL: url, NEXT_DIST_DIR: DIST, NODE_ENV: "production" as const, AUTH_SECRET: benchSecret() };
  if (REBUILD) rmSync(path.join(root, DIST, "ringbinder-source-hash"), { force: true });
  step(`Preparing the scratch ${DB_KIND} database and the build in ${DIST} (builds only when the sources changed)…`);
  const res = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), ["--conditions=react-server", "scripts/prepare-app.ts", ...(NO_BUILD ? ["--no-build"] : [])], { stdio: "inherit", env });
  if (res.status !== 0) fail(`scripts/prepare-app.ts failed (exit ${res.status ?? res.signal}).`);

  process.env.DATABASE_URL = url;
  const { createPrismaClient } = await import("@/lib/server/db/db");
  const { hashPassword } = await import("@/lib/accounts/password");
  const db = createPrismaClient(url);
  try {
    const t0 = performance.now();
    const sets = ["BENCHA", "BENCHB", "BENCHC", "BENCHD", "BENCHE"];
    const setIds: string[] = [];
    for (const [i, code] of sets.entries()) {
      const s = await db.cardSet.create({ data: { code, name: `Bench set ${i + 1}`, unofficial: true } });
      setIds.push(s.id);
    }
    const CHUNK = 1000;
    for (let start = 0; start < CARDS; start += CHUNK) {
      const cards: { id: string; setId: string; number: number; title: string; titleKey: string; colorMask: number; colorCount: number; rings: number; rarity: string; text: string }[] = [];
      const traits: { cardId: string; trait: string; traitKey: string }[] = [];
      for (let n = start; n < Math.min(CARDS, start + CHUNK); n++) {
        const c = generatedCard(sets[n % sets.length], Math.floor(n / sets.length) + 1);
        const mask = c.colors.reduce((m, col) => m | (1 << COLORS.indexOf(col)), 0);
        const id = `bench${n.toString(36).padStart(7, "0")}`;
        cards.push({ id, setId: setIds[n % sets.length], number: c.number, title: c.title, titleKey: c.title.toLowerCase(), colorMask: mask, colorCount: c.colors.length, rings: c.rings, rarity: c.rarity, text: c.text });
        for (const t of c.traits) traits.push({ cardId: id, trait: t, traitKey: t.toLowerCase() });
      }
      await db.card.createMany({ data: cards });
      await db.cardTrait.createMany({ data: traits });
    }
    const passwordHash = await hashPassword(PASSWORD);
    const user = await db.user.create({ data: { email: "bench-user@example.test", displayName: "Bench User", passwordHash, role: "user" } });
    await db.user.create({ data: { email: "bench-admin@example.test", displayName: "Bench Admin", passwordHash, role: "admin" } });
    const demo = await db.card.findMany({ where: { set: { code: "DEMO" } }, orderBy: { number: "asc" }, select: { id: true, title: true } });
    const generated = await db.card.findMany({ where: { set: { code: "BENCHA" } }, take: 500, select: { id: true } });
    await db.collectionEntry.createMany({ data: [...demo, ...generated].map((c, i) => ({ userId: user.id, cardId: c.id, quantity: 1 + (i % 4) })) });
    // one printing per title, so 10 titles × 4 copies make a legal 40-card deck
    const distinct = [...new Map(demo.map((c) => [c.title.toLowerCase(), c])).values()];
    if (distinct.length < 10) fail(`The demo set has only ${distinct.length} distinct titles; the benchmark's decks need 10.`);
    let deckSlug = "";
    for (let d = 0; d < 12; d++) {
      const from = (d * 3) % (distinct.length - 9);
      const lines = distinct.slice(from, from + 10).map((c) => ({ cardId: c.id, quantity: 4 }));
      const slug = `bench-deck-${d}-${process.pid}`;
      await db.deck.create({
        data: {
          ownerId: user.id,
          name: `Bench deck ${d + 1}`,
          description: "A deck for the HTTP benchmark.",
          visibility: d < 8 ? "public" : d < 10 ? "unlisted" : "private",
          shareSlug: slug,
          cards: { create: lines },
        },
      });
      if (d === 0) deckSlug = slug;
    }
    step(`Seeded ${CARDS.toLocaleString("en")} generated cards, 2 users, a ${demo.length + generated.length}-card collection and 12 decks in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const firstDemo = await db.card.findFirst({ where: { set: { code: "DEMO" } }, orderBy: { number: "asc" }, select: { number: true } });
    return { cardPath: `/cards/DEMO/${firstDemo?.number ?? 1}`, deckSlug, userEmail: user.email, adminEmail: "bench-admin@example.test" };
  } finally {
    await db.$disconnect();
  }
}
