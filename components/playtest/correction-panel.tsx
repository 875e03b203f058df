"use client";
import { useEffect, useRef } from "react";
import { CORRECTION_OPS, MAX_RING_CORRECTION, type Action, type CorrectionOp, type CorrectionPending, type CorrectionTargets, type GameState, type SlotRef } from "@/lib/engine";
import type { BoardCardDef } from "@/lib/playtest/cards";
import { HUMAN } from "@/lib/playtest/session";
import { slotName } from "./prompts";

/** What each correction primitive is called on the board. */
export const OP_LABEL: Record<CorrectionOp, string> = {
  discard: "Discard a card",
  return: "Return a card to its owner's hand",
  draw: "Draw 1 card",
  "flip-up": "Flip an opposing face-down card face up (no effect)",
  rings: "Change a card's rings (battle comparisons)",
};

/** The engine's target list of a primitive in a correction window. */
export function correctionTargetsOf(pending: CorrectionPending, op: CorrectionOp): SlotRef[] {
  if (op === "draw") return [];
  const key: Record<Exclude<CorrectionOp, "draw">, keyof CorrectionTargets> = { discard: "discard", return: "return", "flip-up": "flipUp", rings: "rings" };
  return pending.options[key[op]];
}

/** The correction the player is building: the chosen primitive and ring change (board UI state only). */
export interface CorrectionChoice {
  op: CorrectionOp;
  amount: number;
}

/** The engine action for a correction on a target (or a draw). */
export function correctionAction(c: CorrectionChoice, slot?: SlotRef): Action {
  if (c.op === "draw") return { type: "correct", player: HUMAN, op: "draw" };
  return c.op === "rings" ? { type: "correct", player: HUMAN, op: "rings", slot, amount: c.amount } : { type: "correct", player: HUMAN, op: c.op, slot };
}

/**
 * The "Manual correction" panel (RULES.md §6): shown when the engine opens a
 * correction window after your flip of a card whose text is not automated.
 * Pick a primitive, then a target (here or a highlighted card on the field);
 * "Done" lets the flip resolve on. The targets and the legality come from the
 * engine's pending decision; the panel holds no rule.
 */
export function CorrectionPanel({
  state,
  pending,
  choice,
  onChoice,
  onAct,
}: {
  state: GameState;
  pending: CorrectionPending;
  choice: CorrectionChoice;
  onChoice: (c: CorrectionChoice) => void;
  onAct: (a: Action) => void;
}) {
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // In the next frame: focusing during the commit forces a synchronous style and layout pass.
    const id = requestAnimationFrame(() => done.current?.focus());
    return () => cancelAnimationFrame(id);
  }, [pending.card]);
  const card = state.cards[pending.card] as BoardCardDef;
  const targets = correctionTargetsOf(pending, choice.op);
  const amountOk = Number.isInteger(choice.amount) && choice.amount !== 0 && Math.abs(choice.amount) <= MAX_RING_CORRECTION;
  return (
    <section role="dialog" aria-modal="false" aria-labelledby="correction-title" aria-describedby="correction-text" className="panel border-2 border-orange-500 p-3" data-testid="correction">
      <h2 id="correction-title" className="text-sm font-bold text-orange-800">
        Manual correction: {card.title}
        <span className="ml-2 rounded bg-orange-600 px-1 text-[10px] font-bold uppercase text-white">text not automated</span>
      </h2>
      <p id="correction-text" className="mt-1 text-sm">
        <span className="italic">&ldquo;{card.text}&rdquo;</span>
        <span className="block text-xs text-slate-600">
          The engine plays this card as vanilla. Apply what its text says with the corrections below (each is logged as a manual correction), then choose Done.
        </span>
      </p>
      <fieldset className="mt-2">
        <legend className="label">Correction</legend>
        <div className="grid gap-1 text-sm">
          {CORRECTION_OPS.map((op) => {
            const n = op === "draw" ? 1 : correctionTargetsOf(pending, op).length;
            return (
              <label key={op} className={`flex items-center gap-2 ${n === 0 ? "text-slate-500" : ""}`}>
                <input type="radio" name="correction-op" value={op} checked={choice.op === op} disabled={n === 0} onChange={() => onChoice({ ...choice, op })} />
                {OP_LABEL[op]}
                {op !== "draw" && <span className="text-xs text-slate-500">({n === 0 ? "no target" : `${n} target${n === 1 ? "" : "s"}`})</span>}
              </label>
            );
          })}
        </div>
      </fieldset>
      {choice.op === "rings" && (
        <div className="mt-2">
          <label htmlFor="correction-amount" className="label">
            Rings to add (negative to subtract, −{MAX_RING_CORRECTION} to +{MAX_RING_CORRECTION})
          </label>
          <input
            id="correction-amount"
            type="number"
            className="input w-24"
            min={-MAX_RING_CORRECTION}
            max={MAX_RING_CORRECTION}
            step={1}
            value={Number.isFinite(choice.amount) ? choice.amount : ""}
            aria-invalid={!amountOk}
            aria-describedby="correction-amount-error"
            onChange={(e) => onChoice({ ...choice, amount: e.target.value === "" ? NaN : Number(e.target.value) })}
          />
          <p id="correction-amount-error" className="field-error" aria-live="polite">
            {amountOk ? "" : `Enter a whole number from −${MAX_RING_CORRECTION} to +${MAX_RING_CORRECTION}, not 0.`}
          </p>
        </div>
      )}
      <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Targets">
        {choice.op === "draw" ? (
          <button type="button" className="btn-secondary" onClick={() => onAct(correctionAction(choice))}>
            Draw 1 card
          </button>
        ) : (
          targets.map((o) => (
            <button
              key={`${o.player}-${o.row}-${o.column}`}
              type="button"
              className="btn-secondary text-left"
              disabled={choice.op === "rings" && !amountOk}
              onClick={() => onAct(correctionAction(choice, o))}
            >
              {choice.op === "rings" && amountOk ? `${choice.amount > 0 ? "+" : ""}${choice.amount}: ` : ""}
              {slotName(state, o)}
            </button>
          ))
        )}
      </div>
      {choice.op !== "draw" && targets.length > 0 && <p className="mt-1 text-xs text-slate-500">You can also click a highlighted card on the field.</p>}
      <div className="mt-2">
        <button ref={done} type="button" className="btn-primary" onClick={() => onAct({ type: "pass", player: HUMAN })} data-testid="correction-done">
          Done: resolve the flip
        </button>
      </div>
    </section>
  );
}
