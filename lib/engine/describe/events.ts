/**
 * The English of the effect interpreter's log (RULES.md §8): every message
 * and public message of an effect's events is rendered here from its fact
 * (describe/facts.ts), so rules never hold text and text never holds rules.
 */
import type { EffectAction } from "../effects/schema";
import type { GameEvent, GameState } from "../types";
import { label, pname } from "./names";
import type { EffectFact, FieldCard, NothingBecause, RuleFact } from "./facts";
import { causeWords, renderRule } from "./rule-events";
import { describeAction, describeDuration, TRIGGER_WORDS } from "./words";

/** A field card's name: its label when face up, else where it lies. */
function nameOf(s: GameState, t: FieldCard): string {
  return t.faceUp ? label(s, t.card, t.color) : `face-down card (${t.row} row, column ${t.column})`;
}

function owner(t: FieldCard): string {
  return pname(t.player);
}

function nothingWords(b: NothingBecause): string {
  switch (b.why) {
    case "deck-empty":
      return "the deck is empty, there is no card to look at";
    case "no-hand-to-look":
      return `${pname(b.player)} has no card in hand to look at`;
    case "no-hand-to-discard":
      return `${pname(b.player)} has no card in hand to discard`;
    case "discard-empty":
      return "the discard pile is empty";
    case "put-outside-rush":
      return "cards are put onto the field only during the rush";
    case "no-empty-slot":
      return "no empty chaos slot to put a card into";
    case "put-zone-empty":
      return `no card in the ${b.from === "discard" ? "discard pile" : b.from} to put onto the field`;
  }
}

function cards(s: GameState, ids: readonly number[]): string {
  return ids.map((c) => label(s, c)).join(", ");
}

/** The message (and, for private events, the message others see) of an effect's fact. */
function renderEffect(s: GameState, x: EffectFact): { message: string; publicMessage?: string } {
  const one = (message: string) => ({ message });
  const of = (card: number) => `the effect of ${label(s, card)}`;
  switch (x.fact) {
    case "discarded":
      return one(`${owner(x.target)}'s ${nameOf(s, x.target)} was discarded by ${causeWords(s, x.by)}.`);
    case "returned":
      return one(`${owner(x.target)}'s ${nameOf(s, x.target)} returned to their hand by ${causeWords(s, x.by)}.`);
    case "peeked": {
      const by = causeWords(s, x.by);
      return {
        message: `${pname(x.viewer)} looked at ${owner(x.target)}'s face-down ${label(s, x.target.card)} in column ${x.target.column} (${by}).`,
        publicMessage: `${pname(x.viewer)} looked at ${owner(x.target)}'s face-down card in column ${x.target.column} (${by}).`,
      };
    }
    case "flipped-up":
      return one(
        `${owner(x.target)}'s ${label(s, x.target.card, x.target.color)} in column ${x.target.column} was flipped face up by ${causeWords(s, x.by)}${x.asRush ? " as a rush flip (its effect, copy and battle discards follow)" : x.withEffect ? "" : " (its own effect does not trigger)"}.`,
      );
    case "rings":
      return one(`${owner(x.target)}'s ${nameOf(s, x.target)}: ${describeAction(x.action)} for battle comparisons (${causeWords(s, x.by)}).`);
    case "protected":
      return one(`${owner(x.target)}'s ${nameOf(s, x.target)} is protected from ${x.from.join(", ")}${x.until ? ` ${describeDuration(x.until)}` : ""} (${causeWords(s, x.by)}).`);
    case "nothing-lasts":
      return one(`${owner(x.target)}'s ${nameOf(s, x.target)}: nothing lasts "${describeDuration(x.until)}", as that card is no longer on the field (${causeWords(s, x.by)}).`);
    case "turned-down":
      return one(`${owner(x.target)}'s ${nameOf(s, x.target)} was turned face down by ${causeWords(s, x.by)}; it is flipped again in this rush.`);
    case "moved":
      return one(`${owner(x.target)}'s ${nameOf(s, x.target)} moved to the ${x.to} row (${causeWords(s, x.by)}).`);
    case "swapped":
      return one(`${owner(x.target)}'s ${label(s, x.mine.card, x.mine.color)} and ${nameOf(s, x.target)} swapped places (${causeWords(s, x.by)}).`);
    case "recolored":
      return one(`${owner(x.target)}'s ${nameOf(s, x.target)} now has active color ${x.color} (${causeWords(s, x.by)}).`);
    case "recolored-chosen":
      return one(`The effect of ${label(s, x.by)} changed the active color of ${label(s, x.card, x.color)} to ${x.color}.`);
    case "nothing":
      return one(`The effect of ${label(s, x.by)}: ${nothingWords(x.because)}.`);
    case "no-target":
      return one(`The effect of ${label(s, x.by)} (${describeAction(x.action)}) found no target.`);
    case "random-pick":
      return one(`The effect of ${label(s, x.by)} picked ${owner(x.target)}'s ${x.target.faceUp ? label(s, x.target.card, x.target.color) : "face-down card"} (${x.target.row} row, column ${x.target.column}) at random.`);
    case "hand-discarded":
      return one(`${pname(x.player)} discarded ${cards(s, x.cards)} from their hand${x.random ? " at random" : ""} (${of(x.by)}).`);
    case "recovered":
      return one(`${pname(x.player)}'s ${label(s, x.card)} returned from the discard pile to their hand (${of(x.by)}).`);
    case "put": {
      const message = `${pname(x.player)} put ${label(s, x.card)} from their ${x.from === "discard" ? "discard pile" : x.from} face down into their chaos row, column ${x.column} (${of(x.by)}).`;
      return x.from === "discard" ? { message } : { message, publicMessage: `${pname(x.player)} put a card from their ${x.from} face down into their chaos row, column ${x.column} (${of(x.by)}).` };
    }
    case "looked-deck": {
      const n = x.cards.length;
      const top = `${pname(x.player)} looked at the top ${n === 1 ? "card" : `${n} cards`} of their deck`;
      return { message: `${top}: ${cards(s, x.cards)} (${of(x.by)}).`, publicMessage: `${top} (${of(x.by)}).` };
    }
    case "arranged":
      return x.toTop
        ? {
            message: `${pname(x.player)} put ${label(s, x.card)} back on their deck, ${x.at === 0 ? "as the top card" : `card ${x.at + 1} from the top`} (${of(x.by)}).`,
            publicMessage: `${pname(x.player)} put a card back on their deck (${of(x.by)}).`,
          }
        : { message: `${pname(x.player)} put ${label(s, x.card)} at the bottom of their deck (${of(x.by)}).`, publicMessage: `${pname(x.player)} put a card at the bottom of their deck (${of(x.by)}).` };
    case "looked-hand": {
      const o = pname((1 - x.player) as 0 | 1);
      const n = x.cards.length;
      return {
        message: `${pname(x.player)} looked at ${o}'s hand: ${cards(s, x.cards)} (${of(x.by)}).`,
        publicMessage: `${pname(x.player)} looked at ${o}'s hand (${n} card${n === 1 ? "" : "s"}; ${of(x.by)}).`,
      };
    }
    case "no-emerald":
      return one(`${pname(x.player)} has no Chaos Emerald to lose (${of(x.by)}).`);
    case "emeralds": {
      const n = Math.abs(x.after - x.before);
      return one(`${pname(x.player)} ${x.after > x.before ? "gains" : "loses"} ${n} Chaos Emerald${n === 1 ? "" : "s"} (${of(x.by)}); ${x.after} now.`);
    }
    case "won":
      return one(`${pname(x.player)} holds 3 Chaos Emeralds and wins.`);
    case "next-flip":
      return one(`The effect of ${label(s, x.by)}: ${pname(x.player)} flips next.`);
    case "rush-rule":
      return one(`The effect of ${label(s, x.by)}: ${describeAction(x.action)}.`);
    case "declined":
      return one(`${pname(x.player)} chose not to use the effect of ${label(s, x.card)}.`);
    case "trigger-gone":
      return one(`${TRIGGER_WORDS[x.trigger]} (${label(s, x.card)}): the card has left the field, so nothing happens.`);
    case "triggers":
      return one(`${TRIGGER_WORDS[x.trigger]} (${pname(x.player)}'s ${label(s, x.card)}): its effect triggers.`);
    case "condition-unmet":
      return one(`The effect of ${label(s, x.card)} does not apply: its condition is not met.`);
    case "cost-unpayable":
      return one(`The effect of ${label(s, x.card)} does not resolve: its cost (${costWords(x.actions)}) cannot be paid.`);
    case "cost-unpaid":
      return one(`The cost of ${label(s, x.card)} (${describeAction(x.action)}) was not paid in full, so the rest of its effect does not resolve.`);
    case "previous-undone":
      return one(`The effect of ${label(s, x.card)}: the previous action did not happen, so "${describeAction(x.action)}" does not either.`);
    case "comes-to-zero":
      return one(`The effect of ${label(s, x.card)}: "${describeAction(x.action)}" comes to 0, so nothing happens.`);
  }
}

/** The words of an effect's costs. */
export function costWords(actions: readonly EffectAction[]): string {
  return actions
    .filter((a) => a.cost)
    .map(describeAction)
    .join(", ");
}

/** An event without its words: what {@link report} completes with a fact's message. */
export type EventFacts = Omit<GameEvent, "message" | "publicMessage">;

/** The message (and, for private events, the message others see) of a fact. */
function renderFact(s: GameState, x: EffectFact | RuleFact): { message: string; publicMessage?: string } {
  return x.fact in RULE_FACTS ? renderRule(s, x as RuleFact) : renderEffect(s, x as EffectFact);
}

/** The kinds of rule facts (a compile error when one is missing or extra). */
const RULE_FACTS: { [K in RuleFact["fact"]]: true } = {
  flipped: true,
  "not-automated": true,
  "flip-color": true,
  "no-copy-discards": true,
  "copy-protected": true,
  "copy-discarded": true,
  battle: true,
  score: true,
  "score-emerald": true,
  "spare-discarded": true,
  "chaos-to-spare": true,
  lead: true,
  "nothing-to-place": true,
  "nothing-to-flip": true,
  "draw-game": true,
  shuffled: true,
  drew: true,
  placed: true,
  "corrections-done": true,
};

/** Log an event: its structured fields, and the message rendered from its fact. */
export function report(s: GameState, ev: GameEvent[], e: EventFacts, x: EffectFact | RuleFact): void {
  ev.push({ ...e, ...renderFact(s, x) });
}
