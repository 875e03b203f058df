// Creates or drops a scratch PostgreSQL database. Plain JavaScript on purpose:
// test/postgres.ts runs it with spawnSync so that createTestDatabase() can stay
// synchronous, and it needs no TypeScript loader.
//   node test/postgres-scratch.mjs create BASE_URL NAME [MIGRATION.sql ...]
//   node test/postgres-scratch.mjs drop BASE_URL NAME
import { readFileSync } from "node:fs";
import pg from "pg";

const [command, baseUrl, name, ...migrations] = process.argv.slice(2);
if (!/^[a-z0-9_]+$/.test(name ?? "")) throw new Error(`bad database name ${name}`);

function urlFor(database) {
  const u = new URL(baseUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
try {
  if (command === "create") {
    await admin.query(`CREATE DATABASE "${name}"`);
  } else if (command === "drop") {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } else throw new Error(`unknown command ${command}`);
} finally {
  await admin.end();
}

if (command === "create" && migrations.length > 0) {
  const client = new pg.Client({ connectionString: urlFor(name) });
  await client.connect();
  try {
    for (const file of migrations) await client.query(readFileSync(file, "utf8"));
  } finally {
    await client.end();
  }
}
