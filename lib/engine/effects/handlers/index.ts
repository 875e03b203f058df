/**
 * The effect interpreter's table (RULES.md §6, house rule 6): one handler
 * per effect action type, its rules in one place. The mapped type makes a
 * missing or extra action type a compile error.
 */
import type { EffectAction } from "../schema";
import type { Frame, GameEvent, GameState, Player, Row, Slot } from "../../types";
import { rowOf } from "../../rules/board";
import { fieldCard, type Cause } from "../../describe/facts";
import type { Src } from "../match";
import type { Handler } from "./common";
import { discard, flipUp, move, peek, returnToHand, swap, turnFaceDown } from "./field";
import { changeColor, modifyRings, protect, scoreRings, winTies } from "./modifiers";
import { draw, handDiscard, lookDeck, lookHand, put, recover } from "./zones";
import { emerald, nextFlip, rushRule } from "./rules";

type Handlers = { [K in EffectAction["type"]]: Handler<Extract<EffectAction, { type: K }>> };

const HANDLERS: Handlers = {
  discard,
  "return-to-hand": returnToHand,
  peek,
  "flip-up": flipUp,
  "turn-face-down": turnFaceDown,
  move,
  swap,
  "modify-rings": modifyRings,
  protect,
  "change-color": changeColor,
  "score-rings": scoreRings,
  "win-ties": winTies,
  draw,
  "hand-discard": handDiscard,
  recover,
  put,
  "look-deck": lookDeck,
  "look-hand": lookHand,
  emerald,
  "next-flip": nextFlip,
  "rush-rule": rushRule,
};

/** The handler of an action's type. */
export function handlerOf<A extends EffectAction>(a: A): Handler<A> {
  return HANDLERS[a.type] as unknown as Handler<A>;
}

/** The cause handed on when no events are collected (no message names it). */
const NO_CAUSE: Cause = { effect: -1 };

/**
 * Apply one effect action to one field card (RULES.md §6 actions). `by`
 * names the cause in messages (default: the effect of the frame's card; a
 * manual correction: rules/correction.ts). Returns whether it did something
 * (for "if you do").
 */
export function applyTo(s: GameState, f: Frame, src: Src, a: EffectAction, tp: Player, row: Row, ci: number, ev: GameEvent[] | null, by?: Cause): boolean {
  const apply = handlerOf(a).apply;
  if (!apply) return false;
  const slot = rowOf(s, tp, row)[ci] as Slot;
  return apply(s, f, src, a, { tp, row, ci, slot, seen: ev ? fieldCard(slot, tp, row, ci) : null, by: ev ? (by ?? { effect: f.card }) : NO_CAUSE }, ev);
}
