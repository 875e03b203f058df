/**
 * One data model, two databases. prisma/schema.prisma (SQLite) is the source;
 * prisma/postgres/schema.prisma is generated from it and differs only in the
 * datasource provider and the generated client's folder. Each keeps its own
 * migration history (prisma/migrations, prisma/postgres/migrations) with the
 * same migration names. See docs/database.md.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { DatabaseProvider } from "@/lib/server/db/database-url";

export const ROOT = path.resolve(__dirname, "..", "..");

export const SCHEMA_FILES: Record<DatabaseProvider, string> = {
  sqlite: path.join("prisma", "schema.prisma"),
  postgresql: path.join("prisma", "postgres", "schema.prisma"),
};

export const MIGRATION_DIRS: Record<DatabaseProvider, string> = {
  sqlite: path.join("prisma", "migrations"),
  postgresql: path.join("prisma", "postgres", "migrations"),
};

const SQLITE_OUTPUT = 'output          = "../lib/generated/prisma"';
const POSTGRES_OUTPUT = 'output          = "../../lib/generated/prisma-pg"';

const HEADER =
  "// GENERATED from prisma/schema.prisma by `npm run db:schema`: do not edit.\n" +
  "// Change prisma/schema.prisma, run `npm run db:schema`, then add the migration\n" +
  "// for both databases (docs/database.md).\n\n";

/** The PostgreSQL schema for a SQLite source schema: same models, other provider and client folder. */
export function postgresSchemaFrom(source: string): string {
  const datasource = /datasource db \{[^}]*\}/.exec(source);
  if (!datasource || !/provider\s*=\s*"sqlite"/.test(datasource[0])) throw new Error('prisma/schema.prisma must have a datasource db with provider = "sqlite"');
  if (!source.includes(SQLITE_OUTPUT)) throw new Error(`prisma/schema.prisma's generator must keep the line: ${SQLITE_OUTPUT}`);
  return (
    HEADER +
    source
      .replace(datasource[0], datasource[0].replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"'))
      .replace(SQLITE_OUTPUT, POSTGRES_OUTPUT)
  );
}

/** What the generated PostgreSQL schema should contain now. */
export function expectedPostgresSchema(): string {
  return postgresSchemaFrom(readFileSync(path.join(ROOT, SCHEMA_FILES.sqlite), "utf8"));
}

/** Migration folder names (`20261129000000_init`, …) of one provider's history, oldest first. */
export function migrationNames(provider: DatabaseProvider): string[] {
  const dir = path.join(ROOT, MIGRATION_DIRS[provider]);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((d) => /^\d+_/.test(d) && existsSync(path.join(dir, d, "migration.sql")))
    .sort();
}

/** The SQL of one migration. */
export function migrationSql(provider: DatabaseProvider, name: string): string {
  return readFileSync(path.join(ROOT, MIGRATION_DIRS[provider], name, "migration.sql"), "utf8");
}

/** The CHECK constraints a migration adds, as `Table: expression` lines (for comparing the two histories). */
export function checkConstraints(sql: string): string[] {
  const out: string[] = [];
  let table = "";
  for (const line of sql.split("\n")) {
    const t = /(?:CREATE TABLE|ALTER TABLE)\s+"([^"]+)"/.exec(line);
    if (t) table = t[1];
    const c = /CHECK\s*(\(.*\))\s*,?\s*$/.exec(line.trim());
    if (c) out.push(`${table}: ${c[1].replace(/\s+/g, " ")}`);
  }
  return out.sort();
}
