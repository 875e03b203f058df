/**
 * Setting up a game (RULES.md §3): shuffle, draw 7, coin flip for the lead.
 */
import { canonicalEffect, parseEffect } from "./effects/schema";
import { seedRng, nextInt, shuffleInPlace } from "./rng";
import { DEFAULT_RULES, type CardDef, type CardInput, type GameState, type Player, type PlayerState, type Rules } from "./types";
import { drawCards } from "./rules/board";
import { advance } from "./rules/flow";
import { noneSeen } from "./rules/seen";

/** Options of {@link newGame}. */
export interface NewGameOptions {
  /** Both players' decks, as card definitions (one entry per copy); treated as immutable. */
  decks: [CardInput[], CardInput[]];
  /** Seed of the game's PRNG (shuffles, coin flip). */
  seed: number;
  /** Rule variants (RULES.md §4.2 column rule, §5 maxTurns). */
  rules?: Partial<Rules>;
  /** Lead player of turn 1; omitted: a coin flip (RULES.md §3). */
  lead?: Player;
}

const normalized = new WeakSet<object>();
const normalizedFrom = new WeakMap<object, CardDef>();

/**
 * Validate a card definition's structured effect and fill its defaults
 * (RULES.md §6). Returns the same object when already normalized. Throws on
 * an invalid effect: card data is an invariant of the catalog.
 */
export function normalizeCard(def: CardInput): CardDef {
  if (normalized.has(def)) return def as CardDef;
  const cached = normalizedFrom.get(def);
  if (cached) return cached;
  let effect: CardDef["effect"] = null;
  if (def.effect !== undefined && def.effect !== null) {
    const r = parseEffect(def.effect);
    if (!r.ok) throw new Error(`Card "${def.title}": invalid structured effect: ${r.error}`);
    effect = canonicalEffect(r.effect);
  }
  // One object layout for every card (rules fields first, in a fixed order, then
  // the catalog's extras): the engine's hot paths read cards of a single shape.
  const { title, colors, rings, traits, effect: _effect, ...extra } = def;
  const out: CardDef = { title, colors, rings, traits, effect, ...extra };
  normalized.add(out);
  normalizedFrom.set(def, out);
  return out;
}

const normalizedDecks = new WeakMap<object, CardDef[]>();

/** A deck with every card normalized (cached per deck array, so batches of games validate once). */
function normalizeDeck(deck: CardInput[]): CardDef[] {
  let out = normalizedDecks.get(deck);
  if (!out) {
    out = deck.map(normalizeCard);
    normalizedDecks.set(deck, out);
  }
  return out;
}

/** An empty player (RULES.md §2 zones). */
export function emptyPlayer(): PlayerState {
  return { deck: [], hand: [], discard: [], chaos: [null, null, null, null, null], spare: [null, null, null, null, null], placed: false };
}

/** True when any card carries a continuous effect (a fast-path flag for the interpreter). */
export function hasContinuous(cards: CardDef[]): boolean {
  return cards.some((c) => c.effect != null && c.effect.trigger === "continuous");
}

/**
 * Start a new game (RULES.md §3): each deck is shuffled, each player draws 7,
 * the lead is a coin flip unless given, emeralds start at 0; the game waits in
 * the play step of turn 1. Instance ids number player 1's deck list first,
 * then player 2's, in deck-list order.
 */
export function newGame(opts: NewGameOptions): GameState {
  const cards: CardDef[] = [];
  const owner: Player[] = [];
  const s: GameState = {
    v: 1,
    rules: { ...DEFAULT_RULES, ...(opts.rules ?? {}) },
    cards,
    owner,
    keys: null,
    continuous: false,
    turn: 1,
    lead: 0,
    step: "play",
    emeralds: [0, 0],
    rng: seedRng(opts.seed),
    players: [emptyPlayer(), emptyPlayer()],
    next: 0,
    lastFlip: null,
    stack: [],
    pending: null,
    winner: null,
    scoring: false,
    lasting: [],
    seen: noneSeen(),
  };
  for (const p of [0, 1] as Player[]) {
    const deck = normalizeDeck(opts.decks[p]);
    const ids = s.players[p].deck;
    for (let i = 0; i < deck.length; i++) {
      ids.push(cards.length);
      cards.push(deck[i]);
      owner.push(p);
    }
  }
  s.continuous = hasContinuous(cards);
  for (const p of [0, 1] as Player[]) shuffleInPlace(s, s.players[p].deck);
  s.lead = opts.lead ?? (nextInt(s, 2) as Player);
  s.next = s.lead;
  for (const p of [0, 1] as Player[]) drawCards(s, p, 7, null, "setup");
  advance(s, null);
  return s;
}
