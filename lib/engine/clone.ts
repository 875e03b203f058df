/**
 * Cheap structural copy of a game state (house rule 3: `applyAction` works on
 * a private copy). Card definitions, rules and other never-mutated parts are shared.
 */
import type { GameState, PlayerState, Slot } from "./types";

function cloneSlot(x: Slot | null): Slot | null {
  return x === null ? null : { card: x.card, faceUp: x.faceUp, color: x.color, mod: x.mod, setRings: x.setRings, protect: x.protect, peek: x.peek, downed: x.downed };
}

function clonePlayer(p: PlayerState): PlayerState {
  return {
    deck: p.deck.slice(),
    hand: p.hand.slice(),
    discard: p.discard.slice(),
    chaos: [cloneSlot(p.chaos[0]), cloneSlot(p.chaos[1]), cloneSlot(p.chaos[2]), cloneSlot(p.chaos[3]), cloneSlot(p.chaos[4])],
    spare: [cloneSlot(p.spare[0]), cloneSlot(p.spare[1]), cloneSlot(p.spare[2]), cloneSlot(p.spare[3]), cloneSlot(p.spare[4])],
    placed: p.placed,
  };
}

/** A deep-enough copy of a state: mutating the copy never changes the original. */
export function cloneState(s: GameState): GameState {
  return {
    v: s.v,
    rules: s.rules,
    cards: s.cards,
    owner: s.owner,
    keys: s.keys,
    continuous: s.continuous,
    turn: s.turn,
    lead: s.lead,
    step: s.step,
    emeralds: [s.emeralds[0], s.emeralds[1]],
    rng: s.rng,
    players: [clonePlayer(s.players[0]), clonePlayer(s.players[1])],
    next: s.next,
    lastFlip: s.lastFlip,
    stack: s.stack.map((f) => ({ ...f, picked: f.picked.slice() })),
    pending: s.pending,
    winner: s.winner,
    scoring: s.scoring,
    lasting: s.lasting,
    seen: s.seen,
  };
}
