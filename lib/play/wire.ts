/**
 * The stream's wire form (docs/play.md, "The wire"): each connection gets a
 * whole message first, then only what it lacks. A message (lib/play/views.ts)
 * repeats, on every change, the card definitions of every card in view, the
 * last 40 log entries and the recipient's deck list; on the wire a card is its
 * id, each definition goes once per connection (with the first message that
 * shows that card: only cards the recipient's view shows, so only cards it
 * may know), the log carries only the entries after those already sent, and
 * the deck lists only when they change. The client's decoder (one per
 * connection; a message marked `reset` starts it afresh) rebuilds the message
 * exactly. Pure: the server's encoder and the browser's decoder share it.
 */
import type { CardDef, CardRef, GameEvent, PlayerView, SideView, SlotView } from "@/lib/engine";
import type { PlayMessage } from "./types";

/** How many of the latest log entries a message carries. */
export const LOG_TAIL = 40;

type WireSlot = Omit<SlotView, "card"> & { card: number | null };
type WireSide = Omit<SideView, "hand" | "knownHand" | "knownDeck" | "discard" | "chaos" | "spare"> & {
  hand: number[] | null;
  knownHand: number[];
  knownDeck: { at: number; card: number }[];
  discard: number[];
  chaos: (WireSlot | null)[];
  spare: (WireSlot | null)[];
};
type WireView = Omit<PlayerView, "players" | "deckLists"> & { players: [WireSide, WireSide] };

/** One message on the wire. */
export interface WireMessage extends Omit<PlayMessage, "view" | "log" | "decks"> {
  view: WireView;
  /** A whole message: the decoder forgets what it kept (the first message of a connection). */
  reset: boolean;
  /** The definitions of cards this connection had not been sent yet, by id. */
  defs: [number, CardDef][];
  /** The log entries after the ones already sent, and how many entries the log has in all through this message. */
  log: GameEvent[];
  logEnd: number;
  /** The deck lists (the message's `decks`, then the view's `deckLists`), only when they changed. */
  decks?: PlayMessage["decks"];
  deckLists?: PlayerView["deckLists"];
}

/** What one connection has been sent so far. */
export interface WireEncoder {
  sent: Set<number>;
  logEnd: number;
  decks: string | null;
  deckLists: string | null;
}

export function wireEncoder(): WireEncoder {
  return { sent: new Set(), logEnd: -1, decks: null, deckLists: null };
}

const listsKey = (x: readonly (readonly CardDef[] | null)[] | null) => (x === null ? "none" : x.map((l) => (l === null ? "-" : String(l.length))).join(","));

/**
 * The wire form of `m` for a connection that was sent what `enc` records
 * (updated here). `logEnd` is how many log entries the game's log has in all
 * (the message carries its last ones).
 */
export function encodeMessage(enc: WireEncoder, m: PlayMessage, logEnd: number): WireMessage {
  const reset = enc.logEnd < 0 || logEnd < enc.logEnd;
  if (reset) {
    enc.sent.clear();
    enc.decks = enc.deckLists = null;
  }
  const defs: [number, CardDef][] = [];
  const id = (r: CardRef): number => {
    if (!enc.sent.has(r.id)) {
      enc.sent.add(r.id);
      defs.push([r.id, r.card]);
    }
    return r.id;
  };
  const slot = (x: SlotView | null): WireSlot | null => (x === null ? null : x.card === null ? (x as WireSlot) : { ...x, card: id(x.card) });
  const side = (s: SideView): WireSide => ({
    ...s,
    hand: s.hand === null ? null : s.hand.map(id),
    knownHand: s.knownHand.map(id),
    knownDeck: s.knownDeck.map((k) => ({ at: k.at, card: id(k.card) })),
    discard: s.discard.map(id),
    chaos: s.chaos.map(slot),
    spare: s.spare.map(slot),
  });
  const { deckLists, players, ...rest } = m.view;
  const view: WireView = { ...rest, players: [side(players[0]), side(players[1])] };
  // the log: entries past the ones sent (all of the message's after a reset)
  const fresh = reset ? m.log.length : Math.min(m.log.length, logEnd - enc.logEnd);
  const log = fresh > 0 ? m.log.slice(m.log.length - fresh) : [];
  enc.logEnd = logEnd;
  const { view: _v, log: _l, decks, ...head } = m;
  const out: WireMessage = { ...head, view, reset, defs, log, logEnd };
  const dk = listsKey(decks);
  if (dk !== enc.decks) {
    enc.decks = dk;
    out.decks = decks;
  }
  const lk = listsKey(deckLists);
  if (lk !== enc.deckLists) {
    enc.deckLists = lk;
    out.deckLists = deckLists;
  }
  return out;
}

/** What a connection's decoder keeps. */
export interface WireDecoder {
  defs: Map<number, CardDef>;
  log: GameEvent[];
  decks: PlayMessage["decks"];
  deckLists: PlayerView["deckLists"];
}

export function wireDecoder(): WireDecoder {
  return { defs: new Map(), log: [], decks: [null, null], deckLists: null };
}

/** The message `w` stands for, given what this connection's decoder kept (updated here). */
export function decodeMessage(dec: WireDecoder, w: WireMessage): PlayMessage {
  if (w.reset) {
    dec.defs.clear();
    dec.log = [];
    dec.decks = [null, null];
    dec.deckLists = null;
  }
  for (const [id, def] of w.defs) dec.defs.set(id, def);
  const ref = (id: number): CardRef => {
    const card = dec.defs.get(id);
    if (!card) throw new Error(`The stream named card ${id} without its definition.`);
    return { id, card };
  };
  const slot = (x: WireSlot | null): SlotView | null => (x === null ? null : x.card === null ? (x as SlotView) : { ...x, card: ref(x.card) });
  const side = (s: WireSide): SideView => ({
    ...s,
    hand: s.hand === null ? null : s.hand.map(ref),
    knownHand: s.knownHand.map(ref),
    knownDeck: s.knownDeck.map((k) => ({ at: k.at, card: ref(k.card) })),
    discard: s.discard.map(ref),
    chaos: s.chaos.map(slot),
    spare: s.spare.map(slot),
  });
  if (w.decks !== undefined) dec.decks = w.decks;
  if (w.deckLists !== undefined) dec.deckLists = w.deckLists;
  dec.log = w.log.length ? dec.log.concat(w.log).slice(-LOG_TAIL) : dec.log;
  const { reset: _r, defs: _d, log: _l, logEnd: _e, decks: _k, deckLists: _x, view, ...head } = w;
  return { ...head, view: { ...view, players: [side(view.players[0]), side(view.players[1])], deckLists: dec.deckLists }, log: dec.log, decks: dec.decks };
}
