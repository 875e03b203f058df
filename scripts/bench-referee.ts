/**
 * The referee in one process: `npm run bench:referee [-- --games 20]`. Plays
 * games between two seats through lib/play's submit on a scratch SQLite
 * database, each seat choosing uniformly among its legal actions (no thinking
 * time), and prints per-action figures: the time submit takes (check, append,
 * publish) and the time until the opponent's message is built after the
 * change reached the hub, as a stream builds it. No HTTP: the route handlers
 * and the browser's round trip are not in these figures (that is bench:play,
 * which is not built yet).
 */
import { performance } from "node:perf_hooks";
import { createTestDatabase } from "@/test/db";
import { legalActionsForView, type Player } from "@/lib/engine";
import { resolveCardKeys, starterDeckKeys } from "@/lib/playtest/cards";
import { demoCatalog } from "@/lib/playtest/test-catalog";

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const GAMES = arg("games", 20);

const t = createTestDatabase("bench-referee");
process.env.DATABASE_URL = t.url;

function deck(slug: string) {
  const keys = starterDeckKeys(slug)!;
  const r = resolveCardKeys(keys, demoCatalog());
  if (!r.ok) throw new Error(r.error.reason);
  return { deckName: slug, deckKeys: JSON.stringify(keys), deckCards: JSON.stringify(r.cards) };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  // loaded once DATABASE_URL names the scratch database
  const { loadGame, submit, toMoveMask } = await import("@/lib/play/referee");
  const { messageFor } = await import("@/lib/play/views");
  const { subscribe } = await import("@/lib/play/hub");
  const users = await Promise.all([0, 1].map((i) => t.prisma.user.create({ data: { email: `bench-${i}@referee.test`, displayName: `Bench ${i}`, passwordHash: "x" } })));
  const submitMs: number[] = [];
  const pushMs: number[] = [];
  let actions = 0;
  let x = 12345;
  const pick = (n: number) => ((x = (x * 1103515245 + 12345) >>> 0) >>> 8) % n;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let gi = 0; gi < GAMES; gi++) {
    const game = await t.prisma.playGame.create({
      data: { code: `bench-${gi}`, inviteToken: `bench-token-${gi}`, listing: "invite", pace: "live", columnRule: "priority", seed: 1000 + gi, lead: gi % 2, status: "active", toMove: 3, seats: { create: [0, 1].map((seat) => ({ seat, userId: users[seat].id, playerName: `Bench ${seat}`, ...deck(seat === 0 ? "team-sonic-speed" : "eggman-empire") })) } },
    });
    let heardAt = 0;
    const off = subscribe(game.id, () => (heardAt = performance.now()));
    for (let n = 0; n < 400; n++) {
      const g = (await loadGame(game.code))!;
      if (g.record.status !== "active") break;
      const mask = toMoveMask(g.live!.state, g.live!.held);
      const seat = (mask & 1 ? (mask & 2 && pick(2) ? 1 : 0) : 1) as Player;
      const m = messageFor(g.live!, seat, 0);
      const moves = legalActionsForView(m.view);
      const { player: _p, ...move } = moves[pick(moves.length)];
      const s0 = performance.now();
      await submit({ userId: users[seat].id }, game.code, { seq: m.seq, move });
      submitMs.push(performance.now() - s0);
      // what a stream does on the notice: load the game and build the opponent's message
      const after = (await loadGame(game.code))!;
      messageFor(after.live!, (1 - seat) as Player, 0);
      pushMs.push(performance.now() - heardAt);
      actions++;
    }
    off();
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  console.log(`games ${GAMES}, actions ${actions}, ${(actions / wall).toFixed(0)} actions/s on one process (SQLite)`);
  console.log(`submit: p50 ${pct(submitMs, 50).toFixed(2)} ms, p99 ${pct(submitMs, 99).toFixed(2)} ms`);
  console.log(`change heard -> opponent's message built: p50 ${pct(pushMs, 50).toFixed(2)} ms, p99 ${pct(pushMs, 99).toFixed(2)} ms`);
  console.log(`CPU per action (submit + reload + message): ${((cpu.user + cpu.system) / 1000 / actions).toFixed(2)} ms`);
  await t.cleanup();
}

void main();
