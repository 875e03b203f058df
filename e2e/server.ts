import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

/**
 * One production server per Playwright worker, each on its own database: the
 * specs of one worker never see another worker's writes (catalog edits,
 * imports, rate-limit counters), so the suite runs fully parallel without
 * ordering between files. Every server serves the one build in NEXT_DIST_DIR
 * that e2e/global-setup.ts made current.
 */

export type Database = "sqlite" | "postgres";
export type ServerInfo = { url: string; port: number; env: Record<string, string> };

const ROOT = path.resolve(__dirname, "..");
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
/** Ports per worker (parallelIndex): SQLite servers at E2E_PORT+1…, PostgreSQL at E2E_PG_PORT (E2E_PORT+30)…, second instances at E2E_SECOND_PORT (E2E_PORT+60)…. */
const PG_PORT = Number(process.env.E2E_PG_PORT ?? BASE_PORT + 30);
const SECOND_PORT = Number(process.env.E2E_SECOND_PORT ?? BASE_PORT + 60);

export const MAIL_DIR = ".tmp/e2e-mail";
export const DIST_DIR = ".next-e2e";

/** What every e2e server runs with, whatever its database. */
export const SERVER_ENV: Record<string, string> = {
  HOSTNAME: "127.0.0.1",
  NEXT_DIST_DIR: DIST_DIR,
  AUTH_SECRET: "e2e-secret-0123456789abcdef0123456789abcdef",
  // every spec signs up and in from 127.0.0.1: the per-address limits are raised for
  // the suite; the per-account and per-user limits keep their defaults
  RATE_LIMIT_SIGNIN_ADDRESS: "100000/900",
  RATE_LIMIT_SIGNUP_ADDRESS: "100000/3600",
  // deck views are limited per address too (over it they are not counted, which the community spec checks)
  RATE_LIMIT_DECK_VIEW: "100000/600",
  // outgoing mail (password reset links) as files the tests read; file names carry the address, unique per test
  MAIL_DIR,
};

/** The run's id (set once by playwright.config.ts, inherited by the workers): it names the PostgreSQL scratch databases. */
function runId(): string {
  const id = process.env.E2E_RUN_ID;
  if (!id || !/^[a-z0-9]+$/.test(id)) throw new Error("E2E_RUN_ID is not set: run the suite through playwright.config.ts");
  return id;
}

export function postgresDatabaseName(index: number): string {
  return `rb_e2e_${runId()}_${index}`;
}

function withDatabase(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

function runOrThrow(what: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, input?: string) {
  const res = spawnSync(cmd, args, { cwd: ROOT, env, input, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`${what} failed (exit ${res.status ?? res.signal}):\n${res.stdout}\n${res.stderr}`);
  return res;
}

export function scratchDatabase(command: "create" | "drop", base: string, name: string) {
  runOrThrow(`${command} ${name}`, process.execPath, ["test/postgres-scratch.mjs", command, base, name], process.env);
}

/** Migrates and seeds the server's database (scripts/prepare-app.ts), building the app first when `build` and the build is stale. */
export function prepareApp(env: Record<string, string>, { build }: { build: boolean }) {
  runOrThrow("scripts/prepare-app.ts", path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/prepare-app.ts", ...(build ? [] : ["--no-build"])], { ...process.env, ...env });
}

/** Makes the e2e admin the way an operator would (`npm run user -- create-admin`); signing up never makes an admin. */
function createAdmin(env: Record<string, string>, admin: { email: string; password: string; displayName: string }) {
  const res = spawnSync("npm", ["run", "-s", "user", "--", "create-admin", admin.email, "--name", admin.displayName], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    input: `${admin.password}\n`,
    encoding: "utf8",
  });
  if (res.status !== 0 && !/already exists/.test(res.stderr)) throw new Error(`Could not create the e2e admin on ${env.DATABASE_URL}: ${res.stderr || res.stdout}`);
}

/** A running `next start`; resolves once it printed that it is ready and answers /api/health. */
export async function startNext(env: Record<string, string>, port: number): Promise<{ url: string; stop: () => Promise<void>; kill: () => Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(path.join(ROOT, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), AUTH_URL: url },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const killOnExit = () => child.kill("SIGKILL");
  process.on("exit", killOnExit);
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      log += d;
      if (/Ready in/.test(log)) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (d: Buffer) => (log += d));
    child.once("exit", (code) => reject(new Error(`next start on ${url} exited (${code}) before it was ready:\n${log}`)));
  });
  const health = await fetch(`${url}/api/health`);
  if (!health.ok) throw new Error(`${url}/api/health answered ${health.status}:\n${log}`);
  const end = async (signal: NodeJS.Signals) => {
    process.off("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill(signal);
    await exited;
  };
  return {
    url,
    stop: () => end("SIGTERM"),
    // kill -9: no shutdown of any kind (e2e/play-instances.spec.ts)
    kill: () => end("SIGKILL"),
  };
}

/** This worker's server: a fresh database (SQLite file or PostgreSQL scratch database), migrated, seeded, with the admin. */
export async function startWorkerServer(database: Database, index: number, admin: { email: string; password: string; displayName: string }) {
  let env: Record<string, string>;
  let port: number;
  let dropDatabase = () => {};
  if (database === "sqlite") {
    // named by the run too: two runs in one checkout (the suite and npm run bench:playtest) never share a file
    const file = `.tmp/e2e-${runId()}-${index}.db`;
    const remove = () => {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(path.join(ROOT, f), { force: true });
    };
    remove();
    dropDatabase = remove;
    env = { ...SERVER_ENV, DATABASE_URL: `file:./${file}` };
    port = BASE_PORT + 1 + index;
  } else {
    const base = process.env.TEST_POSTGRES_URL;
    if (!base) throw new Error("the postgres project needs TEST_POSTGRES_URL");
    const name = postgresDatabaseName(index);
    scratchDatabase("drop", base, name);
    scratchDatabase("create", base, name);
    dropDatabase = () => scratchDatabase("drop", base, name);
    // the PostgreSQL servers share Redis with the second instance e2e/instances.spec.ts starts: one key prefix per worker
    env = { ...SERVER_ENV, DATABASE_URL: withDatabase(base, name), REDIS_URL: process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379", REDIS_PREFIX: `${process.env.E2E_REDIS_PREFIX ?? "e2e:"}${runId()}-${index}:` };
    port = PG_PORT + index;
  }
  prepareApp(env, { build: false });
  createAdmin(env, admin);
  const server = await startNext(env, port);
  const info: ServerInfo = { url: server.url, port, env };
  return {
    info,
    stop: async () => {
      await server.stop();
      dropDatabase();
    },
  };
}

/** The port of the second instance a worker may start (e2e/instances.spec.ts). */
export function secondInstancePort(index: number): number {
  return SECOND_PORT + index;
}
