/**
 * The structured card effect shape (RULES.md §6), validated with zod.
 * Documented with one example per primitive in docs/effects.md.
 */
import { z } from "zod";

const color = z.enum(["blue", "red", "yellow", "gray"]);

/** A ring comparison: printed or current rings against a number or the effect's own card (RULES.md §6 targets). */
export const ringTestSchema = z.object({
  of: z.enum(["printed", "current"]).default("printed"),
  op: z.enum(["lt", "le", "eq", "ge", "gt"]),
  /** A number, this card's rings, or the rings of the opposing face-up chaos card in this card's column (no such card: no match). */
  value: z.union([z.number().int(), z.literal("self"), z.literal("opposing")]),
});

const cmpOp = z.enum(["lt", "le", "eq", "ge", "gt"]);

/** Identity filters a selector can exclude ("not gray", "not a Robot", "not Sonic"). */
export const excludeSchema = z.object({
  colors: z.array(color).optional(),
  traits: z.array(z.string()).optional(),
  titles: z.array(z.string()).optional(),
});

/** Which cards an action affects (RULES.md §6 targets). Defaults: opponent's face-up cards anywhere. */
export const selectorSchema = z.object({
  owner: z.enum(["you", "opponent", "any"]).default("opponent"),
  row: z.enum(["chaos", "spare", "any"]).default("any"),
  /**
   * Relative to this card: its column, the slots next to it, the columns next
   * to its own (either row, either side), or the card it battled (in a
   * battle-won / battle-lost effect; nothing otherwise).
   */
  position: z.enum(["any", "same-column", "adjacent", "adjacent-columns", "battled"]).default("any"),
  face: z.enum(["up", "down", "any"]).default("up"),
  colors: z.array(color).optional(),
  /** Any of these traits matches. */
  traits: z.array(z.string()).optional(),
  /** Every one of these traits is needed. */
  allTraits: z.array(z.string()).optional(),
  titles: z.array(z.string()).optional(),
  rings: ringTestSchema.optional(),
  /** Cards matching any of these filters are excluded. */
  not: excludeSchema.optional(),
  /** "up to N" (the chooser picks 0..N, one at a time) or "all". */
  count: z.union([z.number().int().min(1), z.literal("all")]).default(1),
  /**
   * Who picks among the matches: the effect's controller (default), a random
   * pick (the game's PRNG), or the opponent (who must pick N while there are matches).
   */
  pick: z.enum(["controller", "random", "opponent"]).optional(),
});

/** A target: the effect's own card, or a selector. */
export const targetSchema = z.union([z.literal("self"), selectorSchema]);

/**
 * A card condition: at least `min` (default 1) and at most `max` matching
 * cards are face up on your field / in the same column / adjacent (RULES.md §6 conditions).
 */
export const cardConditionSchema = z.object({
  owner: z.enum(["you", "opponent", "any"]).default("you"),
  where: z.enum(["field", "same-column", "adjacent"]).default("field"),
  colors: z.array(color).optional(),
  traits: z.array(z.string()).optional(),
  titles: z.array(z.string()).optional(),
  min: z.number().int().min(0).optional(),
  max: z.number().int().min(0).optional(),
});

/** A number compared with a value. */
const numberTestSchema = z.object({ op: cmpOp, value: z.number().int().min(0) });

/** Conditions: card counts, negation, and/or, emeralds, lead, zone sizes, this card's row, the turn. */
export type ConditionInput =
  | z.input<typeof cardConditionSchema>
  | { not: ConditionInput }
  | { allOf: ConditionInput[] }
  | { anyOf: ConditionInput[] }
  | { emeralds: "fewer" | "same" | "more" }
  | { lead: boolean }
  | { zone: "hand" | "deck" | "discard"; who?: "you" | "opponent"; op: "lt" | "le" | "eq" | "ge" | "gt"; value: number }
  | { row: "chaos" | "spare" }
  | { turn: { op: "lt" | "le" | "eq" | "ge" | "gt"; value: number } };

/** A validated condition. */
export type Condition =
  | z.output<typeof cardConditionSchema>
  | { not: Condition }
  | { allOf: Condition[] }
  | { anyOf: Condition[] }
  | { emeralds: "fewer" | "same" | "more" }
  | { lead: boolean }
  | { zone: "hand" | "deck" | "discard"; who: "you" | "opponent"; op: "lt" | "le" | "eq" | "ge" | "gt"; value: number }
  | { row: "chaos" | "spare" }
  | { turn: { op: "lt" | "le" | "eq" | "ge" | "gt"; value: number } };

/** Conditions (RULES.md §6 conditions). */
export const conditionSchema: z.ZodType<Condition, ConditionInput> = z.lazy(() =>
  z.union([
    z.object({ not: conditionSchema }).strict(),
    z.object({ allOf: z.array(conditionSchema).min(1) }).strict(),
    z.object({ anyOf: z.array(conditionSchema).min(1) }).strict(),
    z.object({ emeralds: z.enum(["fewer", "same", "more"]) }).strict(),
    z.object({ lead: z.boolean() }).strict(),
    z.object({ zone: z.enum(["hand", "deck", "discard"]), who: z.enum(["you", "opponent"]).default("you"), op: cmpOp, value: z.number().int().min(0) }).strict(),
    z.object({ row: z.enum(["chaos", "spare"]) }).strict(),
    z.object({ turn: numberTestSchema }).strict(),
    cardConditionSchema.strict(),
  ]),
) as z.ZodType<Condition, ConditionInput>;

/** Every effect trigger, in the order the card form lists them. */
export const TRIGGERS = ["flip", "continuous", "discarded", "to-spare", "score", "battle-won", "battle-lost", "opposing-flip"] as const;

/**
 * A duration: until the end of the rush, until the end
 * of the turn, or while the effect's own card is face up on the field.
 */
const durationSchema = z.enum(["rush", "turn", "field"]);

/** Effect actions (RULES.md §6 actions). */
export const effectActionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("discard"), target: targetSchema }),
  z.object({ type: z.literal("return-to-hand"), target: targetSchema }),
  z.object({ type: z.literal("draw"), count: z.number().int().min(1), who: z.enum(["you", "opponent"]).default("you") }),
  z.object({ type: z.literal("peek"), target: targetSchema }),
  /** Turn face up; its own effect only with withEffect; `asRush`: as a rush flip of its owner (its effect, copy and battle discards). */
  z.object({ type: z.literal("flip-up"), target: targetSchema, withEffect: z.boolean().default(false), asRush: z.boolean().optional() }),
  z.object({
    type: z.literal("modify-rings"),
    target: targetSchema,
    add: z.number().int().optional(),
    set: z.number().int().min(0).optional(),
    /** How long (flip and triggered effects): absent, while the modified card stays on the field. */
    until: durationSchema.optional(),
  }),
  z.object({
    type: z.literal("protect"),
    target: targetSchema,
    from: z.array(z.enum(["copy-discard", "battle-discard", "effects"])).min(1),
    /** How long (flip and triggered effects): absent, while the protected card stays on the field. */
    until: durationSchema.optional(),
  }),
  z.object({ type: z.literal("change-color"), target: targetSchema, color: z.union([color, z.literal("choose")]) }),
  /** While face up: the targets count `set` rings, plus `add`, at the score step (RULES.md §4.4). */
  z.object({ type: z.literal("score-rings"), target: targetSchema, add: z.number().int().optional(), set: z.number().int().min(0).optional() }),
  /** Gain (add > 0) or lose (add < 0) Chaos Emeralds; 3 wins at once; never below 0. */
  z.object({ type: z.literal("emerald"), who: z.enum(["you", "opponent"]).default("you"), add: z.number().int().min(-2).max(2) }),
  /** While face up: a tie at the score step gives you the emerald (unless both players have this). */
  z.object({ type: z.literal("win-ties") }),
  /** Turn face-up chaos-row cards face down: they are flipped again in this rush; both players remember them. */
  z.object({ type: z.literal("turn-face-down"), target: targetSchema }),
  /** Move cards to the other row of their column when that slot is empty. */
  z.object({ type: z.literal("move"), target: targetSchema }),
  /** Swap a card of this card's owner with this card. */
  z.object({ type: z.literal("swap"), target: targetSchema }),
  /** Put 1 card from your hand, the top of your deck, or your discard pile face down into an empty chaos slot you choose (rush only). */
  z.object({ type: z.literal("put"), from: z.enum(["hand", "deck", "discard"]) }),
  /** Return up to `count` cards of your choice from your discard pile to your hand. */
  z.object({ type: z.literal("recover"), count: z.number().int().min(1).max(5) }),
  /** A player discards cards from their hand: picked at random, or by that player (default the opponent, at random). */
  z.object({
    type: z.literal("hand-discard"),
    who: z.enum(["you", "opponent"]).default("opponent"),
    count: z.number().int().min(1).max(7),
    pick: z.enum(["random", "owner"]).default("random"),
  }),
  /**
   * Look at the top `count` cards of your deck, then put them back: in the
   * same order, in any order (you choose the new top card first, one at a
   * time), or any of them at the bottom and the rest on top in any order.
   * You keep knowing them while they stay in the deck (docs/rules.md).
   */
  z.object({ type: z.literal("look-deck"), count: z.number().int().min(1).max(5), order: z.enum(["same", "any", "any-or-bottom"]).default("any") }),
  /** Look at your opponent's hand: you keep knowing those cards while they stay in that hand (docs/rules.md). */
  z.object({ type: z.literal("look-hand") }),
  /** Who flips next in the rush: you again (an extra flip) or your opponent. */
  z.object({ type: z.literal("next-flip"), who: z.enum(["you", "opponent"]).default("you") }),
  /**
   * Change a rush rule for a while: you ignore the column rule, no copy
   * discards, the lower card is discarded in battles, this card battles any
   * color; until the end of the rush, the turn, or while this card is on the field.
   */
  z.object({
    type: z.literal("rush-rule"),
    rule: z.enum(["ignore-column-rule", "no-copy-discards", "lower-discarded", "any-color"]),
    until: z.enum(["rush", "turn", "field"]).default("turn"),
  }),
]);

/**
 * "For each" (sequencing): a count that multiplies an
 * action's amount — face-up cards other than this one (as a card condition
 * counts them), a player's Chaos Emeralds, the cards in a zone, or what the
 * action before it did (cards affected, drawn or discarded).
 */
const countSchema = z.union([
  z.object({ cards: cardConditionSchema.omit({ min: true, max: true }).strict() }).strict(),
  z.object({ emeralds: z.enum(["you", "opponent"]) }).strict(),
  z.object({ zone: z.enum(["hand", "deck", "discard"]), who: z.enum(["you", "opponent"]).default("you") }).strict(),
  z.object({ previous: z.literal(true) }).strict(),
]);

/** The action kinds with an amount that "for each" can multiply. */
const FOR_EACH_KINDS = ["draw", "modify-rings", "score-rings", "hand-discard", "recover"] as const;
/** The action kinds that can be a cost (paid by the controller, in full). */
const COST_KINDS = ["discard", "return-to-hand", "turn-face-down", "hand-discard", "emerald"] as const;

/**
 * Sequencing, on any action: `cost` (a prefix of the
 * actions, paid in full before the rest can resolve), `ifDone` ("if you do":
 * resolves only if the action before it happened), `forEach` (the amount is
 * multiplied by a count). docs/effects.md "Sequencing".
 */
const sequencingSchema = z.object({
  cost: z.boolean().optional(),
  ifDone: z.boolean().optional(),
  forEach: countSchema.optional(),
});

/** An effect action with its sequencing fields. */
const sequencedActionSchema = z.intersection(effectActionSchema, sequencingSchema);

/** A card's structured effect (RULES.md §6). */
export const effectSchema = z
  .object({
    /**
     * When the effect resolves: when flipped, while face up (continuous), or a
     * triggered effect: when this card is discarded from the field, moves
     * to the spare row, at the score step, wins or loses a battle, or when an
     * opposing card is flipped in its column (docs/rules.md).
     */
    trigger: z.enum(TRIGGERS),
    condition: conditionSchema.optional(),
    optional: z.boolean().default(false),
    actions: z.array(sequencedActionSchema).min(1),
  })
  .superRefine((e, ctx) => {
    for (const [i, a] of e.actions.entries()) {
      if ((a.type === "modify-rings" || a.type === "score-rings") && (a.add === undefined) === (a.set === undefined)) {
        ctx.addIssue({ code: "custom", path: ["actions", i], message: `${a.type} needs exactly one of add or set` });
      }
      if (a.type === "emerald" && a.add === 0) ctx.addIssue({ code: "custom", path: ["actions", i, "add"], message: "emerald needs a gain (1, 2) or a loss (-1, -2)" });
      if ((a.type === "score-rings" || a.type === "win-ties") && e.trigger !== "continuous") {
        ctx.addIssue({ code: "custom", path: ["actions", i], message: `${a.type} is a continuous effect ("while face up")` });
      }
      if ("target" in a && a.target !== "self" && a.target.pick !== undefined && a.target.pick !== "controller" && a.target.count === "all") {
        ctx.addIssue({ code: "custom", path: ["actions", i, "target", "pick"], message: "a random or opponent's pick needs a count, not 'all'" });
      }
      if (a.type === "change-color" && a.color === "choose" && a.target !== "self" && a.target.count === "all") {
        ctx.addIssue({ code: "custom", path: ["actions", i], message: "change-color 'choose' needs 'self' or a count, not 'all'" });
      }
      if (a.type === "change-color" && a.target !== "self" && a.target.face === "down") {
        ctx.addIssue({ code: "custom", path: ["actions", i, "target", "face"], message: "change-color affects face-up cards only (a face-down card has no active color)" });
      }
      if (a.type === "swap" && a.target !== "self" && (a.target.owner !== "you" || a.target.count === "all"))
        ctx.addIssue({ code: "custom", path: ["actions", i, "target"], message: "swap exchanges this card with 1 card of the same owner: owner 'you' and a count" });
      if (a.type === "swap" && a.target === "self") ctx.addIssue({ code: "custom", path: ["actions", i, "target"], message: "swap needs another card (a selector), not 'self'" });
      if (a.type === "turn-face-down" && a.target !== "self" && a.target.face === "down")
        ctx.addIssue({ code: "custom", path: ["actions", i, "target", "face"], message: "turn-face-down affects face-up cards" });
      if (e.trigger === "continuous") {
        if (a.type !== "modify-rings" && a.type !== "protect" && a.type !== "score-rings" && a.type !== "win-ties") {
          ctx.addIssue({ code: "custom", path: ["actions", i], message: "continuous effects may only modify rings (in battles or at the score step), protect or win ties" });
        } else if (a.type !== "win-ties" && a.target !== "self" && a.target.count !== "all") {
          ctx.addIssue({ code: "custom", path: ["actions", i], message: "continuous effects target 'self' or count 'all'" });
        }
      }
    }
    sequencingIssues(e, ctx);
    if (e.trigger === "continuous" && e.optional) {
      ctx.addIssue({ code: "custom", path: ["optional"], message: "continuous effects cannot be optional" });
    }
  });

/** The checks of sequencing and durations (docs/effects.md "Sequencing", "Durations"). */
function sequencingIssues(e: { trigger: string; actions: EffectAction[] }, ctx: z.RefinementCtx): void {
  let costs = 0;
  for (const [i, a] of e.actions.entries()) {
    const at = (k?: string): (string | number)[] => (k ? ["actions", i, k] : ["actions", i]);
    if (a.cost) {
      if (i !== costs) ctx.addIssue({ code: "custom", path: at("cost"), message: "costs come first: every cost action before the others" });
      costs++;
      if (!(COST_KINDS as readonly string[]).includes(a.type)) ctx.addIssue({ code: "custom", path: at("cost"), message: `a cost is one of ${COST_KINDS.join(", ")}` });
      if ("target" in a && a.target !== "self" && (a.target.owner !== "you" || a.target.count === "all" || a.target.pick === "opponent"))
        ctx.addIssue({ code: "custom", path: at("target"), message: "a cost is paid with your own cards: owner 'you', a number count, picked by you or at random" });
      if (a.type === "hand-discard" && a.who !== "you") ctx.addIssue({ code: "custom", path: at("who"), message: "a hand-discard cost discards from your own hand (who 'you')" });
      if (a.type === "emerald" && (a.who !== "you" || a.add > 0)) ctx.addIssue({ code: "custom", path: at(), message: "an emerald cost loses your own Chaos Emeralds (who 'you', add < 0)" });
      if (a.forEach || a.ifDone) ctx.addIssue({ code: "custom", path: at(), message: "a cost has a fixed amount and no 'if you do'" });
    }
    if (a.ifDone && i === 0) ctx.addIssue({ code: "custom", path: at("ifDone"), message: "'if you do' needs an action before it" });
    if (a.forEach) {
      if (!(FOR_EACH_KINDS as readonly string[]).includes(a.type)) ctx.addIssue({ code: "custom", path: at("forEach"), message: `'for each' multiplies the amount of ${FOR_EACH_KINDS.join(", ")}` });
      if ((a.type === "modify-rings" || a.type === "score-rings") && a.add === undefined) ctx.addIssue({ code: "custom", path: at("forEach"), message: "'for each' multiplies an add, not a set" });
      if ("previous" in a.forEach && (i === 0 || e.trigger === "continuous")) ctx.addIssue({ code: "custom", path: at("forEach"), message: "'for each' of the previous action needs an action before it (not in continuous effects)" });
    }
    if ((a.type === "modify-rings" || a.type === "protect") && a.until !== undefined && e.trigger === "continuous")
      ctx.addIssue({ code: "custom", path: at("until"), message: "continuous effects last while face up: no duration" });
  }
  if (costs > 0 && costs === e.actions.length) ctx.addIssue({ code: "custom", path: ["actions"], message: "a cost pays for something: at least one action after the costs" });
  if (costs > 0 && e.trigger === "continuous") ctx.addIssue({ code: "custom", path: ["actions"], message: "continuous effects have no cost" });
  if (e.trigger === "continuous" && e.actions.some((a) => a.ifDone)) ctx.addIssue({ code: "custom", path: ["actions"], message: "continuous effects have no 'if you do'" });
}

/** A validated structured effect (RULES.md §6). */
export type Effect = z.output<typeof effectSchema>;
/** A target selector (RULES.md §6 targets). */
export type Selector = z.output<typeof selectorSchema>;
/** An effect target. */
export type Target = z.output<typeof targetSchema>;
/** An effect action (RULES.md §6 actions). */
export type EffectAction = z.output<typeof sequencedActionSchema>;
/** A "for each" count (sequencing). */
export type Count = z.output<typeof countSchema>;
/** The input shape of an effect (defaults not yet filled in). */
export type EffectInput = z.input<typeof effectSchema>;

/**
 * Validate and normalize (fill defaults of) a structured effect (RULES.md §6).
 * Returns the parsed effect or the zod error message.
 */
export function parseEffect(input: unknown): { ok: true; effect: Effect } | { ok: false; error: string } {
  const r = effectSchema.safeParse(input);
  if (r.success) return { ok: true, effect: r.data };
  return { ok: false, error: r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
}

function canonicalSelector(t: Target): Target {
  if (t === "self") return t;
  return {
    owner: t.owner,
    row: t.row,
    position: t.position,
    face: t.face,
    colors: t.colors,
    traits: t.traits,
    allTraits: t.allTraits,
    titles: t.titles,
    rings: t.rings,
    not: t.not,
    count: t.count,
    pick: t.pick,
  };
}

function canonicalCondition(c: Condition): Condition {
  if ("where" in c) return { owner: c.owner, where: c.where, colors: c.colors, traits: c.traits, titles: c.titles, min: c.min, max: c.max };
  if ("not" in c) return { not: canonicalCondition(c.not) };
  if ("allOf" in c) return { allOf: c.allOf.map(canonicalCondition) };
  if ("anyOf" in c) return { anyOf: c.anyOf.map(canonicalCondition) };
  return c;
}

/**
 * A parsed effect rebuilt with every optional key present (undefined when
 * absent), in schema order: the same meaning, but selectors, conditions and
 * effects each have one object layout, which keeps the interpreter's
 * property reads monomorphic. JSON drops the undefined keys again.
 */
export function canonicalEffect(e: Effect): Effect {
  const c = e.condition;
  const out = {
    trigger: e.trigger,
    condition: c === undefined ? undefined : canonicalCondition(c),
    optional: e.optional,
    actions: e.actions.map((a) => ("target" in a ? { ...a, target: canonicalSelector(a.target) } : a)),
    // A fast-path flag: some action has a cost, "if you do" or "for each".
    seq: e.actions.some((a) => a.cost || a.ifDone || a.forEach !== undefined) ? true : undefined,
  };
  return out as Effect;
}

/** Does an effect of a game's cards (made canonical by newGame) use sequencing: a cost, "if you do" or "for each"? */
export function isSequenced(e: Effect): boolean {
  return (e as { seq?: true }).seq === true;
}
