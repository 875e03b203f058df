/** bench:http's server under test: started from the production build, its sessions, its CPU time. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { tracked } from "./cleanup";
import { serverNodeFlags, serverStartOptions } from "./server-node-flags";
import { BASE, benchSecret, DIST, fail, PASSWORD, PORT, root, state } from "./http-config";

/** The server's timing lines ([event-loop] every 250 ms, [bulk-timings] per import apply, [idle-trim] per idle collection: lib/server/idle-memory.ts), with when they arrived. */
export const serverStats: { at: number; kind: string; data: Record<string, number | string> }[] = [];
export async function startServer(url: string): Promise<ChildProcess> {
  state.url = url;
  const env = { ...process.env, DATABASE_URL: url, NEXT_DIST_DIR: DIST, NODE_ENV: "production" as const, AUTH_SECRET: benchSecret(), PORT: String(PORT), HOSTNAME: "127.0.0.1", EVENT_LOOP_STATS: "1", BULK_TIMINGS: "1" };
  // BENCH_SERVER_NODE_ARGS: flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  // and first the flags `npm start` runs the server with (package.json)
  const child = spawn(process.execPath, [...serverNodeFlags(root), ...nodeArgs, path.join(root, "node_modules", "next", "dist", "bin", "next"), "start", ...serverStartOptions(root), "-p", String(PORT), "-H", "127.0.0.1"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  // stopped at the end of the run however it ends (a failed mode, Ctrl-C): never left spinning a core
  tracked(child);
  let log = "";
  let pending = "";
  child.stdout?.on("data", (d) => {
    pending += d;
    for (let i; (i = pending.indexOf("\n")) >= 0; ) {
      const line = pending.slice(0, i);
      pending = pending.slice(i + 1);
      const m = /^\[(event-loop|bulk-timings|idle-trim)\] (\{.*\})$/.exec(line.trim());
      if (m) serverStats.push({ at: performance.now(), kind: m[1], data: JSON.parse(m[2]) });
      else if (log.length < 100_000) log += `${line}\n`;
    }
  });
  child.stderr?.on("data", (d) => (log += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`The server exited (${child.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${BASE}/api/health`);
      if (r.ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill();
  fail(`The server did not answer on ${BASE} within 60 s:\n${log}`);
}

export function cookieHeader(res: Response, jar: Map<string, string>) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const eq = pair.indexOf("=");
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

const sessions = new Map<string, string>();

/**
 * The Cookie header of a session for `email`. Every benchmark user is signed in
 * once, before any mode runs (main), and the session is reused: the login flood
 * locks the client address out of signing in for the limit's window, so a mode
 * that ran after it could not sign in again (the app's limits stay as they are).
 */
export async function session(email: string): Promise<string> {
  const known = sessions.get(email);
  if (known) return known;
  const cookie = await signIn(email);
  sessions.set(email, cookie);
  return cookie;
}

/** Signs in through the Auth.js credentials endpoint and returns the Cookie header of the session. */
async function signIn(email: string): Promise<string> {
  const jar = new Map<string, string>();
  const csrfRes = await fetch(`${BASE}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const cookie = cookieHeader(csrfRes, jar);
  const res = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, email, password: PASSWORD, callbackUrl: `${BASE}/` }).toString(),
  });
  const all = cookieHeader(res, jar);
  if (![...jar.keys()].some((k) => k.includes("session-token"))) fail(`Signing in ${email} failed (HTTP ${res.status}).`);
  return all;
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * The server's CPU time so far in ms (user + system, all its threads), or null
 * where /proc is missing. Per request, it stays meaningful on a loaded machine
 * where requests/s does not: it is the work each request cost, not the wait for a core.
 */
export function serverCpuMs(): number | null {
  if (!state.pid) return null;
  try {
    const fields = readFileSync(`/proc/${state.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}


/** The server's resident memory in KB (VmRSS of /proc/<pid>/status), or null where /proc is missing. */
export function serverRssKb(): number | null {
  if (!state.pid) return null;
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${state.pid}/status`, "utf8"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Samples the server's RSS every 250 ms until stop(): now() reads it, peak() is the highest seen. */
export function startRssSampler(): { now: () => number | null; peak: () => number | null; stop: () => void } {
  let peak: number | null = null;
  const sample = () => {
    const kb = serverRssKb();
    if (kb !== null && (peak === null || kb > peak)) peak = kb;
    return kb;
  };
  sample();
  const timer = setInterval(sample, 250);
  timer.unref();
  return { now: sample, peak: () => peak, stop: () => clearInterval(timer) };
}
