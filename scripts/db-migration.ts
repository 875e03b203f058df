/**
 * Creates the next migration for BOTH databases from prisma/schema.prisma:
 *   npm run db:migration -- NAME
 *
 * Run it once per schema change, before committing it. It
 *  1. regenerates prisma/postgres/schema.prisma (as npm run db:schema);
 *  2. diffs the committed schema (git HEAD: the state the migration histories
 *     build, which scripts/lib/db-schema.test.ts guarantees) against the new
 *     one with `prisma migrate diff --script`, per database, and writes
 *     prisma/migrations/<timestamp>_NAME and prisma/postgres/migrations/<same>;
 *  3. regenerates both Prisma clients.
 * Then review both migration.sql files and add by hand what Prisma cannot
 * express (CHECK constraints, data fixes) to each, in its dialect.
 *
 * (`prisma migrate dev` cannot be used: with the JavaScript engine it replays
 * the history through a single-statement driver call and fails on SQLite.)
 * The PostgreSQL diff needs a server: the schema engine connects to a scratch
 * database (created on MIGRATION_POSTGRES_URL's or TEST_POSTGRES_URL's server,
 * dropped afterwards) but writes nothing there.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MIGRATION_DIRS, migrationNames, postgresSchemaFrom, ROOT, SCHEMA_FILES } from "./lib/db-schema";
import { createScratchPostgres } from "@/test/postgres";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:migration -- NAME   (lower-case letters, digits and underscores)");
  process.exit(2);
}
const baseUrl = process.env.MIGRATION_POSTGRES_URL || process.env.TEST_POSTGRES_URL;
if (!baseUrl) {
  console.error("Set MIGRATION_POSTGRES_URL (or TEST_POSTGRES_URL) to a PostgreSQL server where a scratch database may be created, e.g. postgresql://postgres@127.0.0.1:5432/test");
  process.exit(2);
}

const prisma = path.join(ROOT, "node_modules", ".bin", "prisma");

function prismaOut(args: string[], databaseUrl: string): string {
  const r = spawnSync(prisma, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, DATABASE_URL: databaseUrl } });
  if (r.status !== 0) throw new Error(`prisma ${args.join(" ")} failed (exit ${r.status}):\n${r.stderr}${r.stdout}`);
  return r.stdout.replace(/^Loaded Prisma config.*$/gm, "").trim();
}

function diff(from: string, to: string, databaseUrl: string): string {
  return prismaOut(["migrate", "diff", "--from-schema-datamodel", from, "--to-schema-datamodel", to, "--script"], databaseUrl);
}

function timestamp(): string {
  return new Date().toISOString().replace(/\D/g, "").slice(0, 14);
}

async function main() {
  const git = spawnSync("git", ["show", `HEAD:${SCHEMA_FILES.sqlite}`], { cwd: ROOT, encoding: "utf8" });
  if (git.status !== 0) throw new Error(`cannot read the committed ${SCHEMA_FILES.sqlite}: ${git.stderr}`);
  const committed = git.stdout;
  const current = readFileSync(path.join(ROOT, SCHEMA_FILES.sqlite), "utf8");
  if (committed === current) {
    console.log(`${SCHEMA_FILES.sqlite} is the committed one: no change, no migration.`);
    return;
  }
  const folder = `${timestamp()}_${name}`;
  if (migrationNames("sqlite").some((m) => m >= folder)) throw new Error("a migration with a later timestamp exists; check the clock");

  const pgSchema = postgresSchemaFrom(current);
  writeFileSync(path.join(ROOT, SCHEMA_FILES.postgresql), pgSchema);
  console.log(`▸ Regenerated ${SCHEMA_FILES.postgresql}`);

  const tmp = path.join(ROOT, ".tmp", `migration-${process.pid}`);
  mkdirSync(tmp, { recursive: true });
  try {
    const old = { sqlite: path.join(tmp, "old-sqlite.prisma"), postgresql: path.join(tmp, "old-postgres.prisma") };
    writeFileSync(old.sqlite, committed);
    writeFileSync(old.postgresql, postgresSchemaFrom(committed));

    const sqliteSql = diff(old.sqlite, SCHEMA_FILES.sqlite, `file:${path.join(tmp, "unused.db")}`);
    const scratch = await createScratchPostgres({ baseUrl, prefix: "migration", migrate: false });
    let pgSql: string;
    try {
      pgSql = diff(old.postgresql, SCHEMA_FILES.postgresql, scratch.url);
    } finally {
      await scratch.drop();
    }
    if (!sqliteSql && !pgSql) {
      console.log("The change needs no SQL: no migration written.");
      return;
    }
    for (const [provider, sql] of [["sqlite", sqliteSql], ["postgresql", pgSql]] as const) {
      const dir = path.join(ROOT, MIGRATION_DIRS[provider], folder);
      if (existsSync(dir)) throw new Error(`${dir} exists`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "migration.sql"), `${sql}\n`);
      console.log(`▸ Wrote ${path.relative(ROOT, dir)}/migration.sql`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  prismaOut(["generate"], "file:./data/ringbinder.db");
  prismaOut(["generate"], "postgresql://localhost/generate");
  console.log("▸ Regenerated both Prisma clients");
  console.log("\nReview both files; add CHECK constraints and data fixes by hand to each (same constraints, each dialect).");
  console.log("Then: TEST_POSTGRES_URL=… npx vitest run scripts/lib/db-schema.test.ts");
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
