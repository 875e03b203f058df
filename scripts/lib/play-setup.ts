/**
 * bench:play's scratch database, its production servers (one on SQLite, or
 * two on PostgreSQL sharing Redis), the bots' accounts and their session
 * cookies (one signed in through Auth.js's credentials endpoint, the rest
 * minted as Auth.js mints them), and the games
 * (created and joined through the app's own data layer, lib/play/data).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createScratchDb as createSharedScratchDb, type Scratch } from "./scratch-db";
import { setTimeout as sleep } from "node:timers/promises";
import { onCleanup, stopChild } from "./cleanup";
import { serverNodeFlags, serverStartOptions } from "./server-node-flags";
import { benchSecret, DB_KIND, DIST, fail, MAX_RATE, NO_BUILD, PASSWORD, PORT, REBUILD, root, scratch, step } from "./play-config";

/** A scratch SQLite file, or a scratch PostgreSQL database (dropped at the end of the run however it ends). */
export function createScratchDb(): Promise<Scratch> {
  return createSharedScratchDb(DB_KIND, scratch, "play");
}

/** What every instance runs with: the scratch database, and with two instances Redis under a prefix of this run's own. */
export function serverEnv(url: string): Record<string, string> {
  // EVENT_LOOP_STATS: each server prints how long its event loop was held and its longest GC pause every 250 ms (the report's tenths)
  const env: Record<string, string> = { DATABASE_URL: url, NEXT_DIST_DIR: DIST, NODE_ENV: "production", AUTH_SECRET: benchSecret(), HOSTNAME: "127.0.0.1", EVENT_LOOP_STATS: "1" };
  if (DB_KIND === "postgres") {
    env.REDIS_URL = process.env.BENCH_REDIS_URL || "redis://127.0.0.1:6379";
    env.REDIS_PREFIX = `bench-play-${process.pid}:`;
    env.RATE_LIMIT_PREFIX = `bench-play-${process.pid}:rl`;
  }
  // --max-rate: a bot without thinking time sends more than a person's 240 actions a minute (the limit is still checked on every action)
  if (MAX_RATE) env.RATE_LIMIT_PLAY_ACTION = "1000000/60";
  return env;
}

/** Migrates and seeds the scratch database, and builds the app into DIST when its sources changed (scripts/prepare-app.ts). */
export function prepare(env: Record<string, string>): void {
  if (REBUILD) rmSync(path.join(root, DIST, "ringbinder-source-hash"), { force: true });
  step(`Preparing the scratch ${DB_KIND} database and the build in ${DIST} (builds only when the sources changed)…`);
  const res = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), ["--conditions=react-server", "scripts/prepare-app.ts", ...(NO_BUILD ? ["--no-build"] : [])], { stdio: "inherit", env: { ...process.env, ...env } });
  if (res.status !== 0) fail(`scripts/prepare-app.ts failed (exit ${res.status ?? res.signal}).`);
}

/** One of a server's [event-loop] lines (lib/server/event-loop-stats.ts), stamped with when the bench read it. */
export type LoopSample = { at: number; maxMs: number; gcMaxMs: number; writeMaxMs: number; writeRunMaxMs: number };

export type Instance = { index: number; base: string; pid: number; child: ChildProcess; alive: boolean; log: () => string; loop: LoopSample[] };

/** One production server (`next start`) on PORT + index; stopped at the end of the run however it ends. */
export async function startInstance(index: number, env: Record<string, string>): Promise<Instance> {
  const port = PORT + index;
  const base = `http://127.0.0.1:${port}`;
  const taken = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) fail(`Something already answers on ${base}: choose another --port.`);
  // BENCH_SERVER_NODE_ARGS: flags for the servers' node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile them
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  // and first the flags `npm start` runs the server with (package.json)
  const child = spawn(process.execPath, [...serverNodeFlags(root), ...nodeArgs, path.join(root, "node_modules", "next", "dist", "bin", "next"), "start", ...serverStartOptions(root), "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, ...env, PORT: String(port), AUTH_URL: base },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  // a profiled server writes its profile on the way out: give it time
  onCleanup(() => stopChild(child, nodeArgs.length ? 30_000 : 5_000));
  let log = "";
  const loop: LoopSample[] = [];
  let partial = "";
  // the [event-loop] lines (every 250 ms) are kept apart, stamped as they are read; everything else is the log
  const keep = (d: Buffer) => {
    const lines = (partial + d.toString("utf8")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith("[event-loop] ")) {
        try {
          const x = JSON.parse(line.slice(13)) as { maxMs: number; gcMaxMs?: number; writeMaxMs?: number; writeRunMaxMs?: number };
          loop.push({ at: performance.now(), maxMs: x.maxMs, gcMaxMs: x.gcMaxMs ?? 0, writeMaxMs: x.writeMaxMs ?? 0, writeRunMaxMs: x.writeRunMaxMs ?? 0 });
        } catch {
          // a line cut short: not a figure
        }
      } else if (log.length < 200_000) log += line + "\n";
    }
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const inst: Instance = { index, base, pid: child.pid!, child, alive: true, log: () => log + partial, loop };
  child.once("exit", () => (inst.alive = false));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`The server on ${base} exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return inst;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  fail(`The server did not answer on ${base} within 90 s:\n${log}`);
}

/** kill -9 of an instance (its whole process group: nothing of it goes on serving). */
export function killInstance(inst: Instance): void {
  try {
    process.kill(-inst.pid, "SIGKILL");
  } catch {
    inst.child.kill("SIGKILL");
  }
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** A process's CPU time so far in ms (user + system, all its threads), or null once it is gone. */
export function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** A process's main thread's CPU time so far in ms (user + system: the event loop, where every request is served), or null once it is gone. */
export function mainThreadCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** A process's resident memory in KB (VmRSS), or null once it is gone. */
export function rssKb(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export type Account = { id: string; email: string; displayName: string; role: "user"; cookie: string };

/**
 * The bots' accounts, made in the database with one password hash (the app's
 * own scrypt). The first signs in for real through Auth.js's credentials
 * endpoint (the check that sign-in works and what its token carries); the
 * others get a session cookie minted here as Auth.js mints one (mintSession):
 * 2,000 sign-ins of a memory-hard KDF would take the run's first minutes.
 */
export async function makeAccounts(url: string, n: number, base: string): Promise<Account[]> {
  process.env.DATABASE_URL = url;
  const { createPrismaClient } = await import("@/lib/server/db/db");
  const { hashPassword } = await import("@/lib/accounts/password");
  const db = createPrismaClient(url);
  const passwordHash = await hashPassword(PASSWORD);
  const rows = Array.from({ length: n }, (_, i) => ({ email: `bot-${i}@bench-play.test`, displayName: `Bot ${i}`, passwordHash, role: "user" }));
  await db.user.createMany({ data: rows });
  const users = await db.user.findMany({ where: { email: { endsWith: "@bench-play.test" } }, select: { id: true, email: true, displayName: true, sessionVersion: true } });
  await db.$disconnect();
  const byEmail = new Map(users.map((u) => [u.email, u]));
  const t0 = Date.now();
  const real = await signIn(base, rows[0].email);
  await checkSession(base, real, byEmail.get(rows[0].email)!.id, "signed in through the credentials endpoint");
  const accounts: Account[] = [];
  for (const r of rows) {
    const { sessionVersion, ...u } = byEmail.get(r.email)!;
    accounts.push({ ...u, role: "user", cookie: r === rows[0] ? real : await mintSession(u, sessionVersion) });
  }
  // a minted cookie must be one the server takes as it takes a real one
  await checkSession(base, accounts[accounts.length - 1].cookie, accounts[accounts.length - 1].id, "minted");
  step(`Signed in 1 bot account through the credentials endpoint and minted ${n - 1} session cookies in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return accounts.sort((a, b) => a.email.localeCompare(b.email, "en", { numeric: true }));
}

/**
 * The Cookie header of a session for an account, as Auth.js writes it after a
 * sign-in (lib/accounts/auth.ts, jwt callback): its default claims (name,
 * email, sub) and the app's uid, a fresh sid and the account's session
 * version, encrypted with AUTH_SECRET under the cookie name as salt (plain
 * http here, so no __Secure- prefix).
 */
async function mintSession(u: { id: string; email: string; displayName: string }, sessionVersion: number): Promise<string> {
  const { encode } = await import("next-auth/jwt");
  const name = "authjs.session-token";
  const token = { name: u.displayName, email: u.email, sub: u.id, uid: u.id, sid: randomUUID(), sv: sessionVersion };
  return `${name}=${await encode({ token, secret: benchSecret(), salt: name, maxAge: 30 * 24 * 60 * 60 })}`;
}

/** Fails the run unless the server reads `cookie` as a session of `userId`. */
async function checkSession(base: string, cookie: string, userId: string, what: string): Promise<void> {
  const res = await fetch(`${base}/api/auth/session`, { headers: { cookie } });
  const body = (await res.json().catch(() => null)) as { user?: { id?: string } } | null;
  if (body?.user?.id !== userId) fail(`A session cookie ${what} is not taken by the server (HTTP ${res.status}, ${JSON.stringify(body)}).`);
}

function cookiesOf(res: Response, jar: Map<string, string>): string {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const eq = pair.indexOf("=");
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** Signs in through the Auth.js credentials endpoint and returns the Cookie header of the session. */
async function signIn(base: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const cookie = cookiesOf(csrfRes, jar);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, email, password: PASSWORD, callbackUrl: `${base}/` }).toString(),
  });
  const all = cookiesOf(res, jar);
  if (![...jar.keys()].some((k) => k.includes("session-token"))) fail(`Signing in ${email} failed (HTTP ${res.status}).`);
  return all;
}

const STARTERS = ["team-sonic-speed", "eggman-empire"];

/**
 * A new live game between two accounts, as the app makes one: the host
 * creates it (lib/play/data/games createGame: its seed, lead and links drawn
 * with the server's CSPRNG) with a starter deck, the guest joins it by its
 * invite token. Returns its game link code.
 */
export async function newGame(host: Account, guest: Account, n: number): Promise<string> {
  // SQLite: the servers' writes may hold the lock past Prisma's wait for a transaction: wait and try again
  for (let attempt = 1; ; attempt++) {
    try {
      return await createAndJoin(host, guest, n);
    } catch (e) {
      if ((e as { code?: string }).code !== "P2028" || attempt === 5) throw e;
      await sleep(200 * attempt);
    }
  }
}

async function createAndJoin(host: Account, guest: Account, n: number): Promise<string> {
  const { createGame, joinGame } = await import("@/lib/play/data/games");
  const { resolveSeatDeck } = await import("@/lib/play/decks");
  const { db } = await import("@/lib/server/db/db");
  const decks = await Promise.all([host, guest].map((a, i) => resolveSeatDeck(a, `starter:${STARTERS[(n + i) % 2]}`)));
  const { code, id } = await createGame(host, { listing: "invite", pace: "live", columnRule: "priority" }, decks[0]);
  const { inviteToken } = await db.playGame.findUniqueOrThrow({ where: { id }, select: { inviteToken: true } });
  await joinGame(guest, { token: inviteToken }, decks[1]);
  return code;
}

/** The stored state of games at the end of the run: their seq, status, and how many actions their log holds. */
export async function storedGames(codes: string[]): Promise<Map<string, { seq: number; status: string; actions: number }>> {
  const { db } = await import("@/lib/server/db/db");
  const rows = await db.playGame.findMany({ where: { code: { in: codes } }, select: { code: true, seq: true, status: true, _count: { select: { actions: true } } } });
  return new Map(rows.map((r) => [r.code, { seq: r.seq, status: r.status, actions: r._count.actions }]));
}

export function registerDrop(db: Scratch): void {
  // undone last, after the servers (registered later) have stopped; KEEP=1 keeps it to look at
  onCleanup(() => (process.env.KEEP ? undefined : db.drop()));
}

/**
 * The kernel's TCP counters on this machine (/proc/net/snmp and /proc/net/netstat; null elsewhere): connections
 * opened, SYNs dropped because a listening socket's accept queue was full, and SYNs sent again (a dropped SYN is
 * sent again after 1 s, then 3 s: a second or more added to whatever waited on that connection).
 */
export function tcpCounters(): { opened: number; listenOverflows: number; synRetransmits: number } | null {
  try {
    const field = (file: string, prefix: string, name: string): number => {
      const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.startsWith(`${prefix}:`));
      const names = lines[0].split(/\s+/);
      const values = lines[1].split(/\s+/);
      const i = names.indexOf(name);
      return i > 0 ? Number(values[i]) : 0;
    };
    return {
      opened: field("/proc/net/snmp", "Tcp", "ActiveOpens"),
      listenOverflows: field("/proc/net/netstat", "TcpExt", "ListenOverflows"),
      synRetransmits: field("/proc/net/netstat", "TcpExt", "TCPSynRetrans"),
    };
  } catch {
    return null;
  }
}
