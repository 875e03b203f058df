/** bench:http's web import modes (import, update-import, collection-import): each import posted while /api/health is polled. */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { BASE, fail, step } from "./http-config";
import { type Phase, pct, printHealth, printProbe, probeHealth, serverFigures, startWriteProbe } from "./http-measure";
import { generatedCard, type Seeded } from "./http-seed";
import { session } from "./http-server";

export const IMPORT_ROWS = 20_000;
let importSetReady = false;

type ImportRun = { ok: boolean; message: string; seconds: number; phases: Phase[] };

/** Posts an import to one of the streaming import routes and follows its progress lines; returns how long each phase took. */
export async function postImport(route: string, form: FormData, cookie: string): Promise<ImportRun> {
  const t0 = performance.now();
  const send = () => fetch(`${BASE}${route}`, { method: "POST", body: form, headers: { cookie, origin: BASE } });
  // a pooled keep-alive connection the server has just closed fails the write (EPIPE) before any answer: send once more
  const res = await send().catch(async (e: unknown) => {
    const code = (e as { cause?: { code?: string } }).cause?.code;
    if (code !== "EPIPE" && code !== "ECONNRESET") throw e;
    console.warn(`  ! ${route}: ${code} before any answer (a closed keep-alive connection); sending again`);
    return send();
  });
  if (!res.ok || !res.body) return { ok: false, message: `HTTP ${res.status}: ${await res.text()}`, seconds: (performance.now() - t0) / 1000, phases: [] };
  const phases: ImportRun["phases"] = [];
  let phase = "upload";
  let since = t0;
  let buffer = "";
  let last: { type: string; ok?: boolean; message?: string; phase?: string } | null = null;
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let i; (i = buffer.indexOf("\n")) >= 0; ) {
      last = JSON.parse(buffer.slice(0, i));
      buffer = buffer.slice(i + 1);
      if (last?.type === "progress" && last.phase !== phase) {
        const now = performance.now();
        phases.push({ phase, seconds: (now - since) / 1000, from: since, to: now });
        phase = last.phase!;
        since = now;
      }
    }
  }
  const end = performance.now();
  phases.push({ phase, seconds: (end - since) / 1000, from: since, to: end });
  return { ok: last?.type === "result" && last.ok === true, message: last?.message ?? "no result", seconds: (end - t0) / 1000, phases };
}

/** The cards of set BENCHI as the last catalog import wrote them. */
let importedCards: ReturnType<typeof generatedCard>[] = [];

function catalogImportForm(): FormData {
  const cards = Array.from({ length: IMPORT_ROWS }, (_, i) => generatedCard("BENCHI", i + 1));
  importedCards = cards;
  const form = new FormData();
  form.set("file", new Blob([JSON.stringify({ cards })], { type: "application/json" }), "bench-import.json");
  form.set("mode", "apply");
  return form;
}

/**
 * Posts one import through its web route while /api/health is polled and a second connection writes beside it,
 * then prints the health figures (under `label`), the server's own figures for that window and the second writer's.
 */
async function measureImport(label: string, route: string, form: FormData, cookie: string): Promise<ImportRun> {
  const probe = startWriteProbe();
  const w = { from: performance.now(), to: 0 };
  const run = postImport(route, form, cookie);
  const times = await probeHealth(run);
  const r = await run;
  w.to = performance.now();
  await sleep(400);
  printHealth(label, times, describeRun(r));
  console.log(serverFigures(w, r.phases));
  printProbe(await probe.stop());
  return r;
}

function describeRun(r: ImportRun): string {
  return `${r.ok ? "" : "FAILED: "}${r.message} in ${r.seconds.toFixed(1)} s (${r.phases.map((p) => `${p.phase} ${p.seconds.toFixed(1)} s`).join(", ")})`;
}

/** A 20,000-row catalog import through the admin's import route while /api/health is polled. */
export async function catalogImportMode(seeded: Seeded) {
  const cookie = await session(seeded.adminEmail);
  const idle = await probeHealth(sleep(3000));
  console.log(`\n/api/health idle: p50 ${pct(idle, 50).toFixed(0)} ms, p99 ${pct(idle, 99).toFixed(0)} ms`);
  const r = await measureImport(`Catalog import (${IMPORT_ROWS.toLocaleString("en")} new cards, POST /api/catalog/import)`, "/api/catalog/import", catalogImportForm(), cookie);
  if (r.ok) importSetReady = true;
}

/**
 * The same 20,000 cards imported again, twice (imported first, unmeasured,
 * unless the import mode ran before it), while /api/health is polled: an
 * erratum (every card's rules text changed, nothing else: the common case)
 * and a rework (every card regenerated: title, traits, colours, rings and
 * rarity all change, so every index and trait row of the card changes; the
 * worst case for the in-place publish).
 */
export async function updateImportMode(seeded: Seeded) {
  const cookie = await session(seeded.adminEmail);
  if (!importSetReady) {
    step(`Importing the ${IMPORT_ROWS.toLocaleString("en")}-card set to update (not measured)…`);
    const r = await postImport("/api/catalog/import", catalogImportForm(), cookie);
    if (!r.ok) fail(`The catalog import the update import needs failed: ${r.message}`);
    importSetReady = true;
  }
  const variants = [
    { label: "erratum: every card's rules text changed", cards: importedCards.map((c, i) => ({ ...c, text: `Errata ${i + 1}: discard an opposing card.` })) },
    { label: "rework: every card regenerated, all fields changed", cards: Array.from({ length: IMPORT_ROWS }, (_, i) => generatedCard("BENCHI", i + 1)) },
  ];
  for (const v of variants) {
    const form = new FormData();
    form.set("file", new Blob([JSON.stringify({ cards: v.cards })], { type: "application/json" }), "bench-update.json");
    form.set("mode", "apply");
    await measureImport(`Catalog update import (${IMPORT_ROWS.toLocaleString("en")} existing cards, ${v.label}; POST /api/catalog/import)`, "/api/catalog/import", form, cookie);
    importedCards = v.cards;
  }
}

/** A 20,000-row collection import (a regular user, add mode) while /api/health is polled. */
export async function collectionImportMode(seeded: Seeded) {
  if (!importSetReady) {
    step(`Importing the ${IMPORT_ROWS.toLocaleString("en")}-card set the collection file names (not measured)…`);
    const r = await postImport("/api/catalog/import", catalogImportForm(), await session(seeded.adminEmail));
    if (!r.ok) fail(`The catalog import the collection import needs failed: ${r.message}`);
    importSetReady = true;
  }
  const cookie = await session(seeded.userEmail);
  const csv = `set,number,quantity\n${Array.from({ length: IMPORT_ROWS }, (_, i) => `BENCHI,${i + 1},${1 + (i % 3)}`).join("\n")}\n`;
  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), "bench-collection.csv");
  form.set("mode", "add");
  form.set("intent", "apply");
  await measureImport(`Collection import (${IMPORT_ROWS.toLocaleString("en")} rows, add mode, POST /api/collection/import)`, "/api/collection/import", form, cookie);
}

