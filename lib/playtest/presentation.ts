/**
 * Presentation helpers: turn engine states, views and events into what the
 * board draws. No rule is decided here: everything comes from the engine's
 * views and events (which slot a discarded card came from, which cards the
 * recharge moved), only rearranged for display.
 */
import { eventsForPlayer, legalActions, playerView, type Action, type CardDef, type GameEvent, type GameState, type Player, type PlayerView, type Row, type SideView, type SlotView } from "@/lib/engine";
import { AI, HUMAN } from "./session";

/** What the board draws: both sides as the human sees them (or revealed), plus status. */
export interface BoardModel {
  view: PlayerView;
  sides: [SideView, SideView];
  /** The opponent's hidden cards are shown (study mode). */
  revealed: boolean;
}

/** The human's view, with the opponent's side replaced by their own view when revealing all (study mode). */
export function boardModel(s: GameState, revealAll: boolean): BoardModel {
  const view = playerView(s, HUMAN);
  if (!revealAll) return { view, sides: view.players, revealed: false };
  const other = playerView(s, AI, { deckLists: false });
  return { view, sides: [view.players[0], other.players[1]], revealed: true };
}

/** Columns (1–5) the human may flip now, according to the engine's legal actions. */
export function legalFlipColumns(s: GameState): number[] {
  return legalActions(s, HUMAN)
    .filter((a): a is Extract<Action, { type: "flip" }> => a.type === "flip")
    .map((a) => a.column);
}

/** Engine messages name players "Player 1"/"Player 2"; the board adds who is who. */
export function humanizeMessage(m: string): string {
  return m.replace(/Player 1/g, "Player 1 (you)").replace(/Player 2/g, "Player 2 (AI)");
}

/** One log line, with the cards it names (those the human may see) for the card zoom. */
export interface LogLine {
  key: number;
  type: GameEvent["type"];
  text: string;
  turnStart: boolean;
  cards: NamedCard[];
}

/** A catalog card a log line names, with how many of the event's cards are copies of it. */
export interface NamedCard {
  key: string;
  title: string;
  count: number;
}

/**
 * The catalog cards of an event's instance ids, in order of first appearance,
 * copies counted (ids the viewer cannot name are skipped). Pure.
 */
export function namedCards(ids: readonly number[], defOf: (id: number) => { key?: string; title: string } | null | undefined): NamedCard[] {
  const named = new Map<string, NamedCard>();
  for (const id of ids) {
    const def = defOf(id);
    if (!def?.key) continue;
    const seen = named.get(def.key);
    if (seen) seen.count++;
    else named.set(def.key, { key: def.key, title: def.title, count: 1 });
  }
  return [...named.values()];
}

/**
 * The game log as the human may read it (all events in study mode). `cards`
 * is the game's card table (instance id → definition): each line lists the
 * catalog cards its event names, once each with its number of copies (five
 * placed cards with two copies of Sonic name four cards, Sonic ×2). A private
 * event of the other player names none (eventsForPlayer empties its cards).
 */
export function logLines(events: readonly GameEvent[], revealAll: boolean, cards: readonly CardDef[] = []): LogLine[] {
  const visible = revealAll ? events : eventsForPlayer(events, HUMAN);
  const defOf = (id: number) => cards[id] as (CardDef & { key?: string }) | undefined;
  return visible.map((e, i) => ({ key: i, type: e.type, text: humanizeMessage(e.message), turnStart: e.type === "lead", cards: namedCards(e.cards, defOf) }));
}

/** A discarded card to animate: where it was and what it was. */
export interface Ghost {
  key: string;
  owner: Player;
  row: Row;
  column: number;
  slot: SlotView;
  kind: "copy-discard" | "battle-discard" | "discard" | "effect";
}

/** The slot a field event names (its owner, `row` and `column`), as it was in a view before the event. */
function slotBefore(v: PlayerView, owner: Player, row: Row, column: number, id: number): SlotView | null {
  const x = v.players[owner][row][column - 1];
  return x && x.card && x.card.id === id ? x : null;
}

/**
 * Field cards that a batch of events discarded (copy, battle, effect and
 * manual-correction discards), drawn from the state before the batch at the
 * row and column the engine's events name, so the board can animate them
 * leaving their slot.
 */
export function discardGhosts(before: GameState, events: readonly GameEvent[], batch: number, revealAll: boolean): Ghost[] {
  const v = boardModel(before, revealAll);
  const view: PlayerView = { ...v.view, players: v.sides };
  const out: Ghost[] = [];
  events.forEach((e, i) => {
    if (e.type !== "copy-discard" && e.type !== "battle-discard" && e.type !== "discard") return;
    if (e.type === "discard" && e.cause === "recharge") return;
    const owner = e.player;
    if (owner === null || e.cards.length === 0 || e.row === undefined || e.column === undefined) return;
    const slot = slotBefore(view, owner, e.row, e.column, e.cards[0]);
    if (!slot) return;
    out.push({ key: `${batch}-${i}`, owner, row: e.row, column: e.column, slot, kind: e.type === "discard" ? "effect" : e.type });
  });
  return out;
}

/** The phases of the score and recharge steps the board walks through. */
export type TurnEndPhase = "score" | "draw" | "discard" | "move";

/** A finished rush waiting to be shown step by step. */
export interface TurnEnd {
  before: GameState;
  after: GameState;
  events: GameEvent[];
  phases: TurnEndPhase[];
  index: number;
}

/** Does a batch of events end a rush (the engine scored)? */
export function endsRush(events: readonly GameEvent[]): boolean {
  return events.some((e) => e.type === "score");
}

/** Build the step-by-step walk of a batch that contains the score (and usually the recharge). */
export function turnEndFrom(before: GameState, after: GameState, events: GameEvent[]): TurnEnd {
  const recharged = events.some((e) => e.type === "lead");
  return { before, after, events, phases: recharged ? ["score", "draw", "discard", "move"] : ["score"], index: 0 };
}

/** Ring totals of a score event, as the engine reported them (its `totals`). */
export function scoreTotals(events: readonly GameEvent[]): { totals: [number, number] | null; message: string } | null {
  const e = events.find((x) => x.type === "score");
  if (!e) return null;
  return { totals: e.totals ?? null, message: humanizeMessage(e.message) };
}

/** The messages of the events shown in a phase. */
export function phaseMessages(t: TurnEnd, phase: TurnEndPhase, revealAll: boolean): string[] {
  const types: Record<TurnEndPhase, GameEvent["type"][]> = {
    score: ["score", "emerald", "win", "draw-game"],
    draw: ["draw", "shuffle"],
    discard: ["discard"],
    move: ["move", "lead"],
  };
  const startOfScore = t.events.findIndex((e) => e.type === "score");
  const evs = (revealAll ? t.events : eventsForPlayer(t.events, HUMAN)).slice(Math.max(0, startOfScore));
  return evs.filter((e) => types[phase].includes(e.type)).map((e) => humanizeMessage(e.message));
}

/**
 * The board during a turn-end phase, rebuilt from the engine's states and
 * recharge events: before "move" the cards the recharge moved are shown back
 * in the chaos row; before "discard" the spare-row cards it discarded are
 * shown in their slots; before "draw" the drawn cards are not yet in hand.
 */
export function turnEndModel(t: TurnEnd, revealAll: boolean): BoardModel {
  const after = boardModel(t.after, revealAll);
  const phase = t.phases[t.index];
  if (t.phases.length === 1 || phase === "move") return after;
  const before = boardModel(t.before, revealAll);
  const sides = after.sides.map((side, pi) => {
    const p = pi as Player;
    const spareDiscarded = new Set<number>();
    const drawn = new Set<number>();
    for (const e of t.events) {
      if (e.player !== p) continue;
      if (e.type === "discard" && e.cause === "recharge") e.cards.forEach((c) => spareDiscarded.add(c));
      if (e.type === "draw" && e.cause === "recharge") e.cards.forEach((c) => drawn.add(c));
    }
    const chaos = side.spare.slice();
    const spare = phase === "discard" || phase === "score" || phase === "draw" ? before.sides[pi].spare.map((x) => (x && x.card && spareDiscarded.has(x.card.id) ? x : null)) : side.spare;
    const shownSpare = phase === "discard" ? spare.map(() => null) : spare;
    const hand = phase === "score" && side.hand ? side.hand.filter((c) => !drawn.has(c.id)) : side.hand;
    const handCount = phase === "score" ? (side.hand ? (hand as NonNullable<typeof hand>).length : before.sides[pi].handCount) : side.handCount;
    return { ...side, chaos, spare: shownSpare, hand, handCount };
  }) as [SideView, SideView];
  return { view: { ...after.view, turn: t.before.turn, lead: t.before.lead, step: "rush" }, sides, revealed: after.revealed };
}

/** The recharge's discarded spare-row cards, as ghosts to animate in the "discard" phase. */
export function rechargeGhosts(t: TurnEnd, revealAll: boolean): Ghost[] {
  const before = boardModel(t.before, revealAll);
  const out: Ghost[] = [];
  for (const e of t.events) {
    if (e.type !== "discard" || e.cause !== "recharge" || e.player === null) continue;
    const p = e.player;
    before.sides[p].spare.forEach((x, i) => {
      if (x && x.card && e.cards.includes(x.card.id)) out.push({ key: `r-${p}-${i}`, owner: p, row: "spare", column: i + 1, slot: x, kind: "discard" });
    });
  }
  return out;
}

/** Event types revealed by each turn-end phase; later phases' events stay out of the log until reached. */
const PHASE_TYPES: Record<TurnEndPhase, GameEvent["type"][]> = {
  score: ["score", "emerald", "win", "draw-game"],
  draw: ["draw", "shuffle"],
  discard: ["discard"],
  move: ["move", "lead"],
};

/** The whole log minus the turn-end events of phases not reached yet. */
export function eventsShown(all: readonly GameEvent[], t: TurnEnd | null): GameEvent[] {
  if (!t) return all.slice();
  const start = all.length - t.events.length;
  const hidden = new Set<GameEvent["type"]>();
  t.phases.forEach((ph, i) => {
    if (i > t.index) PHASE_TYPES[ph].forEach((x) => hidden.add(x));
  });
  const scoreAt = t.events.findIndex((e) => e.type === "score");
  return all.filter((e, i) => i < start + Math.max(0, scoreAt) || !hidden.has(e.type));
}
