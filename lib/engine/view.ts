/**
 * Player views (RULES.md §7, house rule 4): all a player may know, nothing
 * hidden. Hidden cards (the opponent's hand, every deck, the opponent's
 * face-down cards not peeked at) appear without identity and without id.
 */
import { activeAuras, currentRings, protectionMask, type Auras } from "./effects/auras";
import { flipActions, pendingActions, placements } from "./legal-actions";
import type { Action, CardDef, Color, ColumnRule, GameState, Lasting, Pending, Player, Row, Rules, Slot, Step } from "./types";
import { viewRuleHolds } from "./rules/lasting";

/** A card whose identity the viewer knows: its per-game id and definition. */
export interface CardRef {
  id: number;
  card: CardDef;
}

/**
 * A field slot as the viewer sees it. A hidden face-down card has `card: null`
 * (and no id); `rings` is the current ring value of a face-up card;
 * `protect` lists protections in force on a face-up card.
 */
export interface SlotView {
  faceUp: boolean;
  card: CardRef | null;
  color: Color | null;
  rings: number | null;
  protect: number;
  /** Ring modifiers from flip effects on a face-up card (public). */
  mod: number;
  setRings: number | null;
  /** An effect turned this card face down this turn (public: both saw it), so none can again this turn. */
  downed: boolean;
}

/** A deck card the viewer has looked at: its place (0 = the top card) and identity. */
export interface KnownDeckCard {
  at: number;
  card: CardRef;
}

/**
 * One side of the table in a view. `hand` is null for the opponent (only
 * `handCount`). `knownHand` lists the opponent's hand cards the viewer has
 * seen (in id order; empty on the viewer's own side), `knownDeck` the cards of
 * this side's deck the viewer has looked at, with their places (rules/seen.ts).
 */
export interface SideView {
  hand: CardRef[] | null;
  handCount: number;
  knownHand: CardRef[];
  deckCount: number;
  knownDeck: KnownDeckCard[];
  discard: CardRef[];
  chaos: (SlotView | null)[];
  spare: (SlotView | null)[];
  placed: boolean;
}

/** A pending decision as a viewer sees it: full for its owner, only kind and owner otherwise. */
export type PendingView = Pending | { kind: Pending["kind"]; player: Player; prompt: string };

/**
 * What a player may know of a game (RULES.md §7). `deckLists` are both
 * players' full deck lists, public knowledge in a playtest (docs/engine.md).
 */
export interface PlayerView {
  viewer: Player;
  turn: number;
  lead: Player;
  step: Step;
  rules: Rules;
  emeralds: [number, number];
  winner: Player | "draw" | null;
  next: Player;
  lastFlip: { player: Player; column: number } | null;
  /** Rush rules changed by effects, in force or lasting (public). */
  lasting: Lasting[];
  players: [SideView, SideView];
  pending: PendingView | null;
  deckLists: [CardDef[], CardDef[]] | null;
}

/** Options of {@link playerView}. */
export interface ViewOptions {
  /** Include both public deck lists (default true). */
  deckLists?: boolean;
  /** Leave discard piles empty (fast playouts whose policy ignores them; default false). */
  noDiscards?: boolean;
}

/** Every hidden face-down card looks the same (RULES.md §7); views are read-only, so they share one frozen value. */
const HIDDEN: SlotView = Object.freeze({ faceUp: false, card: null, color: null, rings: null, protect: 0, mod: 0, setRings: null, downed: false });
/** Nothing seen (the usual case): one shared, frozen empty list. */
const NOTHING = Object.freeze([]) as unknown as never[];

/** The cards of p's hand the viewer has seen (the opponent's hand only), in id order. */
function knownHand(s: GameState, p: Player, viewer: Player): CardRef[] {
  const k = s.seen[viewer].hand;
  if (k.length === 0 || p === viewer) return NOTHING;
  const out: CardRef[] = [];
  for (const id of k) if (s.owner[id] === p && s.players[p].hand.includes(id)) out.push({ id, card: s.cards[id] });
  return out;
}

/** The cards of p's deck the viewer has looked at, with their places from the top. */
function knownDeck(s: GameState, p: Player, viewer: Player): KnownDeckCard[] {
  const k = s.seen[viewer].deck;
  if (k.length === 0) return NOTHING;
  const out: KnownDeckCard[] = [];
  const deck = s.players[p].deck;
  for (let i = 0; i < deck.length; i++) if (k.includes(deck[i])) out.push({ at: i, card: { id: deck[i], card: s.cards[deck[i]] } });
  return out;
}

function slotView(s: GameState, owner: Player, row: Row, ci: number, x: Slot | null, viewer: Player, auras: Auras): SlotView | null {
  if (x === null) return null;
  if (!x.faceUp) {
    const known = owner === viewer || (x.peek & (1 << viewer)) !== 0;
    if (!known) return HIDDEN;
    return { faceUp: false, card: { id: x.card, card: s.cards[x.card] }, color: null, rings: null, protect: owner === viewer ? x.protect : 0, mod: 0, setRings: null, downed: x.downed === s.turn };
  }
  const timed = s.lasting.length > 0;
  const protect = auras.protect.length > 0 || timed ? protectionMask(s, owner, row, ci, auras) : x.protect;
  const rings = auras.modify.length > 0 || x.mod !== 0 || x.setRings !== null || timed ? currentRings(s, owner, row, ci, auras) : s.cards[x.card].rings;
  return { faceUp: true, card: { id: x.card, card: s.cards[x.card] }, color: x.color, rings, protect, mod: x.mod, setRings: x.setRings, downed: x.downed === s.turn };
}

function refs(s: GameState, ids: number[]): CardRef[] {
  const out: CardRef[] = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) out[i] = { id: ids[i], card: s.cards[ids[i]] };
  return out;
}

/** One side of the table as the viewer sees it (RULES.md §7). */
function sideView(s: GameState, p: Player, viewer: Player, auras: Auras, noDiscards: boolean): SideView {
  const pl = s.players[p];
  const c = pl.chaos;
  const r = pl.spare;
  return {
    hand: p === viewer ? refs(s, pl.hand) : null,
    handCount: pl.hand.length,
    knownHand: knownHand(s, p, viewer),
    deckCount: pl.deck.length,
    knownDeck: knownDeck(s, p, viewer),
    discard: noDiscards ? [] : refs(s, pl.discard),
    chaos: [
      slotView(s, p, "chaos", 0, c[0], viewer, auras),
      slotView(s, p, "chaos", 1, c[1], viewer, auras),
      slotView(s, p, "chaos", 2, c[2], viewer, auras),
      slotView(s, p, "chaos", 3, c[3], viewer, auras),
      slotView(s, p, "chaos", 4, c[4], viewer, auras),
    ],
    spare: [
      slotView(s, p, "spare", 0, r[0], viewer, auras),
      slotView(s, p, "spare", 1, r[1], viewer, auras),
      slotView(s, p, "spare", 2, r[2], viewer, auras),
      slotView(s, p, "spare", 3, r[3], viewer, auras),
      slotView(s, p, "spare", 4, r[4], viewer, auras),
    ],
    placed: pl.placed,
  };
}

/**
 * The view of a state for one player (RULES.md §7, house rule 4): the only
 * thing that leaves the engine toward a player or a bot. Leaks no hidden
 * card, no hidden id and not the PRNG state.
 */
export function playerView(s: GameState, viewer: Player, opts: ViewOptions = {}): PlayerView {
  const auras = activeAuras(s);
  const nd = opts.noDiscards === true;
  const pd = s.pending;
  let deckLists: [CardDef[], CardDef[]] | null = null;
  if (opts.deckLists !== false) {
    const a: CardDef[] = [];
    const b: CardDef[] = [];
    for (let i = 0; i < s.cards.length; i++) (s.owner[i] === 0 ? a : b).push(s.cards[i]);
    deckLists = [a, b];
  }
  return {
    viewer,
    turn: s.turn,
    lead: s.lead,
    step: s.step,
    rules: s.rules,
    emeralds: [s.emeralds[0], s.emeralds[1]],
    winner: s.winner,
    next: s.next,
    lastFlip: s.lastFlip,
    lasting: s.lasting,
    players: [sideView(s, 0, viewer, auras, nd), sideView(s, 1, viewer, auras, nd)],
    pending: pd === null ? null : pd.player === viewer ? pd : { kind: pd.kind, player: pd.player, prompt: `Waiting for the opponent's decision (${pd.kind}).` },
    deckLists,
  };
}

/** The column rule applied to a view (RULES.md §4.2): bit mask of the columns the viewer may flip. */
function fieldCards(v: PlayerView): number[] {
  const out: number[] = [];
  for (const side of v.players) for (const x of [...side.chaos, ...side.spare]) if (x?.card && x.faceUp) out.push(x.card.id);
  return out;
}

export function flipMaskForView(v: PlayerView): number {
  const me = v.players[v.viewer].chaos;
  const op = v.players[1 - v.viewer].chaos;
  let mine = 0;
  let both = 0;
  for (let i = 0; i < 5; i++) {
    const x = me[i];
    if (x !== null && !x.faceUp) {
      mine |= 1 << i;
      const y = op[i];
      if (y !== null && !y.faceUp) both |= 1 << i;
    }
  }
  if (mine === 0) return 0;
  if (v.lasting.length > 0 && viewRuleHolds(v.lasting, fieldCards(v), "ignore-column-rule", v.viewer)) return mine;
  const rule: ColumnRule = v.rules.columnRule;
  if (rule === "priority") return both !== 0 ? both : mine;
  const lf = v.lastFlip;
  if (lf && lf.player !== v.viewer) {
    const rest = mine & ~(1 << (lf.column - 1));
    return rest !== 0 ? rest : mine;
  }
  return mine;
}

/**
 * The viewer's legal actions computed from the view alone (RULES.md §4, §6),
 * equal to `legalActions(state, viewer)`: lets an agent in a Web Worker act
 * on a view without the state.
 */
export function legalActionsForView(v: PlayerView): Action[] {
  const p = v.viewer;
  if (v.winner !== null) return [];
  if (v.pending !== null) return v.pending.player === p ? pendingActions(v.pending as Pending) : [];
  if (v.step === "play") {
    const me = v.players[p];
    if (me.placed) return [];
    return placements((me.hand as CardRef[]).map((c) => c.id)).map((cards) => ({ type: "place", player: p, cards }));
  }
  if (v.step === "rush" && v.next === p) return flipActions(flipMaskForView(v), p);
  return [];
}
