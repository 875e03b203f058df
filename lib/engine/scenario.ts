/**
 * The scenario format (RULES.md §8): load a scenario (cards by local id, a
 * state or a new game, actions), run it, and print the final state and events
 * with local ids. Used by `npm run engine -- scenario FILE.json` and the tests.
 */
import { applyAction } from "./apply-action";
import { advance } from "./rules/flow";
import { checkConservation } from "./rules/board";
import { learnDeck, learnHand, noneSeen } from "./rules/seen";
import { emptyPlayer, hasContinuous, newGame, normalizeCard } from "./setup";
import {
  COLORS,
  DEFAULT_RULES,
  PROTECT_BITS,
  type Action,
  type CardDef,
  type CardInput,
  type Color,
  type EngineError,
  type GameEvent,
  type GameState,
  type Pending,
  type Player,
  type Slot,
  type Step,
} from "./types";

/** A scenario file (RULES.md §8). Unknown top-level keys (such as `expect`) are ignored. */
export interface Scenario {
  rules?: Partial<{ columnRule: "priority" | "no-mirror"; maxTurns: number; manualCorrections: Player[] }>;
  cards: Record<string, CardInput>;
  state?: ScenarioState;
  decks?: [string[], string[]];
  seed?: number;
  lead?: Player;
  actions?: ScenarioAction[];
  [extra: string]: unknown;
}

/** A slot in scenario notation: local card id, face, active color (and optional modifiers). */
export interface ScenarioSlot {
  card: string;
  faceUp: boolean;
  color?: Color;
  mod?: number;
  setRings?: number;
  protect?: ("copy-discard" | "battle-discard" | "effects")[];
  /** An effect turned this card face down this turn (it cannot be turned face down again this turn). */
  downed?: boolean;
}

/** A player in scenario notation (RULES.md §8). */
export interface ScenarioPlayer {
  deck: string[];
  hand: string[];
  discard: string[];
  chaos: (ScenarioSlot | null)[];
  spare: (ScenarioSlot | null)[];
  placed?: boolean;
}

/** A state in scenario notation (RULES.md §8). */
export interface ScenarioState {
  turn?: number;
  lead?: Player;
  step?: "play" | "rush" | "over";
  emeralds?: [number, number];
  seed?: number;
  next?: Player;
  lastFlip?: { player: Player; column: number } | null;
  winner?: Player | "draw" | null;
  players: [ScenarioPlayer, ScenarioPlayer];
  pending?: unknown;
  /**
   * What each player has seen of hidden hands and decks (rules/seen.ts), by
   * local id: `hand` names cards of the opponent's hand, `deck` cards of a
   * deck (the player's own first). Each id names the first instance with that
   * id there (decks top first) not already named.
   */
  seen?: [{ hand?: string[]; deck?: string[] }, { hand?: string[]; deck?: string[] }];
}

/** An action in scenario notation: like an engine action, with local card ids in `place`. */
export type ScenarioAction = {
  type: string;
  player: Player;
  cards?: (string | null)[];
  column?: number;
  color?: Color;
  yes?: boolean;
  slot?: { player: Player; row: "chaos" | "spare"; column: number };
  /** A `card` decision's answer: the local id of one of the offered cards. */
  card?: string;
  /** Manual corrections (`correct`): the primitive and ring change. */
  op?: string;
  amount?: number;
};

/** Result of running a scenario. */
export type ScenarioResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; state: GameState; events: GameEvent[]; index: number; error: EngineError };

function bad(msg: string): never {
  throw new Error(`Invalid scenario: ${msg}`);
}

const STATE_KEYS = ["turn", "lead", "step", "emeralds", "seed", "next", "lastFlip", "winner", "players", "pending", "seen"];
const PLAYER_KEYS = ["deck", "hand", "discard", "chaos", "spare", "placed"];
const SLOT_KEYS = ["card", "faceUp", "color", "mod", "setRings", "protect", "downed"];

/** Unknown keys are an error (a typo must not silently change the position). */
function onlyKeys(o: object, allowed: readonly string[], at: string): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) bad(`${at} has unknown key "${k}" (allowed: ${allowed.join(", ")})`);
}

const isPlayer = (x: unknown): x is Player => x === 0 || x === 1;

/** The state's turn, lead, step, emeralds, next, lastFlip and winner (RULES.md §4, §5, §8). */
function checkHeader(st: ScenarioState): void {
  if (st.step !== undefined && st.step !== "play" && st.step !== "rush" && st.step !== "over") bad(`unknown step "${String(st.step)}" (play, rush or over)`);
  if (st.turn !== undefined && (!Number.isInteger(st.turn) || st.turn < 1)) bad("`turn` must be a positive integer");
  if (st.lead !== undefined && !isPlayer(st.lead)) bad("`lead` must be 0 or 1");
  if (st.next !== undefined && !isPlayer(st.next)) bad("`next` must be 0 or 1");
  if (st.seed !== undefined && !Number.isInteger(st.seed)) bad("`seed` must be an integer");
  if (st.emeralds !== undefined) {
    const e = st.emeralds;
    if (!Array.isArray(e) || e.length !== 2 || !e.every((x) => Number.isInteger(x) && x >= 0 && x <= 3)) bad("`emeralds` must be two integers from 0 to 3");
    if ((st.winner === undefined || st.winner === null) && (e[0] >= 3 || e[1] >= 3)) bad("a player holds 3 emeralds but there is no winner (RULES.md §5)");
  }
  if (st.lastFlip !== undefined && st.lastFlip !== null) {
    const l = st.lastFlip;
    if (typeof l !== "object" || !isPlayer(l.player) || !Number.isInteger(l.column) || l.column < 1 || l.column > 5) bad("`lastFlip` must be { player: 0|1, column: 1–5 }");
  }
  const w = st.winner;
  if (w !== undefined && w !== null && !isPlayer(w) && w !== "draw") bad('`winner` must be 0, 1, "draw" or null');
  const over = w !== undefined && w !== null;
  if (over !== (st.step === "over")) bad('`step` is "over" exactly when there is a `winner`');
}

/**
 * The slot rules of a step (RULES.md §4.1, §4.2): before placing, the chaos row
 * is empty (a placement fills it); once placed in the play step, every chaos
 * card is face down; `placed` must be true outside the play step.
 */
function checkRows(sp: ScenarioPlayer, pl: GameState["players"][0], p: Player, step: Step, keys: string[]): void {
  if (sp.placed !== undefined && typeof sp.placed !== "boolean") bad(`players[${p}].placed must be true or false`);
  const names = (xs: (Slot | null)[]) => xs.filter((x): x is Slot => x !== null).map((x) => `"${keys[x.card]}"`).join(", ");
  if (step !== "play") {
    if (sp.placed === false) bad(`players[${p}].placed is false outside the play step`);
    return;
  }
  if (!pl.placed && pl.chaos.some((x) => x !== null))
    bad(`players[${p}] has not placed yet, so the chaos row must be empty (a placement fills it, RULES.md §4.1); it holds ${names(pl.chaos)}`);
  const up = pl.chaos.filter((x) => x !== null && x.faceUp);
  if (up.length) bad(`players[${p}]: chaos cards are face down during the play step (RULES.md §4.1); face up: ${names(up)}`);
}

/** Build the engine state a scenario describes (RULES.md §8), then run the steps that need no decision. */
export function loadScenario(sc: Scenario): { state: GameState; events: GameEvent[] } {
  if (typeof sc !== "object" || sc === null) bad("expected a JSON object");
  if (typeof sc.cards !== "object" || sc.cards === null) bad("`cards` must map local ids to card definitions");
  const defs: Record<string, CardDef> = {};
  for (const [k, d] of Object.entries(sc.cards)) {
    if (typeof d !== "object" || d === null || typeof d.title !== "string" || !Array.isArray(d.colors) || typeof d.rings !== "number")
      bad(`card "${k}" needs title, colors and rings`);
    for (const c of d.colors) if (!COLORS.includes(c)) bad(`card "${k}" has unknown color "${c}"`);
    defs[k] = normalizeCard(Array.isArray(d.traits) ? d : { ...d, traits: [] });
  }
  const def = (k: string): CardDef => {
    if (typeof k !== "string" || !(k in defs)) bad(`unknown card id "${String(k)}"`);
    return defs[k];
  };
  const rules = { ...DEFAULT_RULES, ...(sc.rules ?? {}) };
  if (rules.columnRule !== "priority" && rules.columnRule !== "no-mirror") bad(`unknown column rule "${rules.columnRule}"`);
  if (!sc.state) {
    if (!Array.isArray(sc.decks) || sc.decks.length !== 2) bad("give either `state` or `decks` (two lists of card ids) and `seed`");
    const decks = sc.decks;
    const s = newGame({ decks: [decks[0].map(def), decks[1].map(def)], seed: sc.seed ?? 0, rules, lead: sc.lead });
    s.keys = [...decks[0], ...decks[1]];
    return { state: s, events: [] };
  }
  const st = sc.state;
  if (typeof st !== "object" || st === null) bad("`state` must be an object");
  onlyKeys(st, STATE_KEYS, "state");
  if (!Array.isArray(st.players) || st.players.length !== 2) bad("`state.players` must list two players");
  if (st.pending !== undefined && st.pending !== null) bad("`state.pending` cannot be loaded: start the scenario before the decision and make the action that asks it");
  checkHeader(st);
  const cards: CardDef[] = [];
  const owner: Player[] = [];
  const keys: string[] = [];
  const inst = (k: string, p: Player): number => {
    const d = def(k);
    cards.push(d);
    owner.push(p);
    keys.push(k);
    return cards.length - 1;
  };
  const players = [emptyPlayer(), emptyPlayer()] as GameState["players"];
  const step = st.step ?? "rush";
  for (const p of [0, 1] as Player[]) {
    const sp = st.players[p];
    const pl = players[p];
    if (typeof sp !== "object" || sp === null) bad(`players[${p}] must be an object`);
    onlyKeys(sp, PLAYER_KEYS, `players[${p}]`);
    for (const z of ["deck", "hand", "discard"] as const) {
      if (sp[z] !== undefined && !Array.isArray(sp[z])) bad(`players[${p}].${z} must be a list of card ids`);
      pl[z] = (sp[z] ?? []).map((k) => inst(k, p));
    }
    for (const row of ["chaos", "spare"] as const) {
      const src = sp[row] ?? [null, null, null, null, null];
      if (!Array.isArray(src) || src.length !== 5) bad(`players[${p}].${row} must have 5 slots`);
      pl[row] = src.map((x, ci): Slot | null => {
        if (x === null) return null;
        const at = `players[${p}].${row}[${ci}]`;
        if (typeof x !== "object") bad(`${at} must be null or a slot object`);
        onlyKeys(x, SLOT_KEYS, at);
        if (typeof x.faceUp !== "boolean") bad(`${at} ("${String(x.card)}") needs "faceUp": true or false`);
        const id = inst(x.card, p);
        const d = cards[id];
        let color: Color | null = null;
        if (x.faceUp) {
          color = x.color ?? (d.colors.length === 1 ? d.colors[0] : bad(`${at}: "${x.card}" is a face-up multi-color card and needs its active "color"`));
          if (!COLORS.includes(color)) bad(`${at}: "${x.card}" has unknown color "${color}"`);
        } else {
          if (x.color !== undefined) bad(`${at}: "${x.card}" is face down and has no active color (docs/rules.md); remove "color"`);
          if (row === "spare") bad(`${at}: "${x.card}" is face down in the spare row; only chaos-row cards are face down (RULES.md §4.5)`);
        }
        if (x.mod !== undefined && !Number.isInteger(x.mod)) bad(`${at}: "mod" must be an integer`);
        if (x.setRings !== undefined && (!Number.isInteger(x.setRings) || x.setRings < 0)) bad(`${at}: "setRings" must be a non-negative integer`);
        if (x.protect !== undefined && !Array.isArray(x.protect)) bad(`${at}: "protect" must be a list`);
        let protect = 0;
        for (const k of x.protect ?? []) {
          if (!(k in PROTECT_BITS)) bad(`${at}: unknown protection "${String(k)}" (copy-discard, battle-discard or effects)`);
          protect |= PROTECT_BITS[k];
        }
        if (x.downed !== undefined && typeof x.downed !== "boolean") bad(`${at}: "downed" must be true or false`);
        if (x.downed && row !== "chaos") bad(`${at}: "${x.card}" is "downed" in the spare row; only chaos-row cards are turned face down`);
        return { card: id, faceUp: !!x.faceUp, color, mod: x.mod ?? 0, setRings: x.setRings ?? null, protect, peek: 0, downed: x.downed ? (st.turn ?? 1) : 0 };
      });
    }
    pl.placed = sp.placed ?? (step !== "play" || pl.chaos.some((x) => x !== null));
    checkRows(sp, pl, p, step, keys);
  }
  const lead = st.lead ?? 0;
  const s: GameState = {
    v: 1,
    rules,
    cards,
    owner,
    keys,
    continuous: hasContinuous(cards),
    turn: st.turn ?? 1,
    lead,
    step,
    emeralds: st.emeralds ? [st.emeralds[0], st.emeralds[1]] : [0, 0],
    rng: (st.seed ?? 0) | 0,
    players,
    next: st.next ?? lead,
    lastFlip: st.lastFlip ?? null,
    stack: [],
    pending: null,
    winner: st.winner ?? null,
    scoring: false,
    lasting: [],
    seen: noneSeen(),
  };
  if (st.seen !== undefined) loadSeen(s, st.seen);
  const events: GameEvent[] = [];
  advance(s, events);
  return { state: s, events };
}

/** Load `state.seen` (local ids) into the state's knowledge of hidden cards, or fail naming the id. */
function loadSeen(s: GameState, seen: unknown): void {
  if (!Array.isArray(seen) || seen.length !== 2) bad("`state.seen` must list two players' { hand, deck }");
  const keys = s.keys as string[];
  for (const p of [0, 1] as Player[]) {
    const x = seen[p] as { hand?: unknown; deck?: unknown };
    if (typeof x !== "object" || x === null) bad(`seen[${p}] must be an object with hand and deck lists`);
    onlyKeys(x, ["hand", "deck"], `seen[${p}]`);
    const o = (1 - p) as Player;
    const pick = (list: unknown, where: number[][], what: string): number[] => {
      if (list === undefined) return [];
      if (!Array.isArray(list)) bad(`seen[${p}].${what} must be a list of card ids`);
      const used: number[] = [];
      for (const k of list) {
        let id: number | undefined;
        for (const zone of where) if (id === undefined) id = zone.find((i) => keys[i] === k && !used.includes(i));
        if (id === undefined) bad(`seen[${p}].${what}: "${String(k)}" is not ${what === "hand" ? `in Player ${o + 1}'s hand` : "in a deck"} (or is named twice)`);
        used.push(id);
      }
      return used;
    };
    learnHand(s, p, pick(x.hand, [s.players[o].hand], "hand"));
    learnDeck(s, p, pick(x.deck, [s.players[p].deck, s.players[o].deck], "deck"));
  }
}

function toEngineAction(s: GameState, a: ScenarioAction, i: number, defined: Record<string, unknown>): Action {
  if (typeof a !== "object" || a === null) bad(`action ${i} is not an object`);
  if (a.type === "place" && Array.isArray(a.cards)) {
    const hand = s.players[a.player]?.hand ?? [];
    const used: number[] = [];
    const cards = a.cards.map((k) => {
      if (k === null) return null;
      // A local id the scenario does not define is an error, never mapped to some card.
      if (typeof k !== "string" || !Object.hasOwn(defined, k)) bad(`action ${i} places unknown card id "${String(k)}"`);
      const id = hand.find((h) => !used.includes(h) && s.keys?.[h] === k);
      if (id === undefined) return -1 - used.length;
      used.push(id);
      return id;
    });
    return { type: "place", player: a.player, cards };
  }
  if (a.type === "choose" && a.card !== undefined) {
    // A local id of the scenario, mapped to the offered card instance with that id.
    const pd = s.pending;
    const id = pd?.kind === "card" ? pd.options.find((o) => s.keys?.[o] === a.card) : undefined;
    if (typeof a.card !== "string" || !Object.hasOwn(defined, a.card)) bad(`action ${i} chooses unknown card id "${String(a.card)}"`);
    return { type: "choose", player: a.player, card: id ?? -1 };
  }
  return a as unknown as Action;
}

/** Run a scenario (RULES.md §8): stops at the first illegal action with its error. */
export function runScenario(sc: Scenario): ScenarioResult {
  const loaded = loadScenario(sc);
  let state = loaded.state;
  const events = loaded.events;
  const actions = sc.actions ?? [];
  if (!Array.isArray(actions)) bad("`actions` must be a list");
  checkConservation(state);
  for (let i = 0; i < actions.length; i++) {
    const r = applyAction(state, toEngineAction(state, actions[i], i, sc.cards));
    if (!r.ok) return { ok: false, state, events, index: i, error: r.error };
    state = r.state;
    checkConservation(state);
    for (const e of r.events) events.push(e);
  }
  return { ok: true, state, events };
}

/**
 * The printed result of a scenario (RULES.md §8): `{ state, events }` with
 * local card ids; `state` has the input shape plus `winner`, `next`,
 * `lastFlip`, `seen` (what each player has seen of hidden hands and decks)
 * and, while a decision is pending, `pending`.
 */
export function scenarioOutput(s: GameState, events: readonly GameEvent[]): { state: Record<string, unknown>; events: Record<string, unknown>[] } {
  const key = (id: number): string => (s.keys ? s.keys[id] : `#${id}`);
  const slot = (x: Slot | null): Record<string, unknown> | null => {
    if (x === null) return null;
    const o: Record<string, unknown> = { card: key(x.card), faceUp: x.faceUp };
    if (x.faceUp) o.color = x.color;
    if (x.mod !== 0) o.mod = x.mod;
    if (x.setRings !== null) o.setRings = x.setRings;
    if (x.downed === s.turn) o.downed = true;
    if (x.protect !== 0)
      o.protect = (Object.keys(PROTECT_BITS) as (keyof typeof PROTECT_BITS)[]).filter((k) => x.protect & PROTECT_BITS[k]);
    return o;
  };
  const pending = (pd: Pending | null): Record<string, unknown> | null => (pd === null ? null : pd.kind === "card" ? { ...pd, options: pd.options.map(key) } : { ...pd });
  const state: Record<string, unknown> = {
    turn: s.turn,
    lead: s.lead,
    step: s.step,
    emeralds: s.emeralds,
    seed: s.rng,
    next: s.next,
    lastFlip: s.lastFlip,
    players: s.players.map((pl) => ({
      deck: pl.deck.map(key),
      hand: pl.hand.map(key),
      discard: pl.discard.map(key),
      chaos: pl.chaos.map(slot),
      spare: pl.spare.map(slot),
      placed: pl.placed,
    })),
    winner: s.winner,
    // What each player has seen of hidden hands and decks (rules/seen.ts), by local id.
    seen: s.seen.map((k) => ({ hand: k.hand.map(key), deck: k.deck.map(key) })),
  };
  if (s.pending) state.pending = pending(s.pending);
  return {
    state,
    events: events.map((e) => {
      const o: Record<string, unknown> = { type: e.type, player: e.player };
      if (e.players) o.players = e.players;
      o.cards = e.cards.map(key);
      if (e.column !== undefined) o.column = e.column;
      o.message = e.message;
      return o;
    }),
  };
}
