/**
 * Catalog import and export from the command line (same formats as /admin/import):
 *   npm run catalog -- import FILE [--dry-run] [--format csv|json] [--as ADMIN_EMAIL]
 *   npm run catalog -- export [--format json|csv] [--out FILE]
 * The tool acts as the system (lib/accounts/data/system.ts): as the admin account --as
 * EMAIL, or the oldest admin, which the audit log then names. It goes through
 * the same DAL functions and admin checks as /admin/import. Exit code 1 when a
 * file is refused. A progress bar goes to stderr; imports stage their rows
 * first and apply them in one short transaction, so a running app keeps serving
 * (docs/catalog-import.md).
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { loadEnvConfig } from "@next/env";

loadEnvConfig(process.cwd());

function usage(): never {
  console.error("Usage:\n  npm run catalog -- import FILE [--dry-run] [--format csv|json] [--as ADMIN_EMAIL]\n  npm run catalog -- export [--format json|csv] [--out FILE]");
  process.exit(2);
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const v = args[i + 1];
  if (!v || v.startsWith("--")) usage();
  return v;
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const { db } = await import("@/lib/server/db/db");
  const { runAsSystemAdmin } = await import("@/lib/accounts/data/system");
  const { applyImport, dryRunImport, exportCatalog } = await import("@/lib/catalog/data/catalog-import");
  const { detectFormat, MAX_IMPORT_BYTES, toCsv, toJson } = await import("@/lib/catalog/io");

  const asEmail = option(args, "--as");

  try {
    if (command === "export") {
      const format = option(args, "--format") === "csv" ? "csv" : "json";
      const cards = await runAsSystemAdmin(asEmail, (actor) => exportCatalog(actor));
      const body = format === "csv" ? toCsv(cards) : toJson(cards);
      const out = option(args, "--out");
      if (out) {
        writeFileSync(out, body);
        console.error(`Exported ${cards.length} cards to ${out}.`);
      } else process.stdout.write(body);
      return;
    }
    if (command === "import") {
      const file = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--as" && args[i - 1] !== "--format");
      if (!file) usage();
      const size = statSync(file).size;
      if (size > MAX_IMPORT_BYTES) {
        console.error(`✖ ${file} is ${(size / 1024 / 1024).toFixed(1)} MB; at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB can be imported at once. Nothing was written.`);
        process.exitCode = 1;
        return;
      }
      const dry = args.includes("--dry-run");
      const format = detectFormat(file, option(args, "--format"));
      const text = readFileSync(file, "utf8");
      const { progressBar } = await import("./lib/progress");
      const onProgress = progressBar();
      const report = await runAsSystemAdmin(asEmail, (actor) => (dry ? dryRunImport(actor, text, format, onProgress) : applyImport(actor, text, format, onProgress)));
      if (report.fileError) {
        console.error(`✖ ${report.fileError.message} Nothing was written.`);
        process.exitCode = 1;
        return;
      }
      for (const r of report.rows) {
        if (r.action === "reject") console.log(`row ${r.line}\t${r.key ?? "-"}\treject\t${r.errors.join(" | ")}`);
        else if (r.action !== "unchanged") console.log(`row ${r.line}\t${r.key}\t${r.action}${r.action === "update" ? `\t${r.changes.map((c) => c.field).join(", ")}` : ""}`);
      }
      const c = report.counts;
      console.log(`${dry ? "Dry run" : report.applied ? "Applied" : "Refused"}: ${c.create} create, ${c.update} update, ${c.unchanged} unchanged, ${c.reject} rejected.`);
      if (!dry && !report.applied) {
        console.error("✖ Nothing was written because some rows were rejected.");
        process.exitCode = 1;
      }
      if (dry && c.reject) process.exitCode = 1;
      return;
    }
    usage();
  } finally {
    await db.$disconnect();
  }
}

main().catch((e) => {
  console.error(`\n✖ ${(e as Error).message}`);
  process.exit(1);
});
