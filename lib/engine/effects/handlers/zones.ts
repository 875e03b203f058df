/**
 * Handlers of the actions on hands, decks and discard piles (RULES.md §6):
 * draw, hand discard, recover, put onto the field, look at the deck's top
 * cards and put them back, look at the opponent's hand.
 */
import type { EffectAction } from "../schema";
import { nextInt } from "../../rng";
import type { Frame, GameEvent, GameState, Player, SlotRef } from "../../types";
import { drawCards, ref } from "../../rules/board";
import { forgetCard, learnDeck, learnHand, mixHand } from "../../rules/seen";
import { report } from "../../describe/events";
import { promptFor } from "../../describe/prompts";
import { byId, nothing, type Handler } from "./common";

type Of<K extends EffectAction["type"]> = Handler<Extract<EffectAction, { type: K }>>;
type Put = Extract<EffectAction, { type: "put" }>;

export const draw: Of<"draw"> = {
  perEach: (a) => a.count,
  run(s, f, src, a, ev) {
    const who = (a.who === "you" ? f.player : 1 - f.player) as Player;
    f.done += drawCards(s, who, a.forEach ? f.amt : a.count, ev, { effect: f.card });
    return "next";
  },
};

/** A player discards cards from their hand: at random (the game's PRNG) or chosen by that player. */
export const handDiscard: Of<"hand-discard"> = {
  run(s, f, src, a, ev) {
    const who = (a.who === "you" ? f.player : 1 - f.player) as Player;
    const pl = s.players[who];
    const count = a.forEach ? f.amt : a.count;
    if (a.pick === "owner") {
      if (f.picked.length >= count || pl.hand.length === 0) return f.picked.length === 0 ? nothing(s, f, { why: "no-hand-to-discard", player: who }, ev) : "next";
      s.pending = {
        kind: "card",
        player: who,
        slot: ref(f.player, f.row, f.column),
        options: byId(pl.hand),
        zone: "hand",
        purpose: "hand-discard",
        required: true,
        ...(a.cost ? { cost: true } : {}),
        prompt: promptFor(s, { ask: "hand-discard", card: f.card, controller: f.player, cost: a.cost === true, left: count - f.picked.length }),
      };
      return "wait";
    }
    if (pl.hand.length === 0) return nothing(s, f, { why: "no-hand-to-discard", player: who }, ev);
    const gone: number[] = [];
    for (let i = 0; i < count && pl.hand.length > 0; i++) {
      // Uniform over the hand in id order, so the pick does not depend on the order cards reached the hand.
      const h = byId(pl.hand);
      const id = h[nextInt(s, h.length)];
      pl.hand.splice(pl.hand.indexOf(id), 1);
      pl.discard.push(id);
      forgetCard(s, id);
      gone.push(id);
    }
    f.done += gone.length;
    if (ev) report(s, ev, { type: "discard", player: who, cards: gone, cause: "effect" }, { fact: "hand-discarded", player: who, cards: gone, random: true, by: f.card });
    return "next";
  },
  payable: (s, src, a) => s.players[src.p].hand.length >= a.count,
  perEach: (a) => a.count,
  card(s, f, a, id, ev) {
    f.picked.push(id);
    f.done++;
    const p = s.owner[id];
    const h = s.players[p].hand;
    h.splice(h.indexOf(id), 1);
    s.players[p].discard.push(id);
    forgetCard(s, id);
    if (ev) report(s, ev, { type: "discard", player: p, cards: [id], cause: "effect" }, { fact: "hand-discarded", player: p, cards: [id], random: false, by: f.card });
  },
};

/** Move a card from its owner's discard pile to their hand (a public event: the pile is public); false when it is not there. */
export function returnFromDiscard(s: GameState, f: Frame, id: number, ev: GameEvent[] | null): boolean {
  const p = s.owner[id];
  const pile = s.players[p].discard;
  const k = pile.indexOf(id);
  if (k < 0) return false;
  pile.splice(k, 1);
  s.players[p].hand.push(id);
  if (ev) report(s, ev, { type: "return", player: p, cards: [id], cause: "effect" }, { fact: "recovered", player: p, card: id, by: f.card });
  return true;
}

/** Return up to N cards of the controller's choice from their discard pile to their hand. */
export const recover: Of<"recover"> = {
  perEach: (a) => a.count,
  run(s, f, src, a, ev) {
    const pl = s.players[f.player];
    const count = a.forEach ? f.amt : a.count;
    if (f.picked.length >= count) return "next";
    if (pl.discard.length === 0) return f.picked.length === 0 ? nothing(s, f, { why: "discard-empty" }, ev) : "next";
    s.pending = {
      kind: "card",
      player: f.player,
      slot: ref(f.player, f.row, f.column),
      options: byId(pl.discard),
      zone: "discard",
      purpose: "recover",
      required: false,
      prompt: promptFor(s, { ask: "recover", card: f.card, left: count - f.picked.length }),
    };
    return "wait";
  },
  card(s, f, a, id, ev) {
    f.picked.push(id);
    f.done++;
    returnFromDiscard(s, f, id, ev);
  },
};

function putCard(s: GameState, f: Frame, from: Put["from"], ci: number, ev: GameEvent[] | null): void {
  const pl = s.players[f.player];
  const id = f.picked[0];
  const zone = from === "hand" ? pl.hand : from === "deck" ? pl.deck : pl.discard;
  zone.splice(zone.indexOf(id), 1);
  // Taken face down from the hand, the hand is mixed for the opponent; taken from the deck, the card is no longer there (rules/seen.ts).
  if (from === "hand") mixHand(s, f.player);
  else if (from === "deck") forgetCard(s, id);
  // A card from the (public) discard pile is known to both players; from hand or deck, only to its owner.
  pl.chaos[ci] = { card: id, faceUp: false, color: null, mod: 0, setRings: null, protect: 0, peek: from === "discard" ? 3 : 0, downed: 0 };
  f.picked.push(-1);
  f.done = 1;
  if (ev) report(s, ev, { type: "move", player: f.player, cards: [id], column: ci + 1, row: "chaos", cause: "effect", ...(from === "discard" ? {} : { private: true }) }, { fact: "put", player: f.player, card: id, from, column: ci + 1, by: f.card });
}

/**
 * Put 1 card face down into an empty chaos slot of the controller: first
 * the card (chosen from hand or discard pile; the deck's top card), then the
 * slot (chosen when there are several). Only during the rush.
 */
export const put: Of<"put"> = {
  run(s, f, src, a, ev) {
    if (f.picked.length >= 2) return "next";
    if (s.step !== "rush") return nothing(s, f, { why: "put-outside-rush" }, ev);
    const pl = s.players[f.player];
    const free: SlotRef[] = [];
    for (let ci = 0; ci < 5; ci++) if (pl.chaos[ci] === null) free.push(ref(f.player, "chaos", ci));
    if (free.length === 0) return nothing(s, f, { why: "no-empty-slot" }, ev);
    if (f.picked.length === 0) {
      const zone = a.from === "hand" ? pl.hand : a.from === "deck" ? pl.deck : pl.discard;
      if (zone.length === 0) return nothing(s, f, { why: "put-zone-empty", from: a.from }, ev);
      if (a.from === "deck") f.picked.push(pl.deck[0]);
      else {
        s.pending = {
          kind: "card",
          player: f.player,
          slot: ref(f.player, f.row, f.column),
          options: byId(zone),
          zone: a.from,
          purpose: "put",
          required: false,
          prompt: promptFor(s, { ask: "put-card", card: f.card, from: a.from }),
        };
        return "wait";
      }
    }
    if (free.length === 1) {
      putCard(s, f, a.from, free[0].column - 1, ev);
      return "next";
    }
    s.pending = { kind: "target", player: f.player, slot: ref(f.player, f.row, f.column), options: free, required: true, prompt: promptFor(s, { ask: "put-slot", card: f.card }) };
    return "wait";
  },
  card(s, f, a, id) {
    f.picked.push(id);
    f.done++;
  },
  slot: (s, f, a, t, ev) => putCard(s, f, a.from, t.column - 1, ev),
};

/** Markers in `Frame.picked[0]` of a look-deck action: the cards looked at follow, still to be put back. */
const TO_BOTTOM = -1;
const TO_TOP = -2;

/** Put a looked-at card back (a deck-top or deck-bottom decision). */
function arrangeCard(s: GameState, f: Frame, id: number, ev: GameEvent[] | null): void {
  const deck = s.players[f.player].deck;
  const rest = f.picked.slice(1);
  const toTop = f.picked[0] === TO_TOP;
  // The block still to place starts right under the cards already put on top.
  let at = deck.length;
  for (const x of rest) at = Math.min(at, deck.indexOf(x));
  deck.splice(deck.indexOf(id), 1);
  if (toTop) deck.splice(at, 0, id);
  else deck.push(id);
  f.picked = [f.picked[0], ...rest.filter((x) => x !== id)];
  if (ev) report(s, ev, { type: "move", player: f.player, cards: [id], cause: "effect", private: true }, { fact: "arranged", player: f.player, card: id, toTop, at, by: f.card });
}

/** Pass on a deck-bottom decision: the rest of the looked-at cards go back on top, in an order chosen next. */
export function endBottom(s: GameState): void {
  const f = s.stack[s.stack.length - 1];
  f.picked = [TO_TOP, ...f.picked.slice(1)];
}

/**
 * Look at the top N cards of the controller's deck: they are known to the
 * controller (rules/seen.ts); then, for "any" and "any-or-bottom", put back one
 * at a time by `card` decisions: first any to the bottom (`pass` ends that),
 * then the next card for the top, the first chosen being the top card.
 * While being put back the cards stay on the deck (card conservation): the
 * ones still to place are one block right under those already put on top.
 */
export const lookDeck: Of<"look-deck"> = {
  run(s, f, src, a, ev) {
    const pl = s.players[f.player];
    if (f.picked.length === 0) {
      const n = Math.min(a.count, pl.deck.length);
      if (n === 0) return nothing(s, f, { why: "deck-empty" }, ev);
      const ids = pl.deck.slice(0, n);
      learnDeck(s, f.player, ids);
      // What it did, for an "if you do" after it: the cards looked at.
      f.done = n;
      if (ev) report(s, ev, { type: "peek", player: f.player, cards: ids, private: true }, { fact: "looked-deck", player: f.player, cards: ids, by: f.card });
      if (a.order === "same" || (a.order === "any" && n === 1)) return "next";
      f.picked = [a.order === "any-or-bottom" ? TO_BOTTOM : TO_TOP, ...ids];
    }
    const rest = f.picked.slice(1);
    const toTop = f.picked[0] === TO_TOP;
    // The last card for the top needs no choice: it is already in its place.
    if (rest.length === 0 || (toTop && rest.length === 1)) return "next";
    s.pending = {
      kind: "card",
      player: f.player,
      slot: ref(f.player, f.row, f.column),
      options: rest,
      zone: "deck",
      purpose: toTop ? "deck-top" : "deck-bottom",
      required: toTop,
      prompt: promptFor(s, { ask: "deck", card: f.card, toTop }),
    };
    return "wait";
  },
  card: (s, f, a, id, ev) => arrangeCard(s, f, id, ev),
};

/** Look at the opponent's hand: the controller knows those cards while they stay there (rules/seen.ts). */
export const lookHand: Of<"look-hand"> = {
  run(s, f, src, a, ev) {
    const o = (1 - f.player) as Player;
    const hand = byId(s.players[o].hand);
    if (hand.length === 0) return nothing(s, f, { why: "no-hand-to-look", player: o }, ev);
    learnHand(s, f.player, hand);
    f.done = hand.length;
    if (ev) report(s, ev, { type: "peek", player: f.player, cards: hand, private: true }, { fact: "looked-hand", player: f.player, cards: hand, by: f.card });
    return "next";
  },
};
