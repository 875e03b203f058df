/** bench:play's figures, printed with the targets beside them (never asserted). */
import { cpus } from "node:os";
import { DB_KIND, DURATION, GAMES, INSTANCES, KILL, MAX_RATE, TARGETS, THINK_MS } from "./play-config";
import { figures, type GameRun } from "./play-bot";

export function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
}

const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 1 : 0)} ms` : "?");
const verdict = (ok: boolean) => (ok ? "met" : "missed");

export type RunFigures = {
  seconds: number;
  /** How late the bots' own event loop ran (a 5 ms timer's lateness): answers read late count in every round trip. */
  botLoopMs: { p99: number; max: number };
  /** The bots' event loop's lateness, the most in each 250 ms (when it was read). */
  botSamples: { at: number; maxMs: number }[];
  /** The servers' [event-loop] lines: the event loop's longest hold and the longest GC pause in each 250 ms. */
  serverSamples: { at: number; maxMs: number; gcMaxMs: number; writeMaxMs: number; writeRunMaxMs: number }[];
  /** The machine's TCP counters over the window (null where /proc does not have them). */
  tcp: { opened: number; listenOverflows: number; synRetransmits: number } | null;
  cpuMs: number | null;
  /** The servers' main threads only (the event loop: requests, the referee, the views; not the SQLite writer or GC helper threads). */
  mainCpuMs: number;
  /** The bots' own process (agents, parsing): near a whole core, the bots and not the server set the pace. */
  clientCpuMs: number;
  rssBeforeKb: number | null;
  rssLiveKb: number | null;
  liveGames: number;
  load: { start: number[]; end: number[] };
  stored: Map<string, { seq: number; status: string; actions: number }>;
  killedAt: number | null;
};

/** Games lost: live when the instance was killed and never whole again, or whose stored log lacks an action a player saw acknowledged. */
export function lostGames(runs: GameRun[], stored: RunFigures["stored"]): { lost: GameRun[]; missing: GameRun[]; notResumed: GameRun[] } {
  const missing = runs.filter((r) => {
    const s = stored.get(r.code);
    return !s || s.seq < Math.max(...r.acked) || s.actions !== s.seq;
  });
  const notResumed = runs.filter((r) => r.hitByKill && r.resumedAt === null && !r.finished);
  return { lost: [...new Set([...missing, ...notResumed])], missing, notResumed };
}

export function printReport(runs: GameRun[], f: RunFigures): void {
  const [l1s, l5s] = f.load.start;
  const [l1, l5, l15] = f.load.end;
  const perSec = figures.accepted / f.seconds;
  const ackP99 = pct(figures.ackMs, 99);
  const oppP99 = pct(figures.opponentMs, 99);
  console.log(`\nbench:play — ${INSTANCES} instance${INSTANCES > 1 ? "s" : ""} (${DB_KIND}${INSTANCES > 1 ? " + Redis" : ""}), ${GAMES} concurrent live games, ${MAX_RATE ? "no thinking time (--max-rate)" : `thinking ${THINK_MS[0] / 1000}–${THINK_MS[1] / 1000} s per decision`}, ${DURATION} s measured, ${cpus().length} cores`);
  console.log(`  games played: ${runs.length} (${runs.filter((r) => r.finished).length} to their end, the rest stopped at the end of the run); live at once: ${f.liveGames}; made during the window (beside the server): ${figures.madeInWindow}`);
  console.log(`  actions accepted: ${figures.accepted} (${perSec.toFixed(1)} actions/s${MAX_RATE ? ": the saturation throughput" : ""}); stale refusals ${figures.stale}; other refusals ${[...figures.refused].map(([k, v]) => `${k} ×${v}`).join(", ") || "none"}; failed connections ${figures.networkErrors}; stream reconnections ${figures.reconnects}`);
  console.log(`  send → acknowledgement:  p50 ${ms(pct(figures.ackMs, 50))}, p99 ${ms(ackP99)} (${figures.ackMs.length} actions)`);
  if (figures.settleAckMs.length) console.log(`  … before the window, in the settle period (every game's first decisions at once; not in the figures above): p50 ${ms(pct(figures.settleAckMs, 50))}, p99 ${ms(pct(figures.settleAckMs, 99))}, max ${ms(largest(figures.settleAckMs))} (${figures.settleAckMs.length} actions)`);
  console.log(`  … by tenth of the window (p50 / p99 / max, ms): ${tenths(figures.ackMs, figures.ackAt).join("; ")}`);
  console.log(`  … in the same tenths, the longest server event-loop hold / server GC pause / SQLite write: call to answer, and its statements on the writer thread (SQLite only) / bots' event-loop lateness (ms): ${causes(figures.ackAt, f).join("; ")}`);
  if (figures.views) console.log(`  views streamed: ${figures.views} (${(figures.views / Math.max(1, figures.accepted)).toFixed(2)} per action), ${(figures.viewChars / figures.views / 1024).toFixed(1)} KB of JSON each on average`);
  console.log(`  send → opponent's update: p50 ${ms(pct(figures.opponentMs, 50))}, p99 ${ms(oppP99)} (${figures.opponentMs.length} updates)`);
  const cpuPer = f.cpuMs !== null && figures.accepted ? f.cpuMs / figures.accepted : null;
  console.log(`  server CPU per action: ${cpuPer === null ? "?" : `${cpuPer.toFixed(2)} ms`} (the server process${INSTANCES > 1 ? "es'" : "'s"} CPU time over the run, all threads, streams included, / actions accepted)`);
  const mainPer = figures.accepted ? f.mainCpuMs / figures.accepted : null;
  console.log(`  server main-thread CPU per action: ${mainPer === null ? "?" : `${mainPer.toFixed(2)} ms`} (the event loop alone, ${(f.mainCpuMs / 10 / f.seconds).toFixed(0)} % of a core: its utilisation sets the queueing)`);
  if (cpuPer !== null) console.log(`    → at this cost ${cpus().length} cores serve at most ~${Math.floor((cpus().length * 1000) / cpuPer)} actions/s`);
  console.log(`  the bots' event loop late by: p99 ${f.botLoopMs.p99.toFixed(0)} ms, max ${f.botLoopMs.max.toFixed(0)} ms (part of every round trip measured above)`);
  console.log(`  server CPU use: ${f.cpuMs === null ? "?" : `${(f.cpuMs / 10 / f.seconds).toFixed(0)} %`} of a core; the bots' process: ${(f.clientCpuMs / 10 / f.seconds).toFixed(0)} % of a core (on the same machine)`);
  const rssPer = f.rssBeforeKb !== null && f.rssLiveKb !== null ? (f.rssLiveKb - f.rssBeforeKb) / Math.max(1, f.liveGames) : null;
  console.log(`  memory per live game: ${rssPer === null ? "?" : `${rssPer.toFixed(0)} KB`} (server RSS ${mb(f.rssBeforeKb)} before the games, ${mb(f.rssLiveKb)} with ${f.liveGames} live, / games)`);
  console.log(`  load average: ${l1s.toFixed(1)} / ${l5s.toFixed(1)} at the start, ${l1.toFixed(1)} / ${l5.toFixed(1)} / ${l15.toFixed(1)} at the end (1 / 5 / 15 min; a shared machine: other work ran beside the benchmark)`);
  if (f.tcp) console.log(`  TCP over the window (the whole machine): ${f.tcp.opened} connections opened, ${f.tcp.listenOverflows} SYNs dropped on a full accept queue, ${f.tcp.synRetransmits} SYNs sent again (each a second or more of waiting)`);
  console.log(`  views older than the last one on the same connection: ${figures.regressions}${figures.regressions ? " (!)" : ""}; views reaching a bot after a newer action's answer (two connections, either order): ${figures.overtaken}`);

  if (KILL) {
    const { lost, missing, notResumed } = lostGames(runs, f.stored);
    const hit = runs.filter((r) => r.hitByKill);
    const resume = hit.filter((r) => r.resumedAt !== null).map((r) => r.resumedAt! - f.killedAt!);
    const acted = hit.filter((r) => r.actedAfterKill !== null).map((r) => r.actedAfterKill! - f.killedAt!);
    const longest = resume.length ? Math.max(...resume) : NaN;
    console.log(`\nFault mode: kill -9 of instance 1 with ${hit.length} games live; their clients reconnected to instance 2`);
    console.log(`  games lost: ${lost.length} (${missing.length} with an acknowledged action missing from the stored log, ${notResumed.length} never whole again) — target ${TARGETS.lost}: ${verdict(lost.length === TARGETS.lost)}`);
    console.log(`  until a game was whole again (both seats streaming a current view): median ${ms(pct(resume, 50))}, longest ${ms(longest)} — target ≤ ${TARGETS.resumeMs / 1000} s: ${verdict(longest <= TARGETS.resumeMs)}`);
    console.log(`  until its first accepted action after the kill (thinking time included): median ${ms(pct(acted, 50))}, longest ${ms(acted.length ? Math.max(...acted) : NaN)}`);
  } else {
    const { missing } = lostGames(runs, f.stored);
    console.log(`  stored logs: ${missing.length === 0 ? "every acknowledged action is in its game's log" : `${missing.length} games lack an acknowledged action`}`);
  }

  console.log(`\nTargets (2-core machine, printed, not asserted):`);
  console.log(`  ${TARGETS.games.toLocaleString("en")} concurrent live games: ${GAMES >= TARGETS.games ? "this run's size" : `this run had ${GAMES}`}`);
  console.log(`  action round trip p99 ≤ ${TARGETS.p99Ms} ms at ${TARGETS.games.toLocaleString("en")} games on one instance: this run ${ms(Math.max(ackP99, oppP99))} at ${GAMES} games on ${INSTANCES} (${GAMES >= TARGETS.games && INSTANCES === 1 ? verdict(Math.max(ackP99, oppP99) <= TARGETS.p99Ms) : "not the target's size"})`);
  console.log(`  fault mode: ${TARGETS.lost} games lost, every game resumed within ${TARGETS.resumeMs / 1000} s of the kill${KILL ? "" : " (run with --instances 2 --kill)"}`);
}

const mb = (kb: number | null) => (kb === null ? "?" : `${(kb / 1024).toFixed(0)} MB`);

/** The acknowledgements' p50 / p99 / max in each tenth of the measured window (where the tail sits in time: a burst, a pause, a growing queue). */
function tenths(ms: number[], at: number[]): string[] {
  if (!at.length) return [];
  // in the order the acknowledgements came: the first and the last are the window's ends
  const start = at[0];
  const span = at[at.length - 1] - start || 1;
  const slices: number[][] = Array.from({ length: 10 }, () => []);
  at.forEach((t, i) => slices[Math.min(9, Math.floor(((t - start) / span) * 10))].push(ms[i]));
  return slices.map((s) => (s.length ? `${pct(s, 50).toFixed(0)}/${pct(s, 99).toFixed(0)}/${largest(s).toFixed(0)}` : "-"));
}

/** Per tenth of the window (the acknowledgements' span, as `tenths`): the most the servers' loops were held, their longest GC pause, their longest SQLite write, and the bots' loop's lateness. */
function causes(at: number[], f: RunFigures): string[] {
  if (!at.length) return [];
  const start = at[0];
  const span = at[at.length - 1] - start || 1;
  const out = Array.from({ length: 10 }, () => [0, 0, 0, 0, 0]);
  // outside the acknowledgements' span: -1; its very end is in the last tenth, as in `tenths`
  const slot = (t: number) => (t < start || t > start + span ? -1 : Math.min(9, Math.floor(((t - start) / span) * 10)));
  for (const s of f.serverSamples) {
    const k = slot(s.at);
    if (k < 0) continue;
    out[k][0] = Math.max(out[k][0], s.maxMs);
    out[k][1] = Math.max(out[k][1], s.gcMaxMs);
    out[k][2] = Math.max(out[k][2], s.writeMaxMs);
    out[k][3] = Math.max(out[k][3], s.writeRunMaxMs);
  }
  for (const s of f.botSamples) {
    const k = slot(s.at);
    if (k >= 0) out[k][4] = Math.max(out[k][4], s.maxMs);
  }
  return out.map((o) => o.map((x) => x.toFixed(0)).join("/"));
}

/** The largest value (a loop: a long run's million values would overflow Math.max's arguments). */
function largest(values: number[]): number {
  let m = -Infinity;
  for (const v of values) if (v > m) m = v;
  return m;
}
