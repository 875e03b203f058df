/**
 * Run a TypeScript script the way production runs the engine: bundled into
 * one file by esbuild (as Next.js bundles the playtest's Web Worker), then
 * executed by plain Node. `node scripts/run-bundled.mjs scripts/bench-engine.ts [args]`.
 * Benchmarks use it so their figures measure the engine, not tsx's
 * per-module loader (which costs about a quarter of the throughput).
 */
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  process.stderr.write("usage: node scripts/run-bundled.mjs ENTRY.ts [args...]\n");
  process.exit(2);
}
const outdir = path.resolve(".tmp/bundled");
mkdirSync(outdir, { recursive: true });
const outfile = path.join(outdir, `${path.basename(entry, path.extname(entry))}.cjs`);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  sourcemap: false,
  logLevel: "warning",
});
const r = spawnSync(process.execPath, [outfile, ...args], { stdio: "inherit" });
process.exit(r.status ?? 1);
