/**
 * The random agent: a uniformly random legal action, from the view alone.
 */
import { pendingActions, randomPlacement } from "../legal-actions";
import { nextInt } from "../rng";
import type { Action, Pending } from "../types";
import { flipMaskForView, type CardRef, type PlayerView } from "../view";
import type { Agent, AgentOptions } from "./types";

/** A uniformly random legal action for the viewer (RULES.md §4, §6), computed from the view. */
export function randomChoice(v: PlayerView, r: { rng: number }): Action {
  const p = v.viewer;
  if (v.pending !== null) {
    const acts = pendingActions(v.pending as Pending);
    return acts[nextInt(r, acts.length)];
  }
  if (v.step === "play") return { type: "place", player: p, cards: randomPlacement((v.players[p].hand as CardRef[]).map((c) => c.id), r) };
  const m = flipMaskForView(v);
  const cols: number[] = [];
  for (let i = 0; i < 5; i++) if (m & (1 << i)) cols.push(i + 1);
  return { type: "flip", player: p, column: cols[nextInt(r, cols.length)] };
}

/** The random agent (a baseline for the simulator and tests). */
export const randomAgent: Agent = {
  name: "random",
  chooseAction(view: PlayerView, opts: AgentOptions): Action {
    return randomChoice(view, { rng: opts.seed | 0 });
  },
};
