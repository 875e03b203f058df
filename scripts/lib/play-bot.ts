/**
 * bench:play's bot clients: each seat of each game is a bot that speaks the
 * browser's protocol (docs/play.md): an EventSource-like stream of
 * `GET /api/play/<code>/stream` (reconnecting after its `retry` like
 * EventSource, to the other instance when its own is gone, as a load
 * balancer would send it), and `POST /api/play/<code>/action` with
 * `{ seq, move }` and the page's Origin. The heuristic agent chooses each
 * move from the seat's own player view, after a thinking time.
 */
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { heuristicAgent, type Player } from "@/lib/engine";
import type { PlayMessage } from "@/lib/play/types";
import { decodeMessage, wireDecoder, type WireMessage } from "@/lib/play/wire";
import type { Account, Instance } from "./play-setup";

/**
 * Each bot's own connections, as each player's browser has its own: its stream and its POSTs on kept-alive sockets
 * (at most 6 to the site, as browsers over HTTP/1.1), kept from one of its games to the next. One pool shared by every bot would hand a burst of POSTs new
 * connections while sockets it no longer used idled out on the server, a pattern no set of browsers makes.
 */
const agents = new Map<Account, Agent>();
function botAgent(account: Account): Agent {
  let a = agents.get(account);
  if (!a) agents.set(account, (a = new Agent({ keepAlive: true, maxSockets: 6 })));
  return a;
}

/** Closes the bots' idle keep-alive sockets (a server stops at once only when no connection is left open). */
export function closeConnections(): void {
  for (const a of agents.values()) a.destroy();
  agents.clear();
}

/** What the run measures, shared by every bot. */
export const figures = {
  ackMs: [] as number[],
  /** When each acknowledgement came (performance.now()), in the order of ackMs: the report's tail over time. */
  ackAt: [] as number[],
  /** Round trips (send → acknowledgement) during the settle period before the window (--settle). */
  settleAckMs: [] as number[],
  settling: false,
  opponentMs: [] as number[],
  accepted: 0,
  stale: 0,
  refused: new Map<string, number>(),
  networkErrors: 0,
  reconnects: 0,
  /** A view older than one already received on the same connection (must stay 0: one connection's views never go back). */
  regressions: 0,
  /**
   * A view older than an action its seat had seen acknowledged, on arrival: the view was written before the answer,
   * on the other connection, and the bot's process read the answer's socket first (not a fault of the server).
   */
  overtaken: 0,
  /** Games the bots' process had to make during the window (beside the server, on its database): should be 0 or near it. */
  madeInWindow: 0,
  /** View messages the bots' streams received in the window, and their JSON's length in all (characters). */
  views: 0,
  viewChars: 0,
  /** While false, latencies are not recorded (the warm-up, and after the run). */
  recording: false,
};

export type Cluster = { instances: Instance[]; killedAt: number | null };

/** A game as the bots play it: its two seats, the latest seq each seat had acknowledged, and what the fault mode watches. */
export interface GameRun {
  code: string;
  bots: [Bot, Bot];
  acked: [number, number];
  finished: boolean;
  /** Per seat, the action on its way and when it was sent (for the opponent's-update latency). */
  pending: [{ seq: number; t0: number; seen: boolean } | null, { seq: number; t0: number; seen: boolean } | null];
  /** Fault mode: the game was live when the instance was killed; when it was whole again (every seat with a current view), and its first accepted action after. */
  /** Both seats have had their first view (the game is under way for the bots). */
  connected: () => boolean;
  hitByKill: boolean;
  resumedAt: number | null;
  actedAfterKill: number | null;
  done: Promise<void>;
}

type Bot = { seat: Player; account: Account; agent: Agent; instance: number; stop: () => void; lostStream: boolean };

function rnd(min: number, max: number): number {
  return min + Math.random() * (max - min);
}

/** One Server-Sent Events connection: calls `onEvent` per event, `onEnd` once it closed or failed. */
function openStream(agent: Agent, base: string, path: string, cookie: string, onEvent: (event: string, data: string) => void, onEnd: (error: boolean) => void, onRetry: (ms: number) => void): () => void {
  let ended = false;
  const end = (error: boolean) => {
    if (ended) return;
    ended = true;
    onEnd(error);
  };
  const req = request(`${base}${path}`, { agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
    if (res.statusCode !== 200) {
      res.resume();
      return end(true);
    }
    res.setEncoding("utf8");
    let buf = "";
    res.on("data", (d: string) => {
      buf += d;
      for (let i; (i = buf.indexOf("\n\n")) >= 0; ) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        let event = "message";
        let data = "";
        for (const line of block.split("\n")) {
          if (line.startsWith("event: ")) event = line.slice(7);
          else if (line.startsWith("retry: ")) onRetry(Number(line.slice(7)));
          else if (line.startsWith("data: ")) data += line.slice(6);
        }
        if (data) onEvent(event, data);
      }
    });
    res.on("end", () => end(false));
    res.on("error", () => end(true));
  });
  req.on("error", () => end(true));
  req.end();
  return () => {
    ended = true;
    req.destroy();
  };
}

/** POSTs one action; resolves with the HTTP status and the answer's body, or null when the connection failed. */
function postAction(agent: Agent, base: string, code: string, cookie: string, body: string): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve) => {
    const req = request(
      `${base}/api/play/${code}/action`,
      { method: "POST", agent, headers: { cookie, origin: base, "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", () => resolve(null));
      },
    );
    req.on("error", () => resolve(null));
    req.end(body);
  });
}

function nextAlive(cluster: Cluster, from: number): number {
  for (let k = 1; k <= cluster.instances.length; k++) {
    const i = (from + k) % cluster.instances.length;
    if (cluster.instances[i].alive) return i;
  }
  return from;
}

/**
 * Plays one game to its end (or until `stopAt`): both seats connect, and each
 * acts whenever its view says it is to move. Seat 0 starts on instance
 * `first`, seat 1 on the next one, so with two instances every game spans both.
 */
export function playGame(code: string, accounts: [Account, Account], cluster: Cluster, first: number, think: [number, number], stopAt: () => boolean): GameRun {
  let resolveDone = () => {};
  const run: GameRun = {
    code,
    bots: [] as unknown as [Bot, Bot],
    acked: [0, 0],
    finished: false,
    pending: [null, null],
    connected: () => seen.every(Boolean),
    hitByKill: false,
    resumedAt: null,
    actedAfterKill: null,
    done: new Promise<void>((r) => (resolveDone = r)),
  };
  let closed = 0;
  const seen = [false, false];
  const finish = () => {
    for (const b of run.bots) b.stop();
  };

  for (const seat of [0, 1] as Player[]) {
    const account = accounts[seat];
    const bot: Bot = { seat, account, agent: botAgent(account), instance: (first + seat) % cluster.instances.length, stop: () => {}, lostStream: false };
    run.bots[seat] = bot;
    let last: PlayMessage | null = null;
    let actedOn = -1;
    let inFlight = false;
    let timer: NodeJS.Timeout | null = null;
    let stopped = false;
    let closeStream = () => {};
    // EventSource's reconnection delay: what the stream's retry field last said (3 s before it said anything, as browsers)
    let retryMs = 3000;
    // the latest seq this connection sent (a reconnection starts again)
    let streamSeq = -1;

    const act = async () => {
      timer = null;
      const m = last;
      if (stopped || !m || m.status !== "active" || !((m.toMove >> seat) & 1) || actedOn === m.seq || inFlight) return;
      if (stopAt()) return finish();
      const { player: _player, ...move } = heuristicAgent.chooseAction(m.view, { seed: m.seq * 2 + seat });
      const body = JSON.stringify({ seq: m.seq, move });
      inFlight = true;
      const t0 = performance.now();
      run.pending[seat] = { seq: m.seq, t0, seen: false };
      const inst = cluster.instances[bot.instance];
      const res = await postAction(bot.agent, inst.base, code, account.cookie, body);
      inFlight = false;
      if (res === null) {
        // the instance is gone: the stream's reconnect brings the current view, and the bot decides again on it
        if (figures.recording) figures.networkErrors++;
        run.pending[seat] = null;
        if (!inst.alive) bot.instance = nextAlive(cluster, bot.instance);
        // a connection the server closed under a live instance (a kept-alive socket): no new view comes, so send again
        else if (!stopped && !timer) timer = setTimeout(() => void act(), 500);
        return;
      }
      if (res.status === 200) {
        const ok = JSON.parse(res.body) as { seq: number };
        if (figures.recording) {
          const at = performance.now();
          figures.ackMs.push(at - t0);
          figures.ackAt.push(at);
        } else if (figures.settling) figures.settleAckMs.push(performance.now() - t0);
        if (figures.recording) figures.accepted++;
        run.acked[seat] = Math.max(run.acked[seat], ok.seq);
        actedOn = m.seq;
        if (cluster.killedAt !== null && run.actedAfterKill === null && t0 > cluster.killedAt) run.actedAfterKill = performance.now();
        // the view this action brought may have come on the stream before its answer (while the POST was in flight, when
        // onView could not schedule): decide on it now, or the game would wait for a view that never comes
        consider();
        return;
      }
      run.pending[seat] = null;
      let code_ = `HTTP ${res.status}`;
      try {
        code_ = (JSON.parse(res.body) as { error: { code: string } }).error.code;
      } catch {
        // not the JSON error shape
      }
      if (!figures.recording) {
        // outside the measured window
      } else if (code_ === "play/stale") figures.stale++;
      else figures.refused.set(code_, (figures.refused.get(code_) ?? 0) + 1);
      // anything but stale: look again on the next view; a stale action's newer view is on its way (decided on when it
      // comes), or came while the POST was in flight (decided on now)
      if (code_ !== "play/stale" && last === m) actedOn = m.seq;
      if (last !== m) consider();
    };

    // acts on the latest view after a thinking time, when it is this seat's move and nothing is on its way
    const consider = () => {
      const m = last;
      if (!stopped && m && m.status === "active" && (m.toMove >> seat) & 1 && actedOn !== m.seq && !inFlight && !timer) timer = setTimeout(() => void act(), rnd(think[0], think[1]));
    };

    const onView = (m: PlayMessage) => {
      const now = performance.now();
      seen[seat] = true;
      // the stream and the POST's answer are two connections, read in either order: a view older than this seat's
      // acknowledged action may come after the answer (it was written before it); on one connection, never older
      if (m.seq < run.acked[seat]) figures.overtaken++;
      if (m.seq < streamSeq) figures.regressions++;
      streamSeq = m.seq;
      // the opponent's action reached this seat: its seq moved past the one it was sent on, or its placement shows
      const p = run.pending[1 - seat];
      if (p && !p.seen && (m.seq > p.seq || (m.seq === p.seq && m.placed[1 - seat]))) {
        p.seen = true;
        if (figures.recording) figures.opponentMs.push(now - p.t0);
      }
      if (bot.lostStream) {
        bot.lostStream = false;
        // whole again once neither seat waits for its stream
        if (run.hitByKill && run.resumedAt === null && !run.bots.some((b) => b.lostStream)) run.resumedAt = now;
      }
      last = m;
      if (m.status !== "active") {
        run.finished = true;
        return finish();
      }
      consider();
    };

    const connect = () => {
      if (stopped) return;
      const inst = cluster.instances[bot.instance];
      // one decoder per connection, as the browser's (its first message is a whole one)
      const wire = wireDecoder();
      streamSeq = -1;
      closeStream = openStream(
        bot.agent,
        inst.base,
        `/api/play/${code}/stream`,
        account.cookie,
        (event, data) => {
          if (event === "view") {
            if (figures.recording) {
              figures.views++;
              figures.viewChars += data.length;
            }
            onView(decodeMessage(wire, JSON.parse(data) as WireMessage));
          }
        },
        () => {
          if (stopped) return;
          // as EventSource: try again after its retry, on the other instance if this one is gone
          bot.lostStream = true;
          if (figures.recording) figures.reconnects++;
          if (!inst.alive) bot.instance = nextAlive(cluster, bot.instance);
          setTimeout(connect, retryMs);
        },
        (ms) => {
          if (Number.isFinite(ms) && ms >= 0) retryMs = ms;
        },
      );
    };

    bot.stop = () => {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      closeStream();
      if (++closed === 2) resolveDone();
    };
    connect();
  }
  return run;
}
