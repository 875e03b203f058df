/**
 * Scratch PostgreSQL databases for tests, benchmarks and multi-instance runs.
 * Nothing here depends on Vitest: use it from Playwright setup, scripts or a
 * test that starts app servers.
 *
 *   const scratch = await createScratchPostgres({ prefix: "two-instances" });
 *   // scratch.url: a fresh database with every PostgreSQL migration applied
 *   //              through `prisma migrate deploy` (so `npm start` accepts it)
 *   await scratch.drop();
 *
 * The base URL is TEST_POSTGRES_URL (any database on the server: it is only
 * used to create and drop others). Every database is uniquely named
 * `rb_<prefix>_<pid>_<random>`, and dropped WITH (FORCE).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { migrationNames, MIGRATION_DIRS } from "@/scripts/lib/db-schema";

const root = path.resolve(__dirname, "..");
const helper = path.join(root, "test", "postgres-scratch.mjs");

export type ScratchPostgres = { url: string; name: string; drop: () => Promise<void> };

/** TEST_POSTGRES_URL, or a clear error when it is not set. */
export function testPostgresUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error("TEST_POSTGRES_URL is not set (e.g. postgresql://postgres@127.0.0.1:5432/test)");
  return url;
}

/** A unique database name for a prefix: lower-case letters, digits and underscores. */
export function scratchDatabaseName(prefix: string): string {
  const clean = prefix.toLowerCase().replace(/[^a-z0-9]+/g, "_").slice(0, 30);
  return `rb_${clean}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

/** The URL of another database on the same server as `baseUrl`. */
export function databaseUrlOn(baseUrl: string, name: string): string {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

function runHelper(args: string[]): void {
  const r = spawnSync(process.execPath, [helper, ...args], { encoding: "utf8", cwd: root });
  if (r.status !== 0) throw new Error(`postgres-scratch ${args[0]} ${args[2]} failed: ${r.stderr || r.error?.message}`);
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} ${args.join(" ")} failed (${code}):\n${out}`))));
  });
}

/** Drops a scratch database (and any connection still open to it). */
export async function dropScratchPostgres(baseUrl: string, name: string): Promise<void> {
  await run(process.execPath, [helper, "drop", baseUrl, name], process.env);
}

/**
 * Creates a scratch database and applies the PostgreSQL migration history with
 * `prisma migrate deploy` (recorded in _prisma_migrations, as in production).
 * `migrate: false` leaves it empty (for `npm start` to migrate).
 */
export async function createScratchPostgres(opts: { prefix?: string; baseUrl?: string; migrate?: boolean } = {}): Promise<ScratchPostgres> {
  const baseUrl = opts.baseUrl ?? testPostgresUrl();
  const name = scratchDatabaseName(opts.prefix ?? "scratch");
  await run(process.execPath, [helper, "create", baseUrl, name], process.env);
  const url = databaseUrlOn(baseUrl, name);
  const drop = () => dropScratchPostgres(baseUrl, name);
  if (opts.migrate !== false) {
    try {
      await run(path.join(root, "node_modules", ".bin", "prisma"), ["migrate", "deploy"], { ...process.env, DATABASE_URL: url });
    } catch (err) {
      await drop();
      throw err;
    }
  }
  return { url, name, drop };
}

/** The template database of a Vitest run (test/global-setup.ts makes it; test files' databases are copies of it). */
function templateName(run: string): string {
  return `rb_${run}_template`;
}

/** Every committed PostgreSQL migration's SQL file, in order. */
function migrationFiles(): string[] {
  return migrationNames("postgresql").map((m) => path.join(root, MIGRATION_DIRS.postgresql, m, "migration.sql"));
}

/** For test/global-setup.ts: the run's template, every PostgreSQL migration applied (as createScratchPostgresSync does). */
export function createPostgresTemplate(run: string, baseUrl = testPostgresUrl()): void {
  try {
    runHelper(["create", baseUrl, templateName(run), ...migrationFiles()]);
  } catch (err) {
    runHelper(["drop", baseUrl, templateName(run)]);
    throw err;
  }
}

/** For test/global-setup.ts: drops the run's template and every test database of the run, side by side. */
export function dropPostgresRun(run: string, baseUrl = testPostgresUrl()): void {
  runHelper(["drop-prefix", baseUrl, `rb_${run}_`]);
}

/**
 * Synchronous variant for createTestDatabase: a new database with every
 * PostgreSQL migration applied (no _prisma_migrations table). Inside a Vitest
 * run (RB_TEST_PG_RUN, set by test/global-setup.ts) it is a copy of the run's
 * template, and `drop` leaves it to the run's teardown; elsewhere the
 * migrations' SQL is run on it here and `drop` drops it.
 */
export function createScratchPostgresSync(prefix: string, baseUrl = testPostgresUrl()): ScratchPostgres {
  const run = process.env.RB_TEST_PG_RUN;
  const name = scratchDatabaseName(run ? `${run}_${prefix}` : prefix);
  const dropNow = () => dropScratchPostgres(baseUrl, name);
  try {
    if (run) runHelper(["clone", baseUrl, name, templateName(run)]);
    else runHelper(["create", baseUrl, name, ...migrationFiles()]);
  } catch (err) {
    runHelper(["drop", baseUrl, name]);
    throw err;
  }
  return { url: databaseUrlOn(baseUrl, name), name, drop: run ? async () => {} : dropNow };
}
