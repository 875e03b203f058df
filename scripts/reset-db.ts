/**
 * Deletes the database and starts over: migrates a new one and seeds the demo
 * set. SQLite: deletes the file (and its WAL files). PostgreSQL: drops every
 * table of the `public` schema of DATABASE_URL's database.
 * Usage: npm run db:reset -- --yes
 */
import { existsSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { loadEnvConfig } from "@next/env";
import { DEFAULT_DATABASE_URL, databaseFile, databaseProvider, redactUrl } from "@/lib/server/db/database-url";

loadEnvConfig(process.cwd());
if (!process.argv.includes("--yes")) {
  console.error("This deletes every account, collection and deck in the database. Run again with --yes to confirm:\n  npm run db:reset -- --yes");
  process.exit(1);
}
process.env.DATABASE_URL ||= DEFAULT_DATABASE_URL;
const url = process.env.DATABASE_URL;
const sqliteFile = databaseProvider(url) === "sqlite" ? databaseFile(url) : null;

async function dropPostgresTables() {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    if (rows.length) await client.query(`DROP TABLE ${rows.map((r) => `"public"."${r.tablename.replace(/"/g, '""')}"`).join(", ")} CASCADE`);
    console.log(`Dropped ${rows.length} tables of ${redactUrl(url)}`);
  } finally {
    await client.end();
  }
}

(async () => {
  if (sqliteFile) {
    for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`, `${sqliteFile}-journal`]) if (existsSync(f)) rmSync(f);
    console.log(`Deleted ${sqliteFile}`);
  } else {
    await dropPostgresTables();
  }
  const prisma = spawnSync(path.join("node_modules", ".bin", "prisma"), ["migrate", "deploy"], { stdio: "inherit" });
  if (prisma.status !== 0) process.exit(prisma.status ?? 1);
  if (sqliteFile) {
    const { enableWal } = await import("@/lib/server/db/sqlite-setup");
    enableWal(sqliteFile);
  }
  const { createPrismaClient } = await import("@/lib/server/db/db");
  const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
  const client = createPrismaClient();
  const r = await seedDemoCatalog(client);
  await client.$disconnect();
  console.log(`Seeded ${r.set}: ${r.created} cards.`);
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
