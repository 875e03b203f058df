import "server-only";
import { newGame, type GameEvent, type GameState } from "@/lib/engine";
import { loadActions } from "@/lib/play/data/log";
import { toMoveMask } from "./referee";
import { applyLogged, setupOf } from "./setup";
import type { LiveGame } from "./views";

/**
 * The spectator delay (docs/play.md "Spectator delay"): while a game with a
 * delay of N moves is under way, its spectators get the public view of the
 * game as it stood N logged actions ago, and nothing newer: no held placement,
 * no whose-move or deadline of the present, no later log entry. Once the game
 * is over there is nothing left to keep from the players, and the spectators
 * see the end. Each instance keeps the delayed state of recent games and moves
 * it forward with only the actions it lacks.
 */

type Snapshot = { seq: number; state: GameState; events: GameEvent[] };
const cache = globalThis as unknown as { ringbinderPlayDelayed?: Map<string, Snapshot> };
const CACHE_MAX = 2000;

/** The game as a spectator under a delay of `moves` may see it: the live game itself when there is no delay or it is over. */
export async function delayedGame(g: LiveGame, moves: number): Promise<LiveGame> {
  const r = g.record;
  if (moves <= 0 || r.status !== "active") return g;
  const target = Math.max(0, r.seq - moves);
  const snaps = (cache.ringbinderPlayDelayed ??= new Map());
  let snap = snaps.get(r.id);
  if (!snap || snap.seq > target) snap = { seq: 0, state: newGame(setupOf(r)), events: [] };
  if (snap.seq < target) {
    let state = snap.state;
    const events = snap.events.slice();
    for (const a of await loadActions(r.id, snap.seq)) {
      if (a.seq > target) break;
      state = applyLogged(state, events, a.action);
    }
    snap = { seq: target, state, events };
  }
  snaps.delete(r.id);
  snaps.set(r.id, snap);
  if (snaps.size > CACHE_MAX) snaps.delete(snaps.keys().next().value as string);
  return {
    record: { ...r, seq: snap.seq, toMove: toMoveMask(snap.state), deadlineAt: null, held: [null, null] },
    state: snap.state,
    events: snap.events,
    held: [null, null],
  };
}
