import "server-only";
import { applyAction, checkAction, newGame, playersToAct, type Action, type GameState, type PlaceAction, type Player } from "@/lib/engine";
import { applyLogged, setupOf } from "./setup";
import { loadGameRecord } from "@/lib/play/data/games";
import { appendActions, holdPlacement, loadActions, type AfterAppend } from "@/lib/play/data/log";
import { DomainError } from "@/lib/server/errors";
import { publish } from "./hub";
import { actionMessageSchema, type Move } from "./protocol";
import { deadlineFrom } from "./clock";
import { claimGrounds } from "./presence";
import { queueTurnMail } from "./correspondence";
import type { GameRecord } from "./types";
import type { LiveGame } from "./views";

/**
 * The referee of games between two players (docs/play.md): a game is its
 * setup, its seed and its action log; its state is the replay of the log
 * through lib/engine, kept in memory per instance and brought up to date
 * from the database on every load, so any instance can serve any game and a
 * killed one loses nothing. `submit` is the only way a player changes a game.
 */

const cache = globalThis as unknown as { ringbinderPlayGames?: Map<string, LiveGame> };
/** Games kept in memory per instance; the least recently loaded is dropped past this. */
const CACHE_MAX = 5000;

function heldOf(r: GameRecord): [PlaceAction | null, PlaceAction | null] {
  return [r.held[0] ? (JSON.parse(r.held[0]) as PlaceAction) : null, r.held[1] ? (JSON.parse(r.held[1]) as PlaceAction) : null];
}

/**
 * A game by its code as it stands in the database: the record read fresh,
 * the state replayed from the setup, or from the cached state with only the
 * actions it lacks. Null for an unknown game, or one with a free seat (no
 * state yet).
 */
export async function loadGame(code: string): Promise<{ record: GameRecord; live: LiveGame | null } | null> {
  const record = await loadGameRecord(code);
  if (!record) return null;
  if (record.seats.length < 2) return { record, live: null };
  const games = (cache.ringbinderPlayGames ??= new Map());
  let live = games.get(record.id);
  if (!live || live.record.seq > record.seq) {
    live = { record: { ...record, seq: 0 }, state: newGame(setupOf(record)), events: [], held: [null, null] };
  }
  if (live.record.seq < record.seq) {
    let state = live.state;
    const events = live.events.slice();
    for (const a of await loadActions(record.id, live.record.seq)) state = applyLogged(state, events, a.action);
    live = { ...live, state, events };
  }
  live = { ...live, record, held: heldOf(record) };
  games.delete(record.id);
  games.set(record.id, live);
  if (games.size > CACHE_MAX) games.delete(games.keys().next().value as string);
  return { record, live };
}

/** The seats whose move it is, as a bit mask, leaving out seats whose placement is held. */
export function toMoveMask(s: GameState, held: [unknown, unknown] = [null, null]): number {
  let m = 0;
  for (const p of playersToAct(s)) if (held[p] === null) m |= 1 << p;
  return m;
}

function afterOf(s: GameState, r: GameRecord): AfterAppend {
  if (s.winner === null) return { toMove: toMoveMask(s), deadlineAt: deadlineFrom(r.pace, new Date()), end: null };
  return { toMove: 0, deadlineAt: null, end: { result: s.winner, reason: s.winner === "draw" ? "turns" : "emeralds" } };
}

/** A submitted action's outcome: accepted (the game's new seq, or the placement held). */
export type SubmitResult = { ok: true; seq: number; held: boolean };

function stale(current: number): DomainError {
  return new DomainError("play/stale", `The game has moved on (it is at action ${current}): your view is being brought up to date.`, { status: 409 });
}

function engineAction(move: Exclude<Move, { type: "concede" | "claim" }>, player: Player): Action {
  return { ...move, player } as Action;
}

/**
 * A player's action, in the one order every action goes through: the message
 * is well formed; the game exists; the sender sits at it; it is under way;
 * the action was chosen on the current view (else `play/stale`); the engine
 * allows it. A placement is held until both are in, then both are appended.
 * The append is unique by (game, seq): of two racing actions one is stored,
 * and the other is checked again against the new state (a concession still
 * holds; anything else is now stale). Accepted changes are pushed to every
 * stream of the game.
 */
export async function submit(actor: { userId: string } | null, code: string, message: unknown): Promise<SubmitResult> {
  const parsed = actionMessageSchema.safeParse(message);
  if (!parsed.success) throw new DomainError("input/invalid", `Not an action: ${parsed.error.issues[0]?.message ?? "malformed"}.`);
  if (!actor) throw new DomainError("auth/unauthenticated", "Please sign in to play.");
  const { move } = parsed.data;
  let seen = parsed.data.seq;
  for (let attempt = 0; attempt < 3; attempt++) {
    const loaded = await loadGame(code);
    if (!loaded) throw new DomainError("play/not-found", "There is no such game.");
    const { record, live } = loaded;
    const seat = record.seats.find((s) => s.userId === actor.userId)?.seat;
    if (seat === undefined) throw new DomainError("play/not-seated", "Only the two players of this game can act in it.", { status: 403 });
    if (record.status !== "active" || !live) throw new DomainError("play/not-active", record.status === "finished" ? "This game is over." : "This game has not started.", { status: 409 });
    // a concession or a claim holds against any state while the game is on: after a lost race it is checked against the new one
    if ((move.type === "concede" || move.type === "claim") && attempt > 0) seen = record.seq;
    if (seen !== record.seq) throw stale(record.seq);
    const result =
      move.type === "concede" ? await concede(live, seat) : move.type === "claim" ? await claim(live, seat) : move.type === "place" ? await place(live, seat, move) : await act(live, seat, move);
    if (result) {
      publish(record.id, result.seq);
      // correspondence: a "your move" mail to the other seat (lib/play/correspondence.ts)
      if (!result.held && record.pace === "correspondence") queueTurnMail(code, seat);
      return result;
    }
    // lost a race: check again against the game as it now stands
  }
  throw stale(-1);
}

async function concede(g: LiveGame, seat: Player): Promise<SubmitResult | null> {
  const ok = await appendActions(g.record.id, g.record.seq, [{ seat, action: { type: "concede", player: seat } }], { toMove: 0, deadlineAt: null, end: { result: (1 - seat) as Player, reason: "concede" } });
  return ok ? { ok: true, seq: g.record.seq + 1, held: false } : null;
}

/**
 * A claim of the game on time: only by a seat that is not to move, against an
 * opponent who is, once the move's deadline has passed, or against an
 * opponent away past the reconnect clock (the server's clock decides; see
 * claimGrounds). The opponent loses on time.
 */
async function claim(g: LiveGame, seat: Player): Promise<SubmitResult | null> {
  const r = g.record;
  // the move clock, or the reconnect clock of an opponent who is away (lib/play/presence.ts)
  await claimGrounds(r, seat);
  const ok = await appendActions(r.id, r.seq, [{ seat, action: { type: "claim", player: seat } }], { toMove: 0, deadlineAt: null, end: { result: seat, reason: "timeout" } });
  return ok ? { ok: true, seq: r.seq + 1, held: false } : null;
}

function illegal(reason: string): DomainError {
  return new DomainError("play/illegal", reason, { status: 422 });
}

async function act(g: LiveGame, seat: Player, move: Exclude<Move, { type: "concede" | "claim" | "place" }>): Promise<SubmitResult | null> {
  const action = engineAction(move, seat);
  const r = applyAction(g.state, action);
  if (!r.ok) throw illegal(r.error.reason);
  const ok = await appendActions(g.record.id, g.record.seq, [{ seat, action }], afterOf(r.state, g.record));
  return ok ? { ok: true, seq: g.record.seq + 1, held: false } : null;
}

/**
 * The simultaneous secret placement: checked against the state, then held on
 * the game (not in the log, so the other seat's view and the seq do not
 * change) until the other seat's is in; the request that finds both held
 * appends them, seat 0's first, as two actions.
 */
async function place(g: LiveGame, seat: Player, move: Extract<Move, { type: "place" }>): Promise<SubmitResult | null> {
  const action = engineAction(move, seat) as PlaceAction;
  if (g.held[seat] !== null) throw illegal("You have placed your cards for this turn already.");
  const problem = checkAction(g.state, action);
  if (problem) throw illegal(problem.reason);
  const held = await holdPlacement(g.record.id, g.record.seq, seat, JSON.stringify(action));
  if (!held) return null;
  if (held[0] === null || held[1] === null) return { ok: true, seq: g.record.seq, held: true };
  const both = [JSON.parse(held[0]) as PlaceAction, JSON.parse(held[1]) as PlaceAction];
  let s = g.state;
  for (const a of both) {
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`A held placement no longer applies: ${r.error.reason}`);
    s = r.state;
  }
  const ok = await appendActions(g.record.id, g.record.seq, both.map((a) => ({ seat: a.player, action: a })), afterOf(s, g.record));
  // the other seat's request appended them first: this placement is in all the same
  return { ok: true, seq: g.record.seq + (ok ? 2 : 0), held: !ok };
}
