/** bench:play's arguments, targets and shared run state (scripts/bench-play.ts). */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { ToolFailure } from "./cleanup";

const args = process.argv.slice(2);
function opt(name: string, def: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : def;
}

/** Concurrent live games (each a pair of bots); a finished game is followed by a new one until the run ends. */
export const GAMES = Number(opt("games", "20"));
export const INSTANCES = Number(opt("instances", "1"));
/** Seconds of play measured (after the games are created and the bots connected). */
export const DURATION = Number(opt("duration", "60"));
/**
 * Seconds of play after every bot connected and before the window: the first decisions of every game. The games all
 * start at once, so every seat's first placement (and every stream's opening just before) falls in the same few
 * seconds, which players arriving over time never do; the settle period's round trips are printed apart.
 */
export const SETTLE = Number(opt("settle", "10"));
export const MAX_RATE = args.includes("--max-rate");
/** How much lower the bots' CPU priority is than the servers' (nice; 0: the same). */
export const BOTS_NICE = Number(opt("bots-nice", "0"));
export const KILL = args.includes("--kill");
export const PORT = Number(opt("port", process.env.BENCH_PORT ?? "3299"));
export const DIST = opt("dist", ".next-bench");
export const NO_BUILD = args.includes("--no-build");
export const REBUILD = args.includes("--rebuild");
/** A bot's thinking time per decision, in ms (none with --max-rate). */
export const THINK_MS: [number, number] = MAX_RATE ? [0, 0] : [500, 3000];
export const DB_KIND: "sqlite" | "postgres" = INSTANCES === 2 ? "postgres" : "sqlite";

export const root = process.cwd();
export const scratch = path.join(root, ".tmp", "bench");
mkdirSync(scratch, { recursive: true });

export const TARGETS = { games: 1000, p99Ms: 100, lost: 0, resumeMs: 5000 };
export const PASSWORD = "bench-play-password-Zq8!x";

/** `started` is set once main() runs (from then on a failure throws, so runTool stops the servers and drops the scratch database first). */
export const state: { started: boolean } = { started: false };

export function fail(msg: string): never {
  if (state.started) throw new ToolFailure(msg);
  console.error(`\u2716 ${msg}`);
  process.exit(2);
}

export function step(msg: string) {
  console.log(`\u25b8 ${msg}`);
}

export function benchSecret(): string {
  return process.env.AUTH_SECRET || "bench-play-secret-not-for-production-0123456789";
}

if (!Number.isInteger(GAMES) || GAMES < 1 || GAMES > 5000) fail("--games must be a whole number from 1 to 5000.");
if (INSTANCES !== 1 && INSTANCES !== 2) fail("--instances must be 1 (SQLite) or 2 (PostgreSQL and Redis).");
if (!Number.isInteger(BOTS_NICE) || BOTS_NICE < 0 || BOTS_NICE > 19) fail("--bots-nice must be a whole number from 0 to 19.");
if (!(SETTLE >= 0 && SETTLE <= 600)) fail("--settle must be 0..600 seconds.");
if (!(DURATION >= 5 && DURATION <= 1800)) fail("--duration must be 5..1800 seconds.");
if (KILL && INSTANCES !== 2) fail("--kill needs --instances 2: one instance is killed and the bots move to the other.");
