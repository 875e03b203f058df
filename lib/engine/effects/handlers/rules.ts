/**
 * Handlers of the actions on the game itself (RULES.md §4.2, §4.4, §6):
 * Chaos Emeralds, who flips next, and rush rules changed for a while.
 */
import type { EffectAction } from "../schema";
import type { GameEvent, GameState, Player } from "../../types";
import { report } from "../../describe/events";
import type { Handler } from "./common";

type Of<K extends EffectAction["type"]> = Handler<Extract<EffectAction, { type: K }>>;

/**
 * Gain or lose Chaos Emeralds by the effect of `card` (never below 0).
 * Reaching 3 wins at once, as at the score step (RULES.md §4.4, §5; docs/rules.md).
 */
function gainEmeralds(s: GameState, p: Player, add: number, ev: GameEvent[] | null, card: number): number {
  const before = s.emeralds[p];
  const after = Math.max(0, Math.min(3, before + add));
  if (after === before) {
    if (ev) report(s, ev, { type: "effect", player: p, cards: [] }, { fact: "no-emerald", player: p, by: card });
    return 0;
  }
  s.emeralds[p] = after;
  if (ev) report(s, ev, { type: "emerald", player: p, cards: [] }, { fact: "emeralds", player: p, before, after, by: card });
  if (after >= 3) {
    s.winner = p;
    s.step = "over";
    if (ev) report(s, ev, { type: "win", player: p, cards: [] }, { fact: "won", player: p });
  }
  return Math.abs(after - before);
}

export const emerald: Of<"emerald"> = {
  run(s, f, src, a, ev) {
    f.done += gainEmeralds(s, (a.who === "you" ? f.player : 1 - f.player) as Player, a.add, ev, f.card);
    return "next";
  },
  payable: (s, src, a) => s.emeralds[src.p] >= -a.add,
};

export const nextFlip: Of<"next-flip"> = {
  run(s, f, src, a, ev) {
    f.done = 1;
    s.next = (a.who === "you" ? f.player : 1 - f.player) as Player;
    if (ev) report(s, ev, { type: "effect", player: f.player, cards: [f.card] }, { fact: "next-flip", player: s.next, by: f.card });
    return "next";
  },
};

export const rushRule: Of<"rush-rule"> = {
  run(s, f, src, a, ev) {
    f.done = 1;
    s.lasting = [...s.lasting, { player: f.player, rule: a.rule, card: f.card, until: a.until }];
    if (ev) report(s, ev, { type: "effect", player: f.player, cards: [f.card] }, { fact: "rush-rule", action: a, by: f.card });
    return "next";
  },
};
