import "server-only";
import { applyAction, checkAction, newGame, playersToAct, type Action, type GameEvent, type GameState, type PlaceAction, type Player } from "@/lib/engine";
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

/**
 * Games kept in memory per instance, by code: the state replayed so far, and a
 * version bumped by every change this instance wrote itself (so a read from
 * the database that began before it does not put an older game back).
 */
const cache = globalThis as unknown as { ringbinderPlayGames?: { games: Map<string, LiveGame>; versions: Map<string, number>; loading: Map<string, Promise<Loaded>> } };
/** Games kept in memory per instance; the least recently used is dropped past this. */
const CACHE_MAX = 5000;

type Loaded = { record: GameRecord; live: LiveGame | null } | null;

function memory() {
  return (cache.ringbinderPlayGames ??= { games: new Map(), versions: new Map(), loading: new Map() });
}

function heldOf(held: GameRecord["held"]): [PlaceAction | null, PlaceAction | null] {
  return [held[0] ? (JSON.parse(held[0]) as PlaceAction) : null, held[1] ? (JSON.parse(held[1]) as PlaceAction) : null];
}

function keep(live: LiveGame): void {
  const { games } = memory();
  games.delete(live.record.code);
  games.set(live.record.code, live);
  if (games.size > CACHE_MAX) {
    const oldest = games.keys().next().value as string;
    games.delete(oldest);
    memory().versions.delete(oldest);
  }
}

/**
 * After a change this instance wrote: the game as it now stands in the database, kept without reading it back.
 * Unless memory already holds it further on: a held placement's answer can come back after the other seat's request
 * appended both placements (its write and read came first, its continuation last), and the older game must not
 * replace the newer one (the streams would send a view from before the append, and wait there).
 */
function wrote(live: LiveGame): void {
  const m = memory();
  m.versions.set(live.record.code, (m.versions.get(live.record.code) ?? 0) + 1);
  const now = m.games.get(live.record.code);
  if (now && now.record.id === live.record.id && now.record.seq > live.record.seq) return;
  keep(live);
}

/**
 * The game as this instance last wrote or read it, without asking the
 * database: what a stream sends when this instance's own referee has just
 * changed the game (lib/play/stream.ts). Null when it is not in memory.
 */
export function cachedGame(code: string): LiveGame | null {
  return memory().games.get(code) ?? null;
}

/**
 * A game by its code as it stands in the database: the record read fresh
 * (the seats without their decks once they are in memory), the state
 * replayed from the setup, or from the cached state with only the actions it
 * lacks. Null for an unknown game, or one with a free seat (no state yet).
 * Calls made in one synchronous run (the streams of one game hearing of one
 * change) share one read.
 */
export function loadGame(code: string): Promise<Loaded> {
  const { loading } = memory();
  const shared = loading.get(code);
  if (shared) return shared;
  const p = readGame(code);
  loading.set(code, p);
  queueMicrotask(() => {
    if (loading.get(code) === p) loading.delete(code);
  });
  return p;
}

async function readGame(code: string): Promise<Loaded> {
  const m = memory();
  const version = m.versions.get(code) ?? 0;
  const before: LiveGame | undefined = m.games.get(code);
  const record = await loadGameRecord(code, before?.record.seats.map((s) => s.deck));
  if (!record) return null;
  if (record.seats.length < 2) return { record, live: null };
  let base = before && before.record.id === record.id && before.record.seq <= record.seq ? before : null;
  base ??= { record: { ...record, seq: 0 }, state: newGame(setupOf(record)), events: [], held: [null, null] };
  let { state, events } = base;
  if (base.record.seq < record.seq) {
    events = events.slice();
    for (const a of await loadActions(record.id, base.record.seq)) state = applyLogged(state, events, a.action);
  }
  const live: LiveGame = { record, state, events, held: heldOf(record.held) };
  // this instance changed the game while it was read: what it wrote is at least as new, unless the read found more
  const now = m.games.get(code);
  if ((m.versions.get(code) ?? 0) !== version && now && now.record.seq >= record.seq) return { record: now.record, live: now };
  keep(live);
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
    // the game in memory when it is at the sender's seq: every write below is conditional on the stored seq
    // (and a placement on the stored held one), so a game another instance moved on loses the write and is read again
    const mine = attempt === 0 && move.type !== "concede" && move.type !== "claim" ? cachedGame(code) : null;
    const loaded = mine && mine.record.status === "active" && mine.record.seq >= seen ? { record: mine.record, live: mine } : await loadGame(code);
    if (!loaded) throw new DomainError("play/not-found", "There is no such game.");
    const { record, live } = loaded;
    const seat = record.seats.find((s) => s.userId === actor.userId)?.seat;
    if (seat === undefined) throw new DomainError("play/not-seated", "Only the two players of this game can act in it.", { status: 403 });
    if (record.status !== "active" || !live) throw new DomainError("play/not-active", record.status === "finished" ? "This game is over." : "This game has not started.", { status: 409 });
    // a concession holds against any state while the game is on (a player may resign whatever they last saw); a
    // claim after a lost race is checked against the new state (claimGrounds reads the clocks as they now stand)
    if (move.type === "concede" || (move.type === "claim" && attempt > 0)) seen = record.seq;
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

/**
 * The game after `actions` were appended by this instance (the record as
 * appendActions wrote it), kept in memory so that neither the next action nor
 * this instance's streams need to read it back.
 */
function appended(g: LiveGame, actions: number, state: GameState, events: GameEvent[], after: AfterAppend, written: { replayCode: string | null }): SubmitResult {
  const end = after.end;
  const record: GameRecord = {
    ...g.record,
    seq: g.record.seq + actions,
    toMove: end ? 0 : after.toMove,
    deadlineAt: end ? null : (after.deadlineAt?.toISOString() ?? null),
    held: [null, null],
    ...(end ? { status: "finished" as const, result: end.result, endReason: end.reason, finishedAt: new Date().toISOString(), replayCode: written.replayCode } : {}),
  };
  wrote({ record, state, events: events.length ? g.events.concat(events) : g.events, held: [null, null] });
  return { ok: true, seq: record.seq, held: false };
}

async function concede(g: LiveGame, seat: Player): Promise<SubmitResult | null> {
  const after: AfterAppend = { toMove: 0, deadlineAt: null, end: { result: (1 - seat) as Player, reason: "concede" } };
  const ok = await appendActions(g.record.id, g.record.seq, [{ seat, action: { type: "concede", player: seat } }], after);
  return ok ? appended(g, 1, g.state, [], after, ok) : null;
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
  const after: AfterAppend = { toMove: 0, deadlineAt: null, end: { result: seat, reason: "timeout" } };
  const ok = await appendActions(r.id, r.seq, [{ seat, action: { type: "claim", player: seat } }], after);
  return ok ? appended(g, 1, g.state, [], after, ok) : null;
}

function illegal(reason: string): DomainError {
  return new DomainError("play/illegal", reason, { status: 422 });
}

async function act(g: LiveGame, seat: Player, move: Exclude<Move, { type: "concede" | "claim" | "place" }>): Promise<SubmitResult | null> {
  const action = engineAction(move, seat);
  const r = applyAction(g.state, action);
  if (!r.ok) throw illegal(r.error.reason);
  const after = afterOf(r.state, g.record);
  const ok = await appendActions(g.record.id, g.record.seq, [{ seat, action }], after);
  return ok ? appended(g, 1, r.state, r.events, after, ok) : null;
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
  if (held[0] === null || held[1] === null) {
    // held as holdPlacement wrote it (the seat that placed no longer has to move)
    if (held[seat] !== null) wrote({ ...g, record: { ...g.record, held, toMove: 1 << (1 - seat) }, held: heldOf(held) });
    return { ok: true, seq: g.record.seq, held: true };
  }
  const both = [JSON.parse(held[0]) as PlaceAction, JSON.parse(held[1]) as PlaceAction];
  let s = g.state;
  const events: GameEvent[] = [];
  for (const a of both) {
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`A held placement no longer applies: ${r.error.reason}`);
    s = r.state;
    events.push(...r.events);
  }
  const after = afterOf(s, g.record);
  const ok = await appendActions(g.record.id, g.record.seq, both.map((a) => ({ seat: a.player, action: a })), after);
  // the other seat's request appended them first: this placement is in all the same
  return ok ? appended(g, 2, s, events, after, ok) : { ok: true, seq: g.record.seq, held: true };
}
