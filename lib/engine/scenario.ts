/**
 * The scenario format (RULES.md §8): load a scenario (cards by local id, a
 * state or a new game, actions), run it, and print the final state and events
 * with local ids. Used by `npm run engine -- scenario FILE.json` and the tests.
 */
import { applyAction } from "./apply-action";
import { advance } from "./rules/flow";
import { emptyPlayer, hasContinuous, newGame, normalizeCard } from "./setup";
import {
  COLORS,
  DEFAULT_RULES,
  PROTECT_BATTLE,
  PROTECT_COPY,
  PROTECT_EFFECTS,
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

const PROTECT_BITS = { "copy-discard": PROTECT_COPY, "battle-discard": PROTECT_BATTLE, effects: PROTECT_EFFECTS };

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
  if (!Array.isArray(st.players) || st.players.length !== 2) bad("`state.players` must list two players");
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
    for (const z of ["deck", "hand", "discard"] as const) {
      if (sp[z] !== undefined && !Array.isArray(sp[z])) bad(`players[${p}].${z} must be a list of card ids`);
      pl[z] = (sp[z] ?? []).map((k) => inst(k, p));
    }
    for (const row of ["chaos", "spare"] as const) {
      const src = sp[row] ?? [null, null, null, null, null];
      if (!Array.isArray(src) || src.length !== 5) bad(`players[${p}].${row} must have 5 slots`);
      pl[row] = src.map((x, ci): Slot | null => {
        if (x === null) return null;
        const id = inst(x.card, p);
        const d = cards[id];
        let color: Color | null = null;
        if (x.faceUp) {
          color = x.color ?? (d.colors.length === 1 ? d.colors[0] : bad(`players[${p}].${row}[${ci}]: a face-up multi-color card needs its active "color"`));
          if (!COLORS.includes(color)) bad(`players[${p}].${row}[${ci}]: unknown color "${color}"`);
        }
        let protect = 0;
        for (const k of x.protect ?? []) protect |= PROTECT_BITS[k];
        return { card: id, faceUp: !!x.faceUp, color, mod: x.mod ?? 0, setRings: x.setRings ?? null, protect, peek: 0 };
      });
    }
    pl.placed = sp.placed ?? (step !== "play" || pl.chaos.some((x) => x !== null));
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
  };
  const events: GameEvent[] = [];
  advance(s, events);
  return { state: s, events };
}

function toEngineAction(s: GameState, a: ScenarioAction, i: number): Action {
  if (typeof a !== "object" || a === null) bad(`action ${i} is not an object`);
  if (a.type === "place" && Array.isArray(a.cards)) {
    const hand = s.players[a.player]?.hand ?? [];
    const used: number[] = [];
    const cards = a.cards.map((k) => {
      if (k === null) return null;
      const id = hand.find((h) => !used.includes(h) && s.keys?.[h] === k);
      if (id === undefined) return -1 - used.length;
      used.push(id);
      return id;
    });
    return { type: "place", player: a.player, cards };
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
  for (let i = 0; i < actions.length; i++) {
    const r = applyAction(state, toEngineAction(state, actions[i], i));
    if (!r.ok) return { ok: false, state, events, index: i, error: r.error };
    state = r.state;
    for (const e of r.events) events.push(e);
  }
  return { ok: true, state, events };
}

/**
 * The printed result of a scenario (RULES.md §8): `{ state, events }` with
 * local card ids; `state` has the input shape plus `winner`, `next`,
 * `lastFlip` and, while a decision is pending, `pending`.
 */
export function scenarioOutput(s: GameState, events: readonly GameEvent[]): { state: Record<string, unknown>; events: Record<string, unknown>[] } {
  const key = (id: number): string => (s.keys ? s.keys[id] : `#${id}`);
  const slot = (x: Slot | null): Record<string, unknown> | null => {
    if (x === null) return null;
    const o: Record<string, unknown> = { card: key(x.card), faceUp: x.faceUp };
    if (x.faceUp) o.color = x.color;
    if (x.mod !== 0) o.mod = x.mod;
    if (x.setRings !== null) o.setRings = x.setRings;
    if (x.protect !== 0)
      o.protect = (Object.keys(PROTECT_BITS) as (keyof typeof PROTECT_BITS)[]).filter((k) => x.protect & PROTECT_BITS[k]);
    return o;
  };
  const pending = (pd: Pending | null): Record<string, unknown> | null => (pd === null ? null : { ...pd });
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
