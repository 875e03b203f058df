/**
 * Determinization (house rule 4): build a full game state consistent with a
 * player view by sampling the hidden cards (the opponent's hand and face-down
 * cards, both decks' order) from the public deck lists minus every card the
 * view shows. Search agents plan over such samples, never the true state.
 */
import { shuffleInPlace, type RngHolder } from "../rng";
import { emptyPlayer, hasContinuous } from "../setup";
import { noneSeen } from "../rules/seen";
import type { CardDef, GameState, Player, Seen, Slot } from "../types";
import type { CardRef, PlayerView, SlotView } from "../view";

function key(d: CardDef): string {
  return `${d.title}|${d.colors.join(",")}|${d.rings}`;
}

/** The viewer's knowledge of hidden cards, as the sample's `seen` (what the opponent knows is not in the view). */
function seenOf(v: PlayerView): [Seen, Seen] {
  const hand: number[] = [];
  const deck: number[] = [];
  for (const side of v.players) {
    for (const c of side.knownHand) hand.push(c.id);
    for (const k of side.knownDeck) deck.push(k.card.id);
  }
  const k: [Seen, Seen] = noneSeen();
  if (hand.length + deck.length > 0) k[v.viewer] = { hand: hand.sort((a, b) => a - b), deck: deck.sort((a, b) => a - b) };
  return k;
}

/** What every sample of a view shares: the known cards' ids, and each player's unseen cards (a multiset, in deck-list order). */
interface Prep {
  n: number;
  cards: CardDef[];
  owner: Player[];
  used: boolean[];
  pools: [CardDef[], CardDef[]];
}

/** Samples of one view share its preparation (views are never mutated once built). */
const preps = new WeakMap<PlayerView, Prep>();

function prepare(v: PlayerView, lists: [CardDef[], CardDef[]]): Prep {
  const cached = preps.get(v);
  if (cached) return cached;
  const total = lists[0].length + lists[1].length;
  let maxId = total - 1;
  const seen = (c: CardRef | null): void => {
    if (c && c.id > maxId) maxId = c.id;
  };
  for (const side of v.players) {
    side.hand?.forEach(seen);
    side.knownHand.forEach(seen);
    for (const k of side.knownDeck) seen(k.card);
    side.discard.forEach(seen);
    for (const x of [...side.chaos, ...side.spare]) if (x) seen(x.card);
  }
  const n = maxId + 1;
  const cards: CardDef[] = new Array(n);
  const owner: Player[] = new Array(n);
  const used: boolean[] = new Array(n).fill(false);
  // Multiset of each player's unseen cards, by key.
  const pools: [CardDef[], CardDef[]] = [lists[0].slice(), lists[1].slice()];
  const poolKeys: [string[], string[]] = [pools[0].map(key), pools[1].map(key)];
  const known = (p: Player, c: CardRef): void => {
    cards[c.id] = c.card;
    owner[c.id] = p;
    used[c.id] = true;
    const k = poolKeys[p].indexOf(key(c.card));
    if (k >= 0) {
      poolKeys[p].splice(k, 1);
      pools[p].splice(k, 1);
    }
  };
  for (const p of [0, 1] as Player[]) {
    const side = v.players[p];
    for (const c of side.hand ?? side.knownHand) known(p, c);
    for (const k of side.knownDeck) known(p, k.card);
    for (const c of side.discard) known(p, c);
    for (const row of ["chaos", "spare"] as const) for (const x of side[row]) if (x?.card) known(p, x.card);
  }
  const prep = { n, cards, owner, used, pools };
  preps.set(v, prep);
  return prep;
}

/**
 * A random full state consistent with the view (RULES.md §7). Needs the
 * view's `deckLists`. Known cards keep their ids; hidden cards get the ids the
 * view does not show. The sample's PRNG state is drawn from `r`.
 */
export function determinize(v: PlayerView, r: RngHolder): GameState {
  const lists = v.deckLists;
  if (lists === null) throw new Error("determinize needs a view with deckLists");
  const me = v.viewer;
  const prep = prepare(v, lists);
  const n = prep.n;
  const cards = prep.cards.slice();
  const owner = prep.owner.slice();
  const used = prep.used.slice();
  const pools: [CardDef[], CardDef[]] = [prep.pools[0].slice(), prep.pools[1].slice()];
  const players = [emptyPlayer(), emptyPlayer()] as GameState["players"];
  const hiddenSlots: [Slot[], Slot[]] = [[], []];
  for (const p of [0, 1] as Player[]) {
    const side = v.players[p];
    const pl = players[p];
    pl.placed = side.placed;
    // Cards the viewer has seen in the opponent's hand or in a deck stay fixed (rules/seen.ts).
    pl.hand = (side.hand ?? side.knownHand).map((c) => c.id);
    pl.discard = side.discard.map((c) => c.id);
    for (const row of ["chaos", "spare"] as const) {
      const src = side[row];
      pl[row] = src.map((x: SlotView | null): Slot | null => {
        if (x === null) return null;
        const slot: Slot = { card: -1, faceUp: x.faceUp, color: x.color, mod: x.mod, setRings: x.setRings, protect: x.protect, peek: 0, downed: x.downed ? v.turn : 0 };
        if (x.card) slot.card = x.card.id;
        else hiddenSlots[p].push(slot);
        if (!x.faceUp && x.card && p !== me) slot.peek = 1 << me;
        return slot;
      });
    }
  }
  let nextFree = 0;
  const freeId = (): number => {
    while (used[nextFree]) nextFree++;
    used[nextFree] = true;
    return nextFree;
  };
  for (const p of [0, 1] as Player[]) {
    const pool = shuffleInPlace(r, pools[p]);
    let k = 0;
    const draw = (): number => {
      const id = freeId();
      cards[id] = pool[k++] ?? lists[p][0];
      owner[id] = p;
      return id;
    };
    for (const slot of hiddenSlots[p]) slot.card = draw();
    const side = v.players[p];
    if (!side.hand) for (let i = side.knownHand.length; i < side.handCount; i++) players[p].hand.push(draw());
    const deck: number[] = new Array(side.deckCount);
    for (const k of side.knownDeck) deck[k.at] = k.card.id;
    for (let i = 0; i < side.deckCount; i++) if (deck[i] === undefined) deck[i] = draw();
    players[p].deck = deck;
  }
  // Ids nobody holds (should not happen) get a harmless definition.
  for (let i = 0; i < n; i++)
    if (cards[i] === undefined) {
      cards[i] = lists[0][0];
      owner[i] = 0;
    }
  return {
    v: 1,
    rules: v.rules,
    cards,
    owner,
    keys: null,
    continuous: hasContinuous(cards),
    turn: v.turn,
    lead: v.lead,
    step: v.step,
    emeralds: [v.emeralds[0], v.emeralds[1]],
    rng: (r.rng ^ 0x68e31da4) | 0,
    players,
    next: v.next,
    lastFlip: v.lastFlip,
    stack: [],
    pending: null,
    winner: v.winner,
    scoring: false,
    lasting: v.lasting.slice(),
    seen: seenOf(v),
  };
}
