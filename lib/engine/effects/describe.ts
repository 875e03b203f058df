/**
 * Human descriptions of structured effects (RULES.md §6): the board shows
 * them, and says "text not automated" for cards without one.
 */
import type { CardDef } from "../types";
import type { Condition, Effect, Selector, Target } from "./schema";
import { describeAction } from "./interpreter";

/** Does the engine automate this card's text (RULES.md §6)? Cards without a structured effect play as vanilla. */
export function isAutomated(card: CardDef): boolean {
  return card.effect !== undefined && card.effect !== null;
}

function describeSelector(t: Target): string {
  if (t === "self") return "this card";
  const s = t as Selector;
  const parts: string[] = [];
  parts.push(s.count === "all" ? "all" : `up to ${s.count}`);
  if (s.face !== "any") parts.push(`face-${s.face}`);
  if (s.colors) parts.push(s.colors.join("/"));
  if (s.traits) parts.push(s.traits.join("/"));
  if (s.titles) parts.push(`"${s.titles.join('"/"')}"`);
  parts.push(s.count === 1 ? "card" : "cards");
  if (s.owner !== "any") parts.push(s.owner === "you" ? "of yours" : "of your opponent's");
  if (s.row !== "any") parts.push(`in the ${s.row} row`);
  if (s.position === "same-column") parts.push("in this column");
  if (s.position === "adjacent") parts.push("adjacent to this card");
  if (s.rings) {
    const ops = { lt: "less than", le: "at most", eq: "exactly", ge: "at least", gt: "more than" };
    parts.push(`with ${s.rings.of} rings ${ops[s.rings.op]} ${s.rings.value === "self" ? "this card's" : s.rings.value}`);
  }
  return parts.join(" ");
}

function describeCondition(c: Condition): string {
  const what = [c.colors?.join("/"), c.traits?.join("/"), c.titles ? `"${c.titles.join('"/"')}"` : undefined].filter(Boolean).join(" ") || "a";
  const whose = c.owner === "you" ? "your" : c.owner === "opponent" ? "your opponent's" : "any";
  const where = c.where === "field" ? `on ${whose} field` : c.where === "same-column" ? `in this column (${whose})` : `adjacent to this card (${whose})`;
  return `if a face-up ${what} card is ${where}`;
}

/** One-line English description of a structured effect (RULES.md §6). */
export function describeEffect(e: Effect): string {
  const head = e.trigger === "flip" ? "When flipped" : "While face up";
  const cond = e.condition ? `, ${describeCondition(e.condition)}` : "";
  const may = e.optional ? ", you may" : "";
  const acts = e.actions
    .map((a) => (a.type === "draw" ? describeAction(a) : `${describeAction(a)}: ${describeSelector(a.target)}`))
    .join("; then ");
  return `${head}${cond}${may}: ${acts}.`;
}
