/**
 * Games between players over the real protocol, on the production build.
 *
 *   npm run bench:play [-- --games 20 --duration 60 --settle 10 --instances 1|2 --max-rate --kill
 *                          --port 3299 --dist .next-bench --rebuild|--no-build]
 *
 * One instance on a scratch SQLite database, or `--instances 2` on a scratch
 * PostgreSQL database (created and dropped) with Redis. 2 × games bot accounts
 * are made; one signs in through Auth.js, the others' session cookies are
 * minted as Auth.js mints them (scripts/lib/play-setup.ts); `--games` live games are created and
 * joined through the app's data layer, and each seat is a bot on the browser's
 * protocol (scripts/lib/play-bot.ts: the SSE stream, actions POSTed) choosing
 * its moves with the heuristic agent from its own view, after 0.5–3 s of
 * thinking (none with `--max-rate`: the saturation throughput). A finished
 * game is followed by a new one, so `--games` stay live for the whole run.
 *
 * Prints: send → acknowledgement and send → the opponent's update (p50, p99),
 * actions/s, the servers' CPU per action, memory per live game, the load
 * average, and the targets beside them. `--kill` (with --instances 2)
 * kill -9s the first instance 40 % into the run: its clients reconnect to the
 * second; prints the games lost and the longest time until a game was whole
 * again. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=…" profiles the servers.
 * Cleanup (servers, scratch database, Redis keys) runs on every way out, Ctrl-C included.
 */
import { writeFileSync } from "node:fs";
import { getPriority, loadavg, setPriority } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { onCleanup, runTool } from "./lib/cleanup";
import { BOTS_NICE, DURATION, fail, GAMES, INSTANCES, KILL, MAX_RATE, SETTLE, state, step, THINK_MS } from "./lib/play-config";
import { closeConnections, figures, playGame, type Cluster, type GameRun } from "./lib/play-bot";
import { printReport } from "./lib/play-report";
import { cpuMs, tcpCounters, createScratchDb, mainThreadCpuMs, killInstance, makeAccounts, newGame, prepare, registerDrop, rssKb, serverEnv, startInstance, storedGames, type Instance } from "./lib/play-setup";

/** Sums a per-process figure over the instances still running (null when none answers). */
function sum(instances: Instance[], f: (pid: number) => number | null): number | null {
  const xs = instances.filter((i) => i.alive).map((i) => f(i.pid));
  return xs.some((x) => x !== null) ? xs.reduce<number>((a, x) => a + (x ?? 0), 0) : null;
}

async function main() {
  state.started = true;
  const db = await createScratchDb();
  registerDrop(db);
  const env = serverEnv(db.url);
  if (env.REDIS_PREFIX) onCleanup(() => dropRedisKeys(env.REDIS_URL, [env.REDIS_PREFIX, env.RATE_LIMIT_PREFIX]));
  prepare(env);
  const instances: Instance[] = [];
  for (let i = 0; i < INSTANCES; i++) instances.push(await startInstance(i, env));
  step(`Servers up: ${instances.map((i) => i.base).join(", ")}`);
  if (BOTS_NICE > 0) {
    // the bots (this process; the servers were started before) yield the CPU to the servers when both want it
    setPriority(0, Math.min(19, getPriority(0) + BOTS_NICE));
    step(`The bots run at nice ${getPriority(0)}, the servers at ${getPriority(instances[0].pid)}`);
  }
  const accounts = await makeAccounts(db.url, 2 * GAMES, instances[0].base);
  const cluster: Cluster = { instances, killedAt: null };

  const rssBeforeKb = sum(instances, rssKb);
  const runs: GameRun[] = [];
  let stopping = false;
  let created = 0;
  const live = () => runs.filter((r) => !r.finished).length;

  // a slot's next games are made now too, so that no game is made during the measured window: the bots' process writes
  // the same SQLite file through its own connection, and each of its writes holds the server's writes back (under
  // --max-rate, past the server's 10 s busy wait; with thinking time, a game of ~70 actions lasts about two minutes,
  // so one game more per slot covers the run; players make their games through the server, never beside it)
  const depth = MAX_RATE ? 6 : 2;
  step(`Creating ${GAMES * depth} games and connecting ${2 * GAMES} bots (${THINK_MS[1] ? `thinking ${THINK_MS[0]}–${THINK_MS[1]} ms` : "no thinking"})…`);
  let failed: unknown = null;
  // the games, made a few at a time before any bot plays (a thousand at once would only queue for SQLite's writer,
  // each past Prisma's wait for a transaction); a slot whose made games are all played makes its next one itself
  const made: string[][] = Array.from({ length: GAMES }, () => []);
  const tMake = performance.now();
  const maker = async () => {
    while (created < GAMES * depth && !failed) {
      const n = created++;
      const i = n % GAMES;
      try {
        made[i].push(await newGame(accounts[2 * i], accounts[2 * i + 1], n));
      } catch (e) {
        failed ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, GAMES) }, maker));
  if (failed) throw failed;
  step(`Made ${GAMES * depth} games in ${((performance.now() - tMake) / 1000).toFixed(1)} s`);
  const slot = async (i: number) => {
    while (!stopping) {
      const pair: [typeof accounts[0], typeof accounts[0]] = [accounts[2 * i], accounts[2 * i + 1]];
      let code: string;
      try {
        const ready = made[i].shift();
        if (ready === undefined && figures.recording) figures.madeInWindow++;
        code = ready ?? (await newGame(pair[0], pair[1], created++));
      } catch (e) {
        // the run ends with the failure (main throws it, and the cleanup runs)
        failed ??= e;
        stopping = true;
        return;
      }
      const run = playGame(code, pair, cluster, i % instances.length, THINK_MS, () => stopping);
      runs.push(run);
      await run.done;
    }
  };
  const slots = Array.from({ length: GAMES }, (_, i) => slot(i));

  // warm-up: every game created and both its seats streaming (opening the streams is not an action's cost)
  const warm = performance.now();
  // 2 × games streams to open: at least 2 minutes, more for a large run
  const warmLimit = Math.max(120_000, 2 * GAMES * 150);
  while (!failed && (runs.length < GAMES || !runs.every((r) => r.connected() || r.finished)) && performance.now() - warm < warmLimit) await sleep(200);
  step(`${runs.length} games live, ${2 * runs.length} bots connected in ${((performance.now() - warm) / 1000).toFixed(1)} s`);
  if (SETTLE > 0) {
    step(`settling ${SETTLE} s (every game's first decisions, outside the window)`);
    figures.settling = true;
    await sleep(SETTLE * 1000);
    figures.settling = false;
  }
  step(`measuring ${DURATION} s`);

  // CPU of every instance, sampled: a killed one's last reading still counts; the bots' own CPU beside it
  // and their main threads' (the event loop, which serves every request: the figure the latency depends on)
  const lastCpu = instances.map((i) => cpuMs(i.pid) ?? 0);
  const lastMain = instances.map((i) => mainThreadCpuMs(i.pid) ?? 0);
  const cpuStart = lastCpu.slice();
  const mainStart = lastMain.slice();
  const sample = (inst: Instance, k: number) => {
    if (!inst.alive) return;
    lastCpu[k] = cpuMs(inst.pid) ?? lastCpu[k];
    lastMain[k] = mainThreadCpuMs(inst.pid) ?? lastMain[k];
  };
  const sampler = setInterval(() => instances.forEach(sample), 250);
  onCleanup(() => clearInterval(sampler));
  const clientCpu0 = process.cpuUsage();
  const loadStart = loadavg();
  const tcpStart = tcpCounters();
  const t0 = performance.now();
  // the bots' own event loop: an answer read late because the bots' process was busy is late in every figure
  const botLoop = monitorEventLoopDelay({ resolution: 5 });
  botLoop.enable();
  // and per 250 ms, to set beside the servers' [event-loop] lines in the report's tenths
  const botSlice = monitorEventLoopDelay({ resolution: 5 });
  botSlice.enable();
  const botSamples: { at: number; maxMs: number }[] = [];
  const botSampler = setInterval(() => {
    botSamples.push({ at: performance.now(), maxMs: botSlice.max / 1e6 });
    botSlice.reset();
  }, 250);
  onCleanup(() => clearInterval(botSampler));
  figures.recording = true;

  // memory with every game live: sampled through the middle of the run, the median kept
  const rssLive: number[] = [];
  const end = t0 + DURATION * 1000;
  const killAt = KILL ? t0 + DURATION * 400 : Infinity;
  while (performance.now() < end && !failed) {
    await sleep(1000);
    const dead = instances.find((inst) => !inst.alive && !(KILL && inst === instances[0] && cluster.killedAt !== null));
    if (dead) fail(`The server on ${dead.base} exited during the run:\n${dead.log().slice(-4000)}`);
    const now = performance.now();
    if (now > t0 + DURATION * 250 && now < t0 + DURATION * 750) {
      const r = sum(instances, rssKb);
      if (r !== null && cluster.killedAt === null) rssLive.push(r);
    }
    if (now >= killAt && cluster.killedAt === null) {
      for (const r of runs) if (!r.finished) r.hitByKill = true;
      cluster.killedAt = performance.now();
      killInstance(instances[0]);
      step(`kill -9 of ${instances[0].base} (pid ${instances[0].pid}) with ${live()} games live`);
    }
  }
  stopping = true;
  figures.recording = false;
  botLoop.disable();
  clearInterval(botSampler);
  botSlice.disable();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  instances.forEach(sample);
  const cpu = lastCpu.reduce((a, x, k) => a + x - cpuStart[k], 0);
  const mainCpu = lastMain.reduce((a, x, k) => a + x - mainStart[k], 0);
  const client = process.cpuUsage(clientCpu0);
  const loadEnd = loadavg();
  const tcpEnd = tcpCounters();
  const tcp = tcpStart && tcpEnd ? { opened: tcpEnd.opened - tcpStart.opened, listenOverflows: tcpEnd.listenOverflows - tcpStart.listenOverflows, synRetransmits: tcpEnd.synRetransmits - tcpStart.synRetransmits } : null;
  const liveGames = GAMES;
  for (const r of runs) for (const b of r.bots) b.stop();
  await Promise.all(slots);
  closeConnections();
  if (failed) throw failed;
  // the last acknowledged actions are stored before their answer: read the logs now
  const stored = await storedGames(runs.map((r) => r.code));
  rssLive.sort((a, b) => a - b);
  // what the servers logged as errors (a refusal with a typed code is not one): the first lines, to look into
  const errors = instances.flatMap((i) => i.log().split("\n").filter((l) => /error/i.test(l)));
  if (errors.length) step(`The servers logged ${errors.length} error lines; the first:\n${errors.slice(0, 12).join("\n")}`);
  if (process.env.BENCH_PLAY_SERVER_LOG) writeFileSync(process.env.BENCH_PLAY_SERVER_LOG, instances.map((i) => i.log()).join("\n"));
  printReport(runs, {
    botLoopMs: { p99: botLoop.percentile(99) / 1e6, max: botLoop.max / 1e6 }, botSamples, serverSamples: instances.flatMap((i) => i.loop), tcp, seconds, cpuMs: cpu, mainCpuMs: mainCpu, clientCpuMs: (client.user + client.system) / 1000, rssBeforeKb, rssLiveKb: rssLive.length ? rssLive[Math.floor(rssLive.length / 2)] : null, liveGames, load: { start: loadStart, end: loadEnd }, stored, killedAt: cluster.killedAt });
}

/** Removes this run's presence, fan-out and rate-limit keys from Redis. */
async function dropRedisKeys(url: string, prefixes: string[]): Promise<void> {
  const { default: Redis } = await import("ioredis");
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  for (const prefix of prefixes) {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== "0");
  }
  redis.disconnect();
}

// a failure, an exception or Ctrl-C stops every server and drops the scratch database (scripts/lib/cleanup.ts)
runTool(main);
