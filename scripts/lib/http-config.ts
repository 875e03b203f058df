/** bench:http's arguments, constants and shared run state (scripts/bench-http.ts). */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { ToolFailure } from "./cleanup";

const args = process.argv.slice(2);
function opt(name: string, def: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : def;
}
export const DB_KIND = opt("db", "sqlite");
export const CARDS = Number(opt("cards", "10000"));
export const MODE = opt("mode", "pages");
export const DURATION = Number(opt("duration", "10"));
export const CONNECTIONS = Number(opt("connections", "20"));
export const PORT = Number(opt("port", process.env.BENCH_PORT ?? "3199"));
export const DIST = opt("dist", ".next-bench");
export const REBUILD = args.includes("--rebuild");
export const NO_BUILD = args.includes("--no-build");
/** `--only a,b`: load only the pages of these names, as the table prints them (the baseline always runs). */
export const ONLY = opt("only", "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);

if (!["sqlite", "postgres"].includes(DB_KIND)) fail(`--db must be sqlite or postgres (got ${DB_KIND}).`);
if (!Number.isInteger(CARDS) || CARDS < 0 || CARDS > 200_000) fail("--cards must be a whole number from 0 to 200000.");
if (!(DURATION > 0 && DURATION <= 120)) fail("--duration must be 1..120 seconds.");
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1 || CONNECTIONS > 200) fail("--connections must be 1..200.");

export const BASE = `http://127.0.0.1:${PORT}`;
export const root = process.cwd();
export const scratch = path.join(root, ".tmp", "bench");
mkdirSync(scratch, { recursive: true });

export const TARGETS = { publicCached: 0.3, signedIn: 0.1, healthP99: 200 };
export const PASSWORD = "bench-password-Zq8!x";

/** What the run shares across modules: `started` is set once main() runs (from then on a failure throws, so runTool stops the server and drops the scratch database first); `pid` and `url` are the server process and its database. */
export const state: { started: boolean; pid: number | undefined; url: string } = { started: false, pid: undefined, url: "" };
export function fail(msg: string): never {
  if (state.started) throw new ToolFailure(msg);
  console.error(`\u2716 ${msg}`);
  process.exit(2);
}
export function step(msg: string) {
  console.log(`\u25b8 ${msg}`);
}

export function benchSecret(): string {
  return process.env.AUTH_SECRET || "bench-http-secret-not-for-production-0123456789";
}
