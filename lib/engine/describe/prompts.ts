/**
 * The English of pending decisions (RULES.md §4.3, §6): each prompt is
 * rendered here from what the decision is about.
 */
import type { EffectAction } from "../effects/schema";
import type { Color, GameState, Player } from "../types";
import { label, pname } from "./names";
import { costWords } from "./events";
import { describeAction } from "./words";

/** What a pending decision asks (`card`: the card whose effect or flip it is about). */
export type Ask =
  | { ask: "use"; card: number; actions: readonly EffectAction[]; cost: boolean }
  | { ask: "target"; card: number; controller: Player; action: EffectAction; left: number; by: "controller" | "opponent" | "cost" }
  | { ask: "color"; card: number; target: number; color: Color | null }
  | { ask: "hand-discard"; card: number; controller: Player; cost: boolean; left: number }
  | { ask: "recover"; card: number; left: number }
  | { ask: "put-card"; card: number; from: "hand" | "discard" }
  | { ask: "put-slot"; card: number }
  | { ask: "deck"; card: number; toTop: boolean }
  | { ask: "flip-color"; card: number; column: number }
  | { ask: "battle"; card: number; opponent: Player; color: Color | null; column: number }
  | { ask: "correction"; card: number };

/** The prompt of a pending decision. */
export function promptFor(s: GameState, q: Ask): string {
  const c = label(s, q.card);
  switch (q.ask) {
    case "use":
      return q.cost
        ? `Pay the cost of ${c} (${costWords(q.actions)}) to ${q.actions
            .filter((a) => !a.cost)
            .map(describeAction)
            .join(", then ")}?`
        : `Use the effect of ${c} (${q.actions.map(describeAction).join(", then ")})?`;
    case "target":
      return q.by === "opponent"
        ? `${c} (${pname(q.controller)}'s): choose a card to ${describeAction(q.action)} (${q.left} more).`
        : q.by === "cost"
          ? `${c}: choose a card to ${describeAction(q.action)}, as its cost (${q.left} more).`
          : `${c}: choose a card to ${describeAction(q.action)} (up to ${q.left} more), or pass.`;
    case "color":
      return `${c}: choose the new active color of ${label(s, q.target, q.color)}.`;
    case "hand-discard":
      return `${c} (${pname(q.controller)}'s): choose a card of your hand to discard${q.cost ? " as its cost" : ""} (${q.left} more).`;
    case "recover":
      return `${c}: choose a card of your discard pile to return to your hand (up to ${q.left} more), or pass.`;
    case "put-card":
      return `${c}: choose a card of your ${q.from === "hand" ? "hand" : "discard pile"} to put face down into your chaos row, or pass.`;
    case "put-slot":
      return `${c}: choose an empty chaos slot for the card.`;
    case "deck":
      return q.toTop
        ? `${c}: choose the next card to put back on top of your deck (the first you choose is the top card).`
        : `${c}: choose a card to put at the bottom of your deck, or pass to put the rest back on top.`;
    case "flip-color":
      return `Choose the active color of ${c} (column ${q.column}).`;
    case "battle":
      return `Battle discard: choose which of ${pname(q.opponent)}'s ${q.color} cards in column ${q.column} to battle with ${label(s, q.card, q.color)}.`;
    case "correction":
      return `${s.cards[q.card].title}: its text is not automated. Apply what the card says with manual corrections, then choose Done.`;
  }
}
