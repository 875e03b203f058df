/**
 * What effects report (RULES.md §6, §8): each event of the effect
 * interpreter is built from one of these facts, and describe/events.ts alone
 * turns them into English. Plain data; card numbers are instance ids and
 * columns are 1–5.
 */
import type { EffectAction } from "../effects/schema";
import type { Color, FrameTrigger, Player, Row, Slot } from "../types";

/** Who caused a change: a card's effect, or a manual correction for a card (rules/correction.ts). */
export type Cause = { effect: number } | { correction: number };

/** A field card as it stood when the action reached it. */
export interface FieldCard {
  player: Player;
  card: number;
  faceUp: boolean;
  color: Color | null;
  row: Row;
  column: number;
}

/** A field card as it stands, for a fact (columns 1–5). */
export function fieldCard(slot: Slot, player: Player, row: Row, ci: number): FieldCard {
  return { player, card: slot.card, faceUp: slot.faceUp, color: slot.color, row, column: ci + 1 };
}

type Duration = "rush" | "turn" | "field";
type Zone = "hand" | "deck" | "discard";

/** Why an action of an effect did nothing. */
export type NothingBecause =
  | { why: "deck-empty" }
  | { why: "no-hand-to-look"; player: Player }
  | { why: "no-hand-to-discard"; player: Player }
  | { why: "discard-empty" }
  | { why: "put-outside-rush" }
  | { why: "no-empty-slot" }
  | { why: "put-zone-empty"; from: Zone };

/** One thing an effect did (or did not do), with the card whose effect it is (`by`). */
export type EffectFact =
  | { fact: "discarded"; target: FieldCard; by: Cause }
  | { fact: "returned"; target: FieldCard; by: Cause }
  | { fact: "peeked"; viewer: Player; target: FieldCard; by: Cause }
  | { fact: "flipped-up"; target: FieldCard; asRush: boolean; withEffect: boolean; by: Cause }
  | { fact: "rings"; target: FieldCard; action: Extract<EffectAction, { type: "modify-rings" }>; by: Cause }
  | { fact: "protected"; target: FieldCard; from: readonly string[]; until?: Duration; by: Cause }
  | { fact: "nothing-lasts"; target: FieldCard; until: Duration; by: Cause }
  | { fact: "turned-down"; target: FieldCard; by: Cause }
  | { fact: "moved"; target: FieldCard; to: Row; by: Cause }
  | { fact: "swapped"; mine: { card: number; color: Color | null }; target: FieldCard; by: Cause }
  | { fact: "recolored"; target: FieldCard; color: Color; by: Cause }
  | { fact: "recolored-chosen"; card: number; color: Color; by: number }
  | { fact: "nothing"; because: NothingBecause; by: number }
  | { fact: "no-target"; action: EffectAction; by: number }
  | { fact: "random-pick"; target: FieldCard; by: number }
  | { fact: "hand-discarded"; player: Player; cards: number[]; random: boolean; by: number }
  | { fact: "recovered"; player: Player; card: number; by: number }
  | { fact: "put"; player: Player; card: number; from: Zone; column: number; by: number }
  | { fact: "looked-deck"; player: Player; cards: number[]; by: number }
  | { fact: "arranged"; player: Player; card: number; toTop: boolean; at: number; by: number }
  | { fact: "looked-hand"; player: Player; cards: number[]; by: number }
  | { fact: "no-emerald"; player: Player; by: number }
  | { fact: "emeralds"; player: Player; before: number; after: number; by: number }
  | { fact: "won"; player: Player }
  | { fact: "next-flip"; player: Player; by: number }
  | { fact: "rush-rule"; action: EffectAction; by: number }
  | { fact: "declined"; player: Player; card: number }
  | { fact: "trigger-gone"; trigger: FrameTrigger; card: number }
  | { fact: "triggers"; trigger: FrameTrigger; player: Player; card: number }
  | { fact: "condition-unmet"; card: number }
  | { fact: "cost-unpayable"; actions: readonly EffectAction[]; card: number }
  | { fact: "cost-unpaid"; action: EffectAction; card: number }
  | { fact: "previous-undone"; action: EffectAction; card: number }
  | { fact: "comes-to-zero"; action: EffectAction; card: number };

/** Why cards are drawn: the opening hands, the recharge step, an effect or a manual correction. */
export type DrawBy = "setup" | "recharge" | Cause;

/** One thing the turn's rules did (RULES.md §4, §5): flips, copy and battle discards, scoring, recharge, passes. */
export type RuleFact =
  | { fact: "flipped"; player: Player; card: number; color: Color | null; column: number }
  | { fact: "not-automated"; card: number }
  | { fact: "flip-color"; player: Player; card: number; color: Color }
  | { fact: "no-copy-discards"; card: number; color: Color | null }
  | { fact: "copy-protected"; target: FieldCard }
  | { fact: "copy-discarded"; player: Player; card: number; color: Color | null; target: FieldCard }
  | {
      fact: "battle";
      discarded: boolean;
      lower: boolean;
      player: Player;
      card: number;
      mine: number;
      target: FieldCard;
      theirs: number;
    }
  | { fact: "score"; totals: [number, number]; winner: Player | null; byTie: boolean }
  | { fact: "score-emerald"; player: Player; byTie: boolean; now: number }
  | { fact: "spare-discarded"; player: Player; cards: number[] }
  | { fact: "chaos-to-spare"; player: Player }
  | { fact: "lead"; turn: number; player: Player }
  | { fact: "nothing-to-place"; player: Player }
  | { fact: "nothing-to-flip"; player: Player }
  | { fact: "draw-game"; turns: number }
  | { fact: "shuffled"; player: Player; count: number; by: DrawBy }
  | { fact: "drew"; player: Player; cards: number[]; by: DrawBy }
  | { fact: "placed"; player: Player; count: number }
  | { fact: "corrections-done"; player: Player; card: number };
