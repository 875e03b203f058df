import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { DatabaseProvider } from "@/lib/server/db/database-url";
import { checkConstraints, expectedPostgresSchema, migrationNames, migrationSql, postgresSchemaFrom, ROOT, SCHEMA_FILES } from "@/scripts/lib/db-schema";
import { createScratchPostgres } from "@/test/postgres";

/** The SQL Prisma would write for the whole schema on an empty database (no database needed). */
function schemaSql(provider: DatabaseProvider, postgresUrl?: string): string {
  const r = spawnSync(path.join(ROOT, "node_modules", ".bin", "prisma"), ["migrate", "diff", "--from-empty", "--to-schema-datamodel", SCHEMA_FILES[provider], "--script"], {
    cwd: ROOT,
    encoding: "utf8",
    // DATABASE_URL picks the schema in prisma.config.ts; on PostgreSQL the schema
    // engine connects to it (an empty scratch database) but writes nothing
    env: { ...process.env, DATABASE_URL: provider === "postgresql" ? postgresUrl : "file:./.tmp/unused.db" },
  });
  if (r.status !== 0) throw new Error(`prisma migrate diff failed: ${r.stderr}`);
  return r.stdout.replace(/^Loaded Prisma config.*$/m, "");
}

/** Tables, columns, indexes and foreign keys of a SQLite database (CHECK constraints aside). */
function describeSqlite(sql: string[]): unknown {
  const dir = path.join(ROOT, ".tmp", "vitest");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `schema-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
  const db = new Database(file);
  try {
    for (const s of sql) db.exec(s);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
    return tables.map((t) => ({
      table: t,
      columns: db.prepare(`PRAGMA table_info("${t}")`).all(),
      indexes: (db.prepare(`PRAGMA index_list("${t}")`).all() as { name: string; unique: number; origin: string }[])
        .map((i) => ({ ...i, columns: db.prepare(`PRAGMA index_info("${i.name}")`).all() }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      foreignKeys: db.prepare(`PRAGMA foreign_key_list("${t}")`).all(),
    }));
  } finally {
    db.close();
    rmSync(file, { force: true });
  }
}

/** Tables, columns, indexes and constraints (CHECK aside) of a PostgreSQL database built from `sql`. */
async function describePostgres(sql: string[] | ((url: string) => string[])): Promise<unknown> {
  const scratch = await createScratchPostgres({ prefix: "schema_sync", migrate: false });
  if (typeof sql === "function") sql = sql(scratch.url);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    for (const s of sql) await client.query(s);
    const q = async (text: string) => (await client.query(text)).rows;
    return {
      columns: await q(
        "SELECT table_name, column_name, data_type, is_nullable, column_default, datetime_precision FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name",
      ),
      indexes: await q("SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname"),
      constraints: await q(
        "SELECT conrelid::regclass::text AS t, conname, contype, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND contype <> 'c' ORDER BY 1, 2",
      ),
    };
  } finally {
    await client.end();
    await scratch.drop();
  }
}

function history(provider: DatabaseProvider): string[] {
  return migrationNames(provider).map((m) => migrationSql(provider, m));
}

describe("one data model, two databases", () => {
  it("the PostgreSQL schema is generated from the SQLite one and differs only in provider and client folder (run `npm run db:schema`)", () => {
    expect(readFileSync(path.join(ROOT, SCHEMA_FILES.postgresql), "utf8")).toBe(expectedPostgresSchema());
  });

  it("the generator changes nothing but the provider and the output folder", () => {
    const source = readFileSync(path.join(ROOT, SCHEMA_FILES.sqlite), "utf8");
    const generated = postgresSchemaFrom(source).split("\n");
    const original = source.split("\n");
    const changed = generated.slice(generated.length - original.length).filter((line, i) => line !== original[i]);
    expect(changed.map((l) => l.trim())).toEqual(['output          = "../../lib/generated/prisma-pg"', 'provider = "postgresql"']);
  });

  it("both histories have the same migrations, each with the same CHECK constraints", () => {
    expect(migrationNames("postgresql")).toEqual(migrationNames("sqlite"));
    for (const m of migrationNames("sqlite")) {
      expect(checkConstraints(migrationSql("postgresql", m)), m).toEqual(checkConstraints(migrationSql("sqlite", m)));
    }
    expect(checkConstraints(migrationSql("sqlite", migrationNames("sqlite")[0])).length).toBeGreaterThan(0);
  });

  it("the SQLite migration history builds exactly the schema", { timeout: 120_000 }, () => {
    expect(describeSqlite(history("sqlite"))).toEqual(describeSqlite([schemaSql("sqlite")]));
  });

  it.skipIf(!process.env.TEST_POSTGRES_URL)("the PostgreSQL migration history builds exactly the schema", { timeout: 120_000 }, async () => {
    const fromHistory = await describePostgres(history("postgresql"));
    expect(fromHistory).toEqual(await describePostgres((url) => [schemaSql("postgresql", url)]));
  });
});
