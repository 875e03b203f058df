/** bench:http --mode cli-import: `npm run catalog -- import` in a second process while the app serves and takes small writes. */
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { tracked } from "./cleanup";
import { root, scratch, state } from "./http-config";
import { IMPORT_ROWS, postImport } from "./http-imports";
import { pct, printHealth, printProbe, probeHealth, serverFigures, startWriteProbe } from "./http-measure";
import { generatedCard, type Seeded } from "./http-seed";
import { session } from "./http-server";

/**
 * `npm run catalog -- import FILE` (20,000 new cards) in a second process
 * writing the same database while the app serves: /api/health is polled, and
 * the signed-in user keeps importing 5 cards into their collection through
 * the app (a transactional write: stage, then apply) until the CLI ends.
 * Every app write must succeed (no 500, no SQLITE_BUSY) and none may block
 * the server.
 */
export async function cliImportMode(seeded: Seeded) {
  const file = path.join(scratch, `cli-import-${process.pid}.json`);
  const cards = Array.from({ length: IMPORT_ROWS }, (_, i) => generatedCard("BENCHJ", i + 1));
  writeFileSync(file, JSON.stringify({ cards }));
  const cookie = await session(seeded.userEmail);
  const small = `set,number,quantity\n${[1, 2, 3, 4, 5].map((n) => `DEMO,${n},1`).join("\n")}\n`;
  const probe = startWriteProbe();
  const w = { from: performance.now(), to: 0 };
  const cli = tracked(
    spawn(path.join(root, "node_modules", ".bin", "tsx"), ["--conditions=react-server", "scripts/catalog.ts", "import", file, "--as", seeded.adminEmail], {
      env: { ...process.env, DATABASE_URL: state.url, BULK_TIMINGS: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let cliOut = "";
  let cliErr = "";
  cli.stdout.on("data", (d) => (cliOut += d));
  cli.stderr.on("data", (d) => (cliErr += d));
  const cliDone = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));
  const appWrites: { ok: boolean; ms: number; message: string }[] = [];
  const writer = (async () => {
    let ended = false;
    void cliDone.then(() => (ended = true));
    while (!ended) {
      const form = new FormData();
      form.set("file", new Blob([small], { type: "text/csv" }), "five.csv");
      form.set("mode", "add");
      form.set("intent", "apply");
      const r = await postImport("/api/collection/import", form, cookie);
      appWrites.push({ ok: r.ok, ms: r.seconds * 1000, message: r.message });
      await sleep(50);
    }
  })();
  const times = await probeHealth(cliDone);
  const code = await cliDone;
  await writer;
  w.to = performance.now();
  await sleep(400);
  rmSync(file, { force: true });
  const summary = cliOut.trim().split("\n").filter((l) => !l.startsWith("row ")).join(" ");
  printHealth(`CLI catalog import beside the app (npm run catalog -- import, ${IMPORT_ROWS.toLocaleString("en")} new cards)`, times, `exit ${code}: ${summary.replace(/\[bulk-timings\] /, "")}`);
  if (code !== 0) console.log(`  CLI stderr: ${cliErr.slice(-500)}`);
  const failed = appWrites.filter((x) => !x.ok);
  const ws = appWrites.map((x) => x.ms);
  console.log(
    `  app writes meanwhile (5-card collection imports through POST /api/collection/import): ${appWrites.length}, ${failed.length} failed${failed.length ? ` (${failed[0].message})` : ""}, p50 ${pct(ws, 50).toFixed(0)} ms, max ${Math.max(...ws).toFixed(0)} ms`,
  );
  console.log(serverFigures(w));
  printProbe(await probe.stop());
}
