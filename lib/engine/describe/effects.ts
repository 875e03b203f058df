/**
 * Human descriptions of structured effects (RULES.md §6): the board shows
 * them, and says "text not automated" for cards without one.
 */
import type { CardDef } from "../types";
import type { Condition, Effect, EffectAction, Selector, Target } from "../effects/schema";
import { describeAction, TRIGGER_WORDS } from "./words";

/** Does the engine automate this card's text (RULES.md §6)? Cards without a structured effect play as vanilla. */
export function isAutomated(card: CardDef): boolean {
  return card.effect !== undefined && card.effect !== null;
}

const OPS = { lt: "less than", le: "at most", eq: "exactly", ge: "at least", gt: "more than" } as const;

function describeSelector(t: Target, exact = false): string {
  if (t === "self") return "this card";
  const s = t as Selector;
  const parts: string[] = [];
  if (s.pick === "random") parts.push(s.count === 1 ? "1 random" : `${s.count} random`);
  else if (s.pick === "opponent") parts.push(`${s.count} (your opponent chooses)`);
  // A cost is paid in full: exactly N, not "up to N".
  else parts.push(s.count === "all" ? "all" : exact ? `${s.count}` : `up to ${s.count}`);
  if (s.face !== "any") parts.push(`face-${s.face}`);
  if (s.colors) parts.push(s.colors.join("/"));
  if (s.traits) parts.push(s.traits.join("/"));
  if (s.allTraits) parts.push(s.allTraits.join(" and "));
  if (s.titles) parts.push(`"${s.titles.join('"/"')}"`);
  parts.push(s.count === 1 ? "card" : "cards");
  if (s.owner !== "any") parts.push(s.owner === "you" ? "of yours" : "of your opponent's");
  if (s.row !== "any") parts.push(`in the ${s.row} row`);
  if (s.position === "same-column") parts.push("in this column");
  if (s.position === "adjacent") parts.push("adjacent to this card");
  if (s.position === "adjacent-columns") parts.push("in the columns next to this one");
  if (s.position === "battled") parts.push("that this card battled");
  if (s.rings)
    parts.push(
      `with ${s.rings.of} rings ${OPS[s.rings.op]} ${s.rings.value === "self" ? "this card's" : s.rings.value === "opposing" ? "those of the opposing chaos card in this column" : s.rings.value}`,
    );
  if (s.not) {
    const x = [s.not.colors?.join("/"), s.not.traits?.join("/"), s.not.titles ? `"${s.not.titles.join('"/"')}"` : undefined].filter(Boolean).join(" or ");
    parts.push(`that is not ${x}`);
  }
  return parts.join(" ");
}

function describeCondition(c: Condition): string {
  if ("where" in c) {
    const what = [c.colors?.join("/"), c.traits?.join("/"), c.titles ? `"${c.titles.join('"/"')}"` : undefined].filter(Boolean).join(" ");
    const whose = c.owner === "you" ? "your" : c.owner === "opponent" ? "your opponent's" : "any";
    const where = c.where === "field" ? `on ${whose} field` : c.where === "same-column" ? `in this column (${whose})` : `adjacent to this card (${whose})`;
    const min = c.min ?? 1;
    if (c.max === 0) return `no face-up ${what ? `${what} ` : ""}card is ${where}`;
    const n = c.max !== undefined ? `${min} to ${c.max}` : min === 1 ? "a" : `${min} or more`;
    return `${n} face-up ${what ? `${what} ` : ""}card${n === "a" ? " is" : "s are"} ${where}`;
  }
  if ("not" in c) return `it is not so that ${describeCondition(c.not)}`;
  if ("allOf" in c) return c.allOf.map(describeCondition).join(" and ");
  if ("anyOf" in c) return c.anyOf.map(describeCondition).join(" or ");
  if ("emeralds" in c) return c.emeralds === "same" ? "you have as many Chaos Emeralds as your opponent" : `you have ${c.emeralds} Chaos Emeralds than your opponent`;
  if ("lead" in c) return c.lead ? "you are the lead" : "you are not the lead";
  if ("zone" in c) return `${c.who === "you" ? "you have" : "your opponent has"} ${OPS[c.op]} ${c.value} card${c.value === 1 ? "" : "s"} in ${c.who === "you" ? "your" : "their"} ${c.zone === "discard" ? "discard pile" : c.zone}`;
  if ("row" in c) return `this card is in the ${c.row} row`;
  return `the turn number is ${OPS[c.turn.op]} ${c.turn.value}`;
}

function describeOne(a: EffectAction): string {
  return !("target" in a) ? describeAction(a) : `${describeAction(a)}: ${describeSelector(a.target, a.cost === true)}`;
}

/**
 * One-line English description of a structured effect (RULES.md §6). Costs
 * read "as a cost, …; if you do: …" (with "you may", an optional cost;
 * without, "if it cannot be paid, nothing happens"); "if you do" joins an
 * action to the one before it, "then" the others.
 */
export function describeEffect(e: Effect): string {
  const head = TRIGGER_WORDS[e.trigger];
  const cond = e.condition ? `, if ${describeCondition(e.condition)}` : "";
  const costs = e.actions.filter((a) => a.cost);
  const rest = e.actions.filter((a) => !a.cost);
  const acts = rest.map((a, i) => `${i === 0 ? "" : a.ifDone ? "; if you do, " : "; then "}${describeOne(a)}`).join("");
  if (costs.length > 0) {
    const pay = costs.map(describeOne).join(" and ");
    return e.optional ? `${head}${cond}, you may, as a cost, ${pay}; if you do: ${acts}.` : `${head}${cond}: as a cost (if it cannot be paid, nothing happens), ${pay}; then: ${acts}.`;
  }
  const may = e.optional ? ", you may" : "";
  return `${head}${cond}${may}: ${acts}.`;
}
