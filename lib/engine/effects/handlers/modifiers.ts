/**
 * Handlers of the actions that change field cards in place (RULES.md §6):
 * ring modifiers, protections and color changes, and the continuous-only
 * score-step rings and tie wins.
 */
import type { EffectAction } from "../schema";
import { COLORS, PROTECT_BITS } from "../../types";
import { ref } from "../../rules/board";
import { addModifier } from "../../rules/lasting";
import { report } from "../../describe/events";
import { promptFor } from "../../describe/prompts";
import type { Handler } from "./common";
import { runTargeted, targetPayable } from "./targeted";

type Of<K extends EffectAction["type"]> = Handler<Extract<EffectAction, { type: K }>>;

export const modifyRings: Of<"modify-rings"> = {
  run: runTargeted,
  perEach: (a) => a.add ?? 0,
  payable: targetPayable,
  apply(s, f, src, a, h, ev) {
    const { tp, ci, slot } = h;
    // "For each": the amount fixed when the action started.
    const add = a.forEach ? f.amt : (a.add ?? 0);
    const action = a.forEach ? { ...a, add, forEach: undefined } : a;
    const at = { type: "modify" as const, player: tp, cards: [slot.card], column: ci + 1 };
    if (a.until !== undefined) {
      // A duration: kept in the state's lasting list, not on the slot (rules/lasting.ts).
      const ok = addModifier(s, { player: src.p, rule: "modifier", card: src.card, until: a.until, target: slot.card, add: a.set !== undefined ? 0 : add, set: a.set ?? null, protect: 0 });
      if (ev && h.seen) report(s, ev, at, ok ? { fact: "rings", target: h.seen, action, by: h.by } : { fact: "nothing-lasts", target: h.seen, until: a.until, by: h.by });
      return ok;
    }
    if (a.set !== undefined) {
      slot.setRings = a.set;
      slot.mod = 0;
    } else slot.mod += add;
    if (ev && h.seen) report(s, ev, at, { fact: "rings", target: h.seen, action, by: h.by });
    return true;
  },
  aura: (out, src, a) => {
    out.modify.push({ src, a });
  },
};

export const protect: Of<"protect"> = {
  run: runTargeted,
  payable: targetPayable,
  apply(s, f, src, a, h, ev) {
    const { tp, ci, slot } = h;
    const at = { type: "protect" as const, player: tp, cards: [slot.card], column: ci + 1 };
    if (a.until !== undefined) {
      let bits = 0;
      for (const k of a.from) bits |= PROTECT_BITS[k];
      const ok = addModifier(s, { player: src.p, rule: "modifier", card: src.card, until: a.until, target: slot.card, add: 0, set: null, protect: bits });
      if (ev && h.seen) report(s, ev, at, ok ? { fact: "protected", target: h.seen, from: a.from, until: a.until, by: h.by } : { fact: "nothing-lasts", target: h.seen, until: a.until, by: h.by });
      return ok;
    }
    for (const k of a.from) slot.protect |= PROTECT_BITS[k];
    if (ev && h.seen) report(s, ev, at, { fact: "protected", target: h.seen, from: a.from, by: h.by });
    return true;
  },
  aura: (out, src, a) => {
    out.protect.push({ src, a });
  },
};

export const changeColor: Of<"change-color"> = {
  run: runTargeted,
  payable: targetPayable,
  // A face-down card has no active color until its owner turns it face up (docs/rules.md).
  narrow: (s, src, t, sel) => (sel.face === "up" ? t : t.filter((r) => s.players[r.player][r.row][r.column - 1]?.faceUp === true)),
  apply(s, f, src, a, h, ev) {
    const { tp, row, ci, slot } = h;
    if (!slot.faceUp) return false;
    if (a.color === "choose") {
      f.sub = ref(tp, row, ci);
      s.pending = {
        kind: "color",
        player: src.p,
        slot: ref(tp, row, ci),
        options: COLORS.slice(),
        reason: "effect",
        prompt: promptFor(s, { ask: "color", card: f.card, target: slot.card, color: slot.color }),
      };
      return true;
    }
    slot.color = a.color;
    if (ev && h.seen) report(s, ev, { type: "color", player: tp, cards: [slot.card], column: ci + 1 }, { fact: "recolored", target: h.seen, color: a.color, by: h.by });
    return true;
  },
};

export const scoreRings: Of<"score-rings"> = {
  // As part of a flip effect it reaches its targets but changes nothing: it counts only while face up.
  run: runTargeted,
  perEach: (a) => a.add ?? 0,
  payable: targetPayable,
  aura: (out, src, a) => {
    out.score.push({ src, a });
  },
};

export const winTies: Of<"win-ties"> = {
  run: () => "next",
  aura: (out, src) => {
    out.ties |= 1 << src.p;
  },
};
