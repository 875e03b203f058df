/**
 * What every effect action handler shares (effects/handlers): the shape of a
 * handler, the field card an action reaches, and the frame bookkeeping
 * between actions.
 */
import type { EffectAction, Selector } from "../schema";
import type { Frame, GameEvent, GameState, Player, Row, Slot, SlotRef } from "../../types";
import type { Auras } from "../auras";
import type { Src } from "../match";
import type { Cause, FieldCard, NothingBecause } from "../../describe/facts";
import { report } from "../../describe/events";

/**
 * How running an action left its frame: "next" — go on to the next action;
 * "wait" — a pending decision was opened; "yield" — a nested flip was pushed
 * and resolves first.
 */
export type Outcome = "next" | "wait" | "yield";

/** A field card an action reaches, and who causes it. */
export interface Hit {
  tp: Player;
  row: Row;
  ci: number;
  slot: Slot;
  /** The card as it stood before the action, when events are collected (else null). */
  seen: FieldCard | null;
  by: Cause;
}

/**
 * One effect action type's rules (RULES.md §6). `run` resolves the action
 * for its frame; the other entries are the parts that only some types have.
 */
export interface Handler<A extends EffectAction> {
  /** Resolve (or resume) the action for the frame on top of the stack. */
  run(s: GameState, f: Frame, src: Src, a: A, ev: GameEvent[] | null): Outcome;
  /** What the action does to one field card; false when it does nothing there. Types without it reach no field card. */
  apply?(s: GameState, f: Frame, src: Src, a: A, h: Hit, ev: GameEvent[] | null): boolean;
  /** The selector's matches this action can affect (default: all of them). */
  narrow?(s: GameState, src: Src, targets: SlotRef[], sel: Selector): SlotRef[];
  /** A "this card" action whose card has left its slot: what it does instead (false: nothing). */
  selfGone?(s: GameState, f: Frame, ev: GameEvent[] | null): boolean;
  /** Can the action be paid in full now as a cost (default: yes)? */
  payable?(s: GameState, src: Src, a: A): boolean;
  /** Answer a card decision the action opened. */
  card?(s: GameState, f: Frame, a: A, id: number, ev: GameEvent[] | null): void;
  /** Answer a target decision the action opened (default: apply the action to the chosen card). */
  slot?(s: GameState, f: Frame, a: A, t: SlotRef, ev: GameEvent[] | null): void;
  /** The amount a "for each" multiplies: the action's count, or the rings it adds (types without it take no "for each"). */
  perEach?(a: A): number;
  /** With count "all", each target pushes a frame (a nested flip): they are reached in reverse slot order so they resolve in slot order. */
  stacksFrames?: true;
  /** What the action adds to the continuous effects in force, from a face-up card (types without it add nothing). */
  aura?(out: Auras, src: Src, a: A): void;
}

/** The position of a frame's card, for its effect. */
export function srcOf(f: Frame): Src {
  return { p: f.player, row: f.row, ci: f.column, card: f.card, other: f.other };
}

/** The frame moves on to its next action: what this one did becomes "the previous action". */
export function nextAction(f: Frame): void {
  f.ai++;
  f.picked = [];
  f.last = f.done;
  f.done = 0;
  f.amt = -1;
}

/** Cards of a zone as options, in instance-id order (independent of the order they reached the zone). */
export function byId(ids: readonly number[]): number[] {
  return ids.slice().sort((x, y) => x - y);
}

/** The action does nothing, and the log says why. */
export function nothing(s: GameState, f: Frame, because: NothingBecause, ev: GameEvent[] | null): "next" {
  if (ev) report(s, ev, { type: "effect", player: f.player, cards: [f.card] }, { fact: "nothing", because, by: f.card });
  return "next";
}
