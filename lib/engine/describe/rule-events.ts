/**
 * The English of the turn's rule events (RULES.md §4, §5, §8): flips, copy
 * and battle discards, scoring, recharge, draws and passes, rendered from
 * their facts (describe/facts.ts).
 */
import type { GameState } from "../types";
import { label, pname, ringCount } from "./names";
import type { Cause, DrawBy, RuleFact } from "./facts";

/** "the effect of blue 5 Sonic" / "a manual correction for … (text not automated)". */
export function causeWords(s: GameState, by: Cause): string {
  return "effect" in by ? `the effect of ${label(s, by.effect)}` : `a manual correction for ${label(s, by.correction)} (text not automated)`;
}

/** The reason draw and shuffle events give. */
function drawWords(s: GameState, by: DrawBy): string {
  if (by === "setup") return "setup";
  if (by === "recharge") return "recharge: draw to 7";
  return "effect" in by ? `effect of ${label(s, by.effect)}` : causeWords(s, by);
}

/** The message (and, for private events, the message others see) of a rule fact. */
export function renderRule(s: GameState, x: RuleFact): { message: string; publicMessage?: string } {
  const one = (message: string) => ({ message });
  switch (x.fact) {
    case "flipped":
      return one(`${pname(x.player)} flipped ${label(s, x.card, x.color)} in column ${x.column}.`);
    case "not-automated":
      return one(`${s.cards[x.card].title}: text not automated; the card plays as vanilla (RULES.md §6).`);
    case "flip-color":
      return one(`${pname(x.player)} chose ${x.color} as the active color of ${label(s, x.card, x.color)}.`);
    case "no-copy-discards":
      return one(`No copy discards now (a card's effect): ${label(s, x.card, x.color)} discards nothing by copy.`);
    case "copy-protected":
      return one(`Copy discard: ${pname(x.target.player)}'s ${label(s, x.target.card, x.target.color)} matches but is protected from copy discard.`);
    case "copy-discarded":
      return one(
        `Copy discard: ${pname(x.player)}'s ${label(s, x.card, x.color)} matched ${pname(x.target.player)}'s ${label(s, x.target.card, x.color)} (${x.target.row} row, column ${x.target.column}), which is discarded.`,
      );
    case "battle": {
      const t = x.target;
      const more = x.lower ? "fewer" : "more";
      return x.discarded
        ? one(`Battle discard: ${pname(t.player)}'s ${label(s, t.card, t.color)} (${ringCount(x.theirs)}) has ${more} rings than ${pname(x.player)}'s ${label(s, x.card, t.color)} (${x.mine}) in column ${t.column}, so it is discarded.`)
        : one(`Battle: ${pname(t.player)}'s ${label(s, t.card, t.color)} (${ringCount(x.theirs)}) does not have ${more} rings than ${pname(x.player)}'s ${label(s, x.card, t.color)} (${x.mine}); nothing is discarded.`);
    }
    case "score": {
      const [a, b] = x.totals;
      const end = x.winner === null ? " — a tie, nobody gains an emerald" : x.byTie ? ` — a tie, which ${pname(x.winner)} wins by a card's effect` : "";
      return one(`Score: ${pname(0)} ${ringCount(a)}, ${pname(1)} ${ringCount(b)}${end}.`);
    }
    case "score-emerald":
      return one(`${pname(x.player)} gains a Chaos Emerald for ${x.byTie ? "winning the tie" : "having more rings"} (${x.now} now).`);
    case "spare-discarded":
      return one(`${pname(x.player)} discarded their spare row: ${x.cards.map((c) => label(s, c)).join(", ")} (recharge).`);
    case "chaos-to-spare":
      return one(`${pname(x.player)} moved their chaos row into the spare row (recharge).`);
    case "lead":
      return one(`Turn ${x.turn}: ${pname(x.player)} leads.`);
    case "nothing-to-place":
      return one(`${pname(x.player)} has no card in hand and places nothing (RULES.md §4.1).`);
    case "nothing-to-flip":
      return one(`${pname(x.player)} has no face-down chaos card left and passes (RULES.md §4.2).`);
    case "draw-game":
      return one(`The game is a draw: ${x.turns} turns were played without a winner (RULES.md §5).`);
    case "shuffled":
      return one(`${pname(x.player)} shuffled their discard pile (${x.count} cards) into a new deck: the deck was empty (${drawWords(s, x.by)}, RULES.md §4.5).`);
    case "drew": {
      const why = drawWords(s, x.by);
      const k = x.cards.length;
      return { message: `${pname(x.player)} drew ${x.cards.map((c) => label(s, c)).join(", ")} (${why}).`, publicMessage: `${pname(x.player)} drew ${k} card${k === 1 ? "" : "s"} (${why}).` };
    }
    case "placed": {
      const message = `${pname(x.player)} placed ${x.count} cards face down in their chaos row.`;
      return { message, publicMessage: message };
    }
    case "corrections-done":
      return one(`${pname(x.player)} finished manual corrections for ${label(s, x.card)} (text not automated).`);
  }
}
