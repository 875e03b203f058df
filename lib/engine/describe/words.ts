/**
 * The words of effect parts (RULES.md §6): each action type, "for each"
 * counts, durations and triggers. Prompts, log messages and card
 * descriptions are built from them (describe/).
 */
import type { Count, EffectAction } from "../effects/schema";
import type { FrameTrigger } from "../types";
import { ringCount } from "./names";

/** Opening words of each trigger. */
export const TRIGGER_WORDS: Record<FrameTrigger | "continuous", string> = {
  flip: "When flipped",
  continuous: "While face up",
  discarded: "When this card is discarded",
  "to-spare": "When this card moves to the spare row",
  score: "At the score step",
  "battle-won": "When this card wins a battle",
  "battle-lost": "When this card loses a battle",
  "opposing-flip": "When an opposing card is flipped in this column",
};

/** "for each …" words of a count. */
export function describeCount(c: Count): string {
  if ("previous" in c) return "for each card the previous action affected";
  if ("emeralds" in c) return c.emeralds === "you" ? "for each Chaos Emerald you have" : "for each Chaos Emerald your opponent has";
  if ("zone" in c) {
    const z = c.zone === "discard" ? "discard pile" : c.zone;
    return c.who === "you" ? `for each card in your ${z}` : `for each card in your opponent's ${z}`;
  }
  const k = c.cards;
  const what = [k.colors?.join("/"), k.traits?.join("/"), k.titles ? `"${k.titles.join('"/"')}"` : undefined].filter(Boolean).join(" ");
  const whose = k.owner === "you" ? "your" : k.owner === "opponent" ? "your opponent's" : "any";
  const where = k.where === "field" ? `on ${whose} field` : k.where === "same-column" ? `in this column (${whose})` : `adjacent to this card (${whose})`;
  return `for each other face-up ${what ? `${what} ` : ""}card ${where}`;
}

/** Words of a duration. */
export function describeDuration(until: "rush" | "turn" | "field"): string {
  return until === "rush" ? "until the end of the rush" : until === "turn" ? "until the end of the turn" : "while this card is on the field";
}

/** " for each …" of an action with a "for each" count, else "". */
function each(a: EffectAction): string {
  return a.forEach ? ` ${describeCount(a.forEach)}` : "";
}

type Words = { [K in EffectAction["type"]]: (a: Extract<EffectAction, { type: K }>) => string };

const RUSH_RULE_WORDS = {
  "ignore-column-rule": "you ignore the column rule",
  "no-copy-discards": "no copy discards",
  "lower-discarded": "in battles the lower card is discarded",
  "any-color": "this card battles any color",
} as const;

/** The words of each action type; a missing or extra type is a compile error. */
const WORDS: Words = {
  discard: () => "discard",
  peek: () => "peek",
  draw: (a) => `${a.who === "you" ? "draw" : "your opponent draws"} ${a.count}${each(a)}`,
  "modify-rings": (a) => `${a.set !== undefined ? `set rings to ${a.set}` : `${ringCount(a.add ?? 0, true)}`}${each(a)}${a.until ? ` ${describeDuration(a.until)}` : ""}`,
  protect: (a) => `protect from ${a.from.join(", ")}${a.until ? ` ${describeDuration(a.until)}` : ""}`,
  "change-color": (a) => (a.color === "choose" ? "change active color" : `change active color to ${a.color}`),
  "flip-up": (a) => (a.asRush ? "flip face up as a rush flip" : "flip face up"),
  "next-flip": (a) => (a.who === "you" ? "you flip again next (an extra flip)" : "your opponent flips next"),
  "rush-rule": (a) => `${RUSH_RULE_WORDS[a.rule]} ${a.until === "rush" ? "until the end of the rush" : a.until === "turn" ? "until the end of the turn" : "while this card is on the field"}`,
  "return-to-hand": () => "return to hand",
  "score-rings": (a) => (a.set !== undefined ? `count ${ringCount(a.set)} at the score step` : `${ringCount(a.add ?? 0, true)} at the score step${each(a)}`),
  emerald: (a) => {
    const n = Math.abs(a.add);
    const what = `${n} Chaos Emerald${n === 1 ? "" : "s"}`;
    return a.who === "you" ? `${a.add > 0 ? "gain" : "lose"} ${what}` : `your opponent ${a.add > 0 ? "gains" : "loses"} ${what}`;
  },
  "win-ties": () => "win the emerald when the score step is tied",
  "turn-face-down": () => "turn face down",
  move: () => "move to the other row of its column",
  swap: () => "swap places with this card",
  put: (a) => `put 1 card from your ${a.from === "discard" ? "discard pile" : a.from === "deck" ? "deck (the top card)" : "hand"} face down into an empty slot of your chaos row`,
  recover: (a) => `return up to ${a.count} card${a.count === 1 && !a.forEach ? "" : "s"}${each(a)} from your discard pile to your hand`,
  "look-deck": (a) => {
    const what = a.count === 1 ? "the top card of your deck" : `the top ${a.count} cards of your deck`;
    const back =
      a.order === "same" ? "" : a.order === "any" ? (a.count === 1 ? "" : ", then put them back in any order") : a.count === 1 ? ", then put it back on top or at the bottom" : ", then put any of them at the bottom and the rest back on top in any order";
    return `look at ${what}${back}`;
  },
  "look-hand": () => "look at your opponent's hand",
  "hand-discard": (a) =>
    `${a.who === "you" ? "discard" : "your opponent discards"} ${a.count} card${a.count === 1 && !a.forEach ? "" : "s"}${each(a)} from ${a.who === "you" ? "your" : "their"} hand ${a.pick === "random" ? "at random" : `of ${a.who === "you" ? "your" : "their"} choice`}`,
};

/** Human text of an effect action, for prompts and logs. */
export function describeAction(a: EffectAction): string {
  return (WORDS[a.type] as (x: EffectAction) => string)(a);
}
