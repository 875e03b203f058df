import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEffect, type Condition, type Effect } from "./schema";
import { describeEffect, isAutomated } from "../describe/effects";
import { TRIGGER_WORDS } from "../describe/words";

const ROOT = path.resolve(__dirname, "../../..");

/** Every primitive of RULES.md §6 an effect uses, as "kind:value" strings. */
function primitives(e: Effect): string[] {
  const out = [`trigger:${e.trigger}`];
  if (e.optional) out.push("optional");
  const cond = (c: Condition): void => {
    if ("where" in c) {
      out.push(`condition:${c.where}`, ...(["titles", "traits", "colors"] as const).filter((k) => c[k]).map((k) => `condition:${k}`));
      if ((c.min ?? 1) > 1) out.push("condition:min");
      if (c.max !== undefined) out.push("condition:max");
    } else if ("not" in c) {
      out.push("condition:not");
      cond(c.not);
    } else if ("allOf" in c) {
      out.push("condition:allOf");
      c.allOf.forEach(cond);
    } else if ("anyOf" in c) {
      out.push("condition:anyOf");
      c.anyOf.forEach(cond);
    } else out.push(`condition:${Object.keys(c)[0]}`);
  };
  if (e.condition) cond(e.condition);
  for (const a of e.actions) {
    out.push(`action:${a.type}`);
    // Effect language v2: sequencing and durations.
    if (a.cost) out.push("sequence:cost", e.optional ? "sequence:optional-cost" : "sequence:cost-required");
    if (a.ifDone) out.push("sequence:if-done");
    if (a.forEach) out.push(`for-each:${Object.keys(a.forEach)[0]}`);
    if ((a.type === "modify-rings" || a.type === "protect") && a.until) out.push(`duration:${a.until}`);
    if (a.type === "score-rings") out.push(a.set !== undefined ? "score:set" : "score:add");
    if (a.type === "rush-rule") out.push(`rush-rule:${a.rule}`, `until:${a.until}`);
    if (a.type === "next-flip") out.push(`next-flip:${a.who}`);
    if (a.type === "flip-up" && a.asRush) out.push("flip-up:as-rush");
    if (a.type === "look-deck") out.push(`look-deck:${a.order}`);
    if (!("target" in a)) continue;
    if (a.type === "modify-rings") out.push(a.set !== undefined ? "modify:set" : (a.add ?? 0) >= 0 ? "modify:+" : "modify:-");
    if (a.type === "protect") out.push(...a.from.map((f) => `protect:${f}`));
    if (a.type === "flip-up" && a.withEffect) out.push("flip-up:with-effect");
    if (a.type === "change-color") out.push(a.color === "choose" ? "color:choose" : "color:fixed");
    if (a.target === "self") {
      out.push("target:self");
      continue;
    }
    const t = a.target;
    out.push(`owner:${t.owner}`, `row:${t.row}`, `position:${t.position}`, `face:${t.face}`, t.count === "all" ? "count:all" : "count:up-to");
    for (const k of ["colors", "traits", "titles"] as const) if (t[k]) out.push(`filter:${k}`);
    if (t.rings) out.push(`rings:${t.rings.of}`, t.rings.value === "self" ? "rings:vs-self" : t.rings.value === "opposing" ? "rings:vs-opposing" : "rings:vs-number");
    if (t.not) out.push("filter:not");
    if (t.allTraits) out.push("filter:allTraits");
    if (t.pick && t.pick !== "controller") out.push(`pick:${t.pick}`);
  }
  return out;
}

const REQUIRED = [
  "trigger:flip", "trigger:continuous", "optional",
  "condition:field", "condition:same-column", "condition:adjacent", "condition:titles", "condition:traits", "condition:colors",
  "action:discard", "action:return-to-hand", "action:draw", "action:peek", "action:flip-up", "action:modify-rings", "action:protect", "action:change-color",
  "modify:+", "modify:-", "modify:set", "protect:copy-discard", "protect:battle-discard", "protect:effects", "color:fixed", "color:choose",
  "owner:you", "owner:opponent", "owner:any", "row:chaos", "row:spare", "position:same-column", "position:adjacent", "face:up", "face:down",
  "filter:colors", "filter:traits", "filter:titles", "rings:printed", "rings:current", "rings:vs-self", "rings:vs-number", "count:all", "count:up-to", "target:self",
  // Effect language v2.
  "condition:min", "condition:not", "condition:allOf", "condition:anyOf", "condition:emeralds", "condition:lead", "condition:zone", "condition:row", "condition:turn",
  "filter:not", "filter:allTraits", "position:adjacent-columns", "pick:random", "pick:opponent",
  "action:score-rings", "score:add", "score:set", "action:emerald", "action:win-ties",
  // Effect language v2: triggers.
  "trigger:discarded", "trigger:to-spare", "trigger:score", "trigger:battle-won", "trigger:battle-lost", "trigger:opposing-flip",
  // Effect language v2: zones.
  "action:turn-face-down", "action:move", "action:swap", "action:put", "action:recover", "action:hand-discard",
  // Effect language v2: rush rules and durations.
  "action:next-flip", "next-flip:you", "action:rush-rule", "rush-rule:ignore-column-rule", "rush-rule:no-copy-discards", "rush-rule:lower-discarded", "rush-rule:any-color",
  "until:rush", "until:turn", "until:field", "flip-up:as-rush",
  // Effect language v2: selectors.
  "position:battled", "rings:vs-opposing",
  // Effect language v2: sequencing and durations of ring modifiers and protections.
  "sequence:cost", "sequence:optional-cost", "sequence:if-done", "for-each:cards", "for-each:emeralds",
  "duration:rush", "duration:turn", "duration:field",
  // Effect language v2: looking at hidden zones (rules/seen.ts).
  "action:look-deck", "look-deck:any", "look-deck:any-or-bottom", "action:look-hand",
];

interface Card {
  number?: number;
  title: string;
  text?: string;
  effect?: unknown;
}

function effectsIn(cards: Card[]): Effect[] {
  return cards.filter((c) => c.effect != null).map((c) => {
    const r = parseEffect(c.effect);
    if (!r.ok) throw new Error(`${c.title}: ${r.error}`);
    return r.effect;
  });
}

describe("structured effects (RULES.md §6)", () => {
  const demo = JSON.parse(readFileSync(path.join(ROOT, "data/demo-set.json"), "utf8")) as { cards: Card[] };

  it("every demo-set effect validates, and every primitive is used by a demo card", () => {
    const used = new Set(effectsIn(demo.cards).flatMap(primitives));
    expect(REQUIRED.filter((p) => !used.has(p))).toEqual([]);
  });

  it("demo cards with effects carry matching printed text; the others are vanilla and reported as such", () => {
    for (const c of demo.cards) {
      const auto = isAutomated(c as never);
      if (auto) {
        const r = parseEffect(c.effect);
        if (!r.ok) throw new Error(r.error);
        const head = TRIGGER_WORDS[r.effect.trigger];
        expect(c.text, c.title).toMatch(new RegExp(`^${head}`));
        expect(describeEffect(r.effect).startsWith(head)).toBe(true);
      } else expect(c.effect ?? null).toBeNull();
    }
  });

  it("every primitive has a scenario test in data/scenarios", () => {
    const dir = path.join(ROOT, "data/scenarios");
    const cards: Card[] = [];
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".json"))) {
      const sc = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as { cards: Record<string, Card>; state?: unknown; actions?: unknown[] };
      cards.push(...Object.values(sc.cards));
    }
    const used = new Set(effectsIn(cards).flatMap(primitives));
    expect(REQUIRED.filter((p) => !used.has(p))).toEqual([]);
  });

  it("describes the effect language v2 in English (conditions, picks, score-step rings, emeralds, ties)", () => {
    const d = (n: number) => {
      const c = demo.cards.find((x) => x.number === n)!;
      const r = parseEffect(c.effect);
      if (!r.ok) throw new Error(r.error);
      return describeEffect(r.effect);
    };
    for (const c of demo.cards.filter((x) => x.effect != null)) {
      const r = parseEffect(c.effect);
      if (r.ok) expect(describeEffect(r.effect)).not.toMatch(/undefined|\[object/);
    }
    expect(d(67)).toBe("When flipped, if you have fewer Chaos Emeralds than your opponent or you have at most 5 cards in your deck: draw 2.");
    expect(d(68)).toBe("When flipped, if 2 or more face-up Animal cards are on your field: draw 1.");
    expect(d(70)).toBe("While face up: count 0 rings at the score step: this card.");
    expect(d(72)).toContain("1 (your opponent chooses) face-up card of your opponent's in the columns next to this one");
    expect(d(71)).toContain("that is not gray");
    expect(d(74)).toContain("1 random face-up card");
    expect(d(75)).toBe("While face up: win the emerald when the score step is tied.");
    expect(d(77)).toBe("When flipped, if the turn number is at least 5 and you are not the lead: your opponent loses 1 Chaos Emerald.");
    expect(d(78)).toContain("if it is not so that a face-up Robot card is on your opponent's field");
    expect(d(79)).toContain("if this card is in the spare row");
    expect(d(80)).toContain("Robot and Thing");
  });

  it("describes the v2 triggers, zone actions and rush rules in English", () => {
    const d = (n: number) => {
      const r = parseEffect(demo.cards.find((x) => x.number === n)!.effect);
      if (!r.ok) throw new Error(r.error);
      return describeEffect(r.effect);
    };
    expect(d(81)).toBe("When this card is discarded: draw 1.");
    expect(d(82)).toBe("When this card moves to the spare row: protect from copy-discard: this card.");
    expect(d(83)).toBe("At the score step, you may: discard: up to 1 face-up card of your opponent's with printed rings at least 6.");
    expect(d(84)).toBe("When this card wins a battle: +2 rings: this card.");
    expect(d(85)).toBe("When this card loses a battle: discard: up to 1 face-up card of your opponent's in this column.");
    expect(d(87)).toBe("When flipped: turn face down: up to 1 face-up card of your opponent's in the chaos row.");
    expect(d(88)).toBe("When flipped, you may: swap places with this card: up to 1 face-up card of yours.");
    expect(d(89)).toBe("When flipped: put 1 card from your deck (the top card) face down into an empty slot of your chaos row.");
    expect(d(90)).toBe("When flipped: return up to 1 card from your discard pile to your hand.");
    expect(d(91)).toBe("When flipped: your opponent discards 1 card from their hand at random.");
    expect(d(92)).toBe("When this card is discarded: return to hand: this card.");
    expect(d(93)).toBe("When flipped: move to the other row of its column: this card.");
    expect(d(94)).toBe("When flipped: you flip again next (an extra flip).");
    expect(d(95)).toBe("When flipped: you ignore the column rule until the end of the rush.");
    expect(d(96)).toBe("When flipped: no copy discards until the end of the turn.");
    expect(d(97)).toBe("When flipped: in battles the lower card is discarded until the end of the rush.");
    expect(d(98)).toBe("When flipped: this card battles any color while this card is on the field.");
    expect(d(99)).toBe("When flipped, you may: flip face up as a rush flip: up to 1 face-down card of yours in the chaos row.");
    expect(d(100)).toBe("When this card loses a battle: discard: all face-up cards of your opponent's that this card battled.");
    expect(d(101)).toBe("When flipped: discard: all face-up cards of your opponent's with printed rings less than those of the opposing chaos card in this column.");
    expect(d(102)).toBe("When flipped: look at the top 3 cards of your deck, then put them back in any order.");
    expect(d(103)).toBe("When flipped: look at the top 3 cards of your deck, then put any of them at the bottom and the rest back on top in any order.");
    expect(d(104)).toBe("When flipped: look at your opponent's hand.");
    expect(d(86)).toBe("When an opposing card is flipped in this column, you may: return to hand: up to 1 face-up card of your opponent's in the chaos row in this column.");
  });

  it("describes the v2 sequencing and durations in English", () => {
    const d = (n: number) => {
      const r = parseEffect(demo.cards.find((x) => x.number === n)!.effect);
      if (!r.ok) throw new Error(r.error);
      return describeEffect(r.effect);
    };
    expect(d(105)).toBe("When flipped, you may: discard 1 card from your hand of your choice; if you do, draw 2.");
    expect(d(106)).toBe("When flipped, you may, as a cost, discard: 1 face-up card of yours; if you do: discard: all face-up cards of your opponent's in this column.");
    expect(d(107)).toBe("When flipped: +1 ring for each other face-up Robot card on your field until the end of the rush: this card.");
    expect(d(108)).toBe("When flipped: draw 1 for each Chaos Emerald your opponent has; then protect from effects until the end of the turn: this card.");
    expect(d(109)).toBe("When flipped: -2 rings while this card is on the field: up to 1 face-up card of your opponent's in this column.");
  });

  it("rejects malformed effects with a readable error", () => {
    const bad = [
      { trigger: "flip", actions: [] },
      { trigger: "sometimes", actions: [{ type: "draw", count: 1 }] },
      { trigger: "flip", actions: [{ type: "modify-rings", target: "self" }] },
      { trigger: "continuous", actions: [{ type: "discard", target: "self" }] },
      { trigger: "continuous", actions: [{ type: "protect", target: { count: 1 }, from: ["effects"] }] },
      { trigger: "flip", actions: [{ type: "change-color", target: { count: "all" }, color: "choose" }] },
      { trigger: "flip", actions: [{ type: "explode" }] },
      // A face-down card has no active color to change (docs/rules.md).
      { trigger: "flip", actions: [{ type: "change-color", target: { face: "down" }, color: "red" }] },
      // Effect language v2: score-step effects are continuous, picks need a count, emeralds a non-zero change.
      { trigger: "flip", actions: [{ type: "score-rings", target: "self", add: 1 }] },
      { trigger: "continuous", actions: [{ type: "score-rings", target: "self" }] },
      { trigger: "flip", actions: [{ type: "discard", target: { count: "all", pick: "random" } }] },
      { trigger: "flip", actions: [{ type: "emerald", add: 0 }] },
      { trigger: "flip", condition: { lead: "yes" }, actions: [{ type: "draw", count: 1 }] },
      { trigger: "flip", condition: { where: "field", min: 2, typo: 1 }, actions: [{ type: "draw", count: 1 }] },
      // Looking at hidden zones: 1–5 cards, a known order, never continuous.
      { trigger: "flip", actions: [{ type: "look-deck", count: 0 }] },
      { trigger: "flip", actions: [{ type: "look-deck", count: 3, order: "shuffle" }] },
      { trigger: "continuous", actions: [{ type: "look-hand" }] },
    ];
    for (const b of bad) {
      const r = parseEffect(b);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(5);
    }
  });

  it("fills defaults: a bare selector means one opposing face-up card anywhere", () => {
    const r = parseEffect({ trigger: "flip", actions: [{ type: "discard", target: {} }] });
    expect(r.ok && r.effect.actions[0]).toEqual({ type: "discard", target: { owner: "opponent", row: "any", position: "any", face: "up", count: 1 } });
    expect(r.ok && describeEffect(r.effect)).toBe("When flipped: discard: up to 1 face-up card of your opponent's.");
  });
});
