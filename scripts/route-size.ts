/**
 * Prints the gzipped JavaScript a route loads, from a Next.js (Turbopack)
 * production build: the root main files of build-manifest.json plus the
 * route's entry chunks (layouts and page) from its client reference
 * manifest. Chunks referenced from those (the AI's Web Worker, lazy chunks)
 * are listed separately: they load after the page, off the critical path.
 *
 * Usage: tsx scripts/route-size.ts /playtest [--dist .next] [--budget 250]
 * The build folder defaults to NEXT_DIST_DIR, then .next, then .next-e2e.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { appPages, routeEntry } from "./lib/route-size";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const route = process.argv.slice(2).find((a, i, all) => a.startsWith("/") && !["--dist", "--budget"].includes(all[i - 1] ?? ""));
if (!route) {
  console.error("Usage: tsx scripts/route-size.ts /route [--dist .next] [--budget 250]");
  process.exit(1);
}
const entry = routeEntry(route, appPages(path.join(process.cwd(), "app")));
if (!entry) {
  console.error(`No page under app/ serves ${route}.`);
  process.exit(1);
}
const candidates = [arg("--dist"), process.env.NEXT_DIST_DIR, ".next", ".next-e2e"].filter((x): x is string => !!x);
const routeManifest = (d: string) => path.join(d, entry.manifest);
// The first build that has this route (an older or partial build in .next falls through to .next-e2e).
const dist = candidates.find((d) => existsSync(path.join(d, "build-manifest.json")) && existsSync(routeManifest(d))) ?? candidates.find((d) => existsSync(path.join(d, "build-manifest.json")));
if (!dist) {
  console.error(`No Next.js build found (looked in ${candidates.join(", ")}). Run \`npx next build\` first.`);
  process.exit(1);
}
const budgetKb = Number(arg("--budget") ?? 250);

const build = JSON.parse(readFileSync(path.join(dist, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
const manifestFile = routeManifest(dist);
if (!existsSync(manifestFile)) {
  console.error(`No client reference manifest for ${route} in ${dist} (expected ${manifestFile}).`);
  process.exit(1);
}
// The manifest is a script assigning globalThis.__RSC_MANIFEST[...]; evaluate it in a sandboxed object.
const sandbox: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
new Function("globalThis", readFileSync(manifestFile, "utf8"))(sandbox);
const m = sandbox.__RSC_MANIFEST?.[entry.key];
if (!m?.entryJSFiles) {
  console.error(`The manifest has no entry chunks for ${entry.key}.`);
  process.exit(1);
}

const initial = new Set<string>(build.rootMainFiles);
for (const seg of entry.segments) for (const f of m.entryJSFiles[seg] ?? []) initial.add(f);

function size(file: string): { raw: number; gz: number } {
  const buf = readFileSync(path.join(dist!, file.replace(/^\/?_next\//, "")));
  return { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length };
}

// Chunks referenced from the initial ones, transitively (the worker's bootstrap lists the worker's chunks).
const lazy = new Set<string>();
const queue = [...initial];
while (queue.length) {
  const f = queue.shift()!;
  const text = readFileSync(path.join(dist, f), "utf8");
  for (const ref of text.match(/static\/chunks\/[A-Za-z0-9_.-]+\.js/g) ?? [])
    if (!initial.has(ref) && !lazy.has(ref) && existsSync(path.join(dist, ref))) {
      lazy.add(ref);
      queue.push(ref);
    }
}

const kb = (n: number) => (n / 1024).toFixed(1);
let total = 0;
let totalRaw = 0;
console.log(`Route ${route} — build ${dist}`);
console.log("Initial JavaScript (gzip -9):");
for (const f of initial) {
  const s = size(f);
  total += s.gz;
  totalRaw += s.raw;
  console.log(`  ${f.padEnd(48)} ${kb(s.raw).padStart(8)} kB raw ${kb(s.gz).padStart(7)} kB gz`);
}
console.log(`  TOTAL${" ".repeat(44)}${kb(totalRaw).padStart(8)} kB raw ${kb(total).padStart(7)} kB gz  (budget ${budgetKb} kB: ${total / 1024 <= budgetKb ? "within" : "OVER"})`);
if (lazy.size) {
  let lz = 0;
  console.log("Loaded later, not already in the initial set (Web Worker bootstrap and its own chunks; the worker reuses cached page chunks too):");
  for (const f of lazy) {
    const s = size(f);
    lz += s.gz;
    console.log(`  ${f.padEnd(48)} ${kb(s.raw).padStart(8)} kB raw ${kb(s.gz).padStart(7)} kB gz`);
  }
  console.log(`  TOTAL later${" ".repeat(38)}${" ".repeat(8)}         ${kb(lz).padStart(7)} kB gz`);
}
