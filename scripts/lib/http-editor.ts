/**
 * bench:http --mode editor: the deck editor of a user who owns 20,000 cards,
 * for a 60-card deck. Prints its HTML size and the server's CPU time per view
 * (median of sequential views, one at a time), against the targets (≤ 100 KB,
 * ≤ 30 ms): the page must carry owned counts for the deck's cards only, never
 * the whole collection (search results bring their own).
 *
 * The CPU is measured twice: over the first views after the server started
 * (one warm-up view; what it costs while V8 still compiles and optimizes the
 * render path), then again after WARM_VIEWS more views (what each further view
 * costs once the server has served a few dozen pages, as a running one has).
 * Both are printed with their verdict.
 */
import { performance } from "node:perf_hooks";
import { loadavg } from "node:os";
import { BASE, fail, PASSWORD, step } from "./http-config";
import { pct } from "./http-measure";
import { generatedCard, type Seeded } from "./http-seed";
import { serverCpuMs, session } from "./http-server";

const OWNED = 20_000;
const DECK_CARDS = 60;
/** Views are timed in groups (the server's CPU clock ticks every 10 ms): a group's CPU / its size is one sample. */
const GROUPS = 10;
const GROUP = 5;
/** Views between the first measurement and the second (warm) one. */
const WARM_VIEWS = 50;
const TARGETS = { kb: 100, cpuMs: 30 };
const EMAIL = "bench-editor@example.test";

/** A user owning OWNED cards of their own set (BENCHO) and a DECK_CARDS-card deck of 30 of them × 2: seeded before the server starts. */
export async function seedEditorFixture(url: string): Promise<NonNullable<Seeded["editor"]>> {
  const { createPrismaClient } = await import("@/lib/server/db/db");
  const { hashPassword } = await import("@/lib/accounts/password");
  const db = createPrismaClient(url);
  try {
    const t0 = performance.now();
    const set = await db.cardSet.create({ data: { code: "BENCHO", name: "Bench owned set", unofficial: true } });
    const user = await db.user.create({ data: { email: EMAIL, displayName: "Bench Collector", passwordHash: await hashPassword(PASSWORD), role: "user" } });
    const CHUNK = 1000;
    for (let start = 0; start < OWNED; start += CHUNK) {
      const cards = [];
      for (let n = start; n < Math.min(OWNED, start + CHUNK); n++) {
        const c = generatedCard("BENCHO", n + 1);
        const colorMask = c.colors.reduce((m, col) => m | (1 << ["blue", "red", "yellow", "gray"].indexOf(col)), 0);
        cards.push({ id: `owned${n.toString(36).padStart(7, "0")}`, setId: set.id, number: n + 1, title: c.title, titleKey: c.title.toLowerCase(), colorMask, colorCount: c.colors.length, rings: c.rings, rarity: c.rarity, text: c.text });
      }
      await db.card.createMany({ data: cards });
      await db.collectionEntry.createMany({ data: cards.map((c, i) => ({ userId: user.id, cardId: c.id, quantity: 1 + (i % 4) })) });
    }
    const lines = Array.from({ length: DECK_CARDS / 2 }, (_, i) => ({ cardId: `owned${(i * 97).toString(36).padStart(7, "0")}`, quantity: 2 }));
    const deck = await db.deck.create({ data: { ownerId: user.id, name: "Bench editor deck", description: "A 60-card deck of a 20,000-card collection.", visibility: "private", shareSlug: `bench-editor-${process.pid}`, cards: { create: lines } } });
    step(`Seeded the editor fixture: a user owning ${OWNED.toLocaleString("en")} cards and a ${DECK_CARDS}-card deck in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return { email: EMAIL, deckId: deck.id };
  } finally {
    await db.$disconnect();
  }
}

/** Views the editor GROUPS × GROUP times, one at a time, after one warm-up view, and again after WARM_VIEWS more; prints its size and the CPU per view of both. */
export async function editorMode(seeded: Seeded) {
  const fixture = seeded.editor;
  if (!fixture) fail("The editor fixture was not seeded (main seeds it when the editor mode is selected).");
  const cookie = await session(fixture.email);
  const url = `${BASE}/decks/${fixture.deckId}`;
  const warm = await fetch(url, { headers: { cookie }, redirect: "manual" });
  const html = await warm.text();
  if (warm.status !== 200) console.warn(`  ! ${url} answered ${warm.status}`);
  const cold = await timeViews(url, cookie);
  for (let i = 0; i < WARM_VIEWS; i++) await (await fetch(url, { headers: { cookie } })).arrayBuffer();
  const warmRun = await timeViews(url, cookie);
  const kb = Buffer.byteLength(html) / 1024;
  const [l1] = loadavg();
  console.log(`\nDeck editor (a ${DECK_CARDS}-card deck, its owner owns ${OWNED.toLocaleString("en")} cards), ${GROUPS * GROUP} views one at a time, twice (load average ${l1.toFixed(1)}):`);
  console.log(`  HTML ${kb.toFixed(1)} KB — target ≤ ${TARGETS.kb} KB: ${kb <= TARGETS.kb ? "met" : "missed"}`);
  for (const [label, run] of [
    ["the first views after the server started", cold],
    [`after ${WARM_VIEWS} more views`, warmRun],
  ] as const) {
    const med = run.cpu.length ? pct(run.cpu, 50) : NaN;
    console.log(
      `  server CPU per view, ${label}: median ${med.toFixed(0)} ms, max ${Math.max(...run.cpu).toFixed(0)} ms (over ${GROUPS} groups of ${GROUP} views) — target ≤ ${TARGETS.cpuMs} ms: ${med <= TARGETS.cpuMs ? "met" : "missed"}; wall time median ${pct(run.wall, 50).toFixed(0)} ms`,
    );
  }
}

/** GROUPS × GROUP views one at a time: the server's CPU per view of each group, and the wall time of each view. */
async function timeViews(url: string, cookie: string): Promise<{ cpu: number[]; wall: number[] }> {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let g = 0; g < GROUPS; g++) {
    const c0 = serverCpuMs();
    for (let i = 0; i < GROUP; i++) {
      const t0 = performance.now();
      const r = await fetch(url, { headers: { cookie } });
      await r.arrayBuffer();
      wall.push(performance.now() - t0);
    }
    const c1 = serverCpuMs();
    if (c0 !== null && c1 !== null) cpu.push((c1 - c0) / GROUP);
  }
  return { cpu, wall };
}
