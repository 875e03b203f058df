/**
 * An import in a child process, for the crash tests
 * (lib/catalog/data/import-crash.test.ts): prints each progress step as a JSON line,
 * and with FREEZE_AT=phase:count stops dead there (the event loop blocked,
 * any open transaction left open) so the test can kill -9 it at a known point.
 *   tsx --conditions=react-server test/import-child.ts catalog|collection FILE USER_ID [add|replace]
 */
import { readFileSync } from "node:fs";

const [kind, file, userId, mode] = process.argv.slice(2);
const [freezePhase, freezeAt] = (process.env.FREEZE_AT ?? "").split(":");

function onProgress(p: { phase: string; done: number; total: number }) {
  console.log(JSON.stringify(p));
  if (p.phase === freezePhase && p.done >= Number(freezeAt)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
}

async function main() {
  const text = readFileSync(file, "utf8");
  if (kind === "catalog") {
    const { applyImport } = await import("@/lib/catalog/data/catalog-import");
    const { runAsSystemUser } = await import("@/lib/accounts/data/system");
    const report = await runAsSystemUser(userId, (actor) => applyImport(actor, text, "json", onProgress));
    console.log(JSON.stringify({ phase: "result", applied: report.applied, counts: report.counts }));
  } else {
    const { applyCollectionImport } = await import("@/lib/collection/data/transfer");
    const { runAsSystemUser } = await import("@/lib/accounts/data/system");
    const result = await runAsSystemUser(userId, (actor) => applyCollectionImport(actor, "json", text, mode === "replace" ? "replace" : "add", onProgress));
    console.log(JSON.stringify({ phase: "result", applied: true, lines: result.lines.length }));
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
