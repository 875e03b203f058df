// Creates or drops scratch PostgreSQL databases. Plain JavaScript on purpose:
// test/postgres.ts runs it with spawnSync so that createTestDatabase() can stay
// synchronous, and it needs no TypeScript loader.
//   node test/postgres-scratch.mjs create BASE_URL NAME [MIGRATION.sql ...]
//   node test/postgres-scratch.mjs clone BASE_URL NAME TEMPLATE   (a copy of a migrated database; fast)
//   node test/postgres-scratch.mjs drop BASE_URL NAME
//   node test/postgres-scratch.mjs drop-prefix BASE_URL PREFIX    (every database named PREFIX…, side by side)
import { readFileSync } from "node:fs";
import pg from "pg";

const [command, baseUrl, name, ...rest] = process.argv.slice(2);
const safe = /^[a-z0-9_]+$/;
if (!safe.test(name ?? "")) throw new Error(`bad database name ${name}`);
if (command === "clone" && !safe.test(rest[0] ?? "")) throw new Error(`bad template name ${rest[0]}`);

function urlFor(database) {
  const u = new URL(baseUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withAdmin(fn) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

if (command === "create" || command === "clone") {
  await withAdmin(async (admin) => {
    await admin.query(command === "clone" ? `CREATE DATABASE "${name}" TEMPLATE "${rest[0]}"` : `CREATE DATABASE "${name}"`);
    // A scratch database outlives no crash of the server: its commits need not wait for the WAL to reach the
    // disk (fsync per commit). Visibility and atomicity are unchanged; a crash of PostgreSQL itself would lose
    // the last commits, which no test relies on. A per-database setting: every new connection to it has it.
    await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  });
} else if (command === "drop") {
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
} else if (command === "drop-prefix") {
  // each DROP DATABASE waits for a checkpoint: issued side by side, they share checkpoints
  const { rows } = await withAdmin((admin) => admin.query("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [name]));
  const names = rows.map((r) => r.datname);
  // eight connections at most, whatever the number of databases
  const dropper = () => withAdmin(async (admin) => {
    for (let next; (next = names.pop()) !== undefined; ) await admin.query(`DROP DATABASE IF EXISTS "${next}" WITH (FORCE)`);
  });
  await Promise.all(Array.from({ length: Math.min(8, names.length) }, dropper));
} else throw new Error(`unknown command ${command}`);

if (command === "create" && rest.length > 0) {
  const client = new pg.Client({ connectionString: urlFor(name) });
  await client.connect();
  try {
    for (const file of rest) await client.query(readFileSync(file, "utf8"));
  } finally {
    await client.end();
  }
}
