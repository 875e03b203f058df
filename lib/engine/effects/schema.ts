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
  value: z.union([z.number().int(), z.literal("self")]),
});

/** Which cards an action affects (RULES.md §6 targets). Defaults: opponent's face-up cards anywhere. */
export const selectorSchema = z.object({
  owner: z.enum(["you", "opponent", "any"]).default("opponent"),
  row: z.enum(["chaos", "spare", "any"]).default("any"),
  position: z.enum(["any", "same-column", "adjacent"]).default("any"),
  face: z.enum(["up", "down", "any"]).default("up"),
  colors: z.array(color).optional(),
  traits: z.array(z.string()).optional(),
  titles: z.array(z.string()).optional(),
  rings: ringTestSchema.optional(),
  /** "up to N" (the controller picks 0..N, one at a time) or "all". */
  count: z.union([z.number().int().min(1), z.literal("all")]).default(1),
});

/** A target: the effect's own card, or a selector. */
export const targetSchema = z.union([z.literal("self"), selectorSchema]);

/** A condition: a matching card is face up on your field / in the same column / adjacent (RULES.md §6 conditions). */
export const conditionSchema = z.object({
  owner: z.enum(["you", "opponent", "any"]).default("you"),
  where: z.enum(["field", "same-column", "adjacent"]).default("field"),
  colors: z.array(color).optional(),
  traits: z.array(z.string()).optional(),
  titles: z.array(z.string()).optional(),
});

/** Effect actions (RULES.md §6 actions). */
export const effectActionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("discard"), target: targetSchema }),
  z.object({ type: z.literal("return-to-hand"), target: targetSchema }),
  z.object({ type: z.literal("draw"), count: z.number().int().min(1), who: z.enum(["you", "opponent"]).default("you") }),
  z.object({ type: z.literal("peek"), target: targetSchema }),
  z.object({ type: z.literal("flip-up"), target: targetSchema, withEffect: z.boolean().default(false) }),
  z.object({
    type: z.literal("modify-rings"),
    target: targetSchema,
    add: z.number().int().optional(),
    set: z.number().int().min(0).optional(),
  }),
  z.object({
    type: z.literal("protect"),
    target: targetSchema,
    from: z.array(z.enum(["copy-discard", "battle-discard", "effects"])).min(1),
  }),
  z.object({ type: z.literal("change-color"), target: targetSchema, color: z.union([color, z.literal("choose")]) }),
]);

/** A card's structured effect (RULES.md §6). */
export const effectSchema = z
  .object({
    trigger: z.enum(["flip", "continuous"]),
    condition: conditionSchema.optional(),
    optional: z.boolean().default(false),
    actions: z.array(effectActionSchema).min(1),
  })
  .superRefine((e, ctx) => {
    for (const [i, a] of e.actions.entries()) {
      if (a.type === "modify-rings" && (a.add === undefined) === (a.set === undefined)) {
        ctx.addIssue({ code: "custom", path: ["actions", i], message: "modify-rings needs exactly one of add or set" });
      }
      if (a.type === "change-color" && a.color === "choose" && a.target !== "self" && a.target.count === "all") {
        ctx.addIssue({ code: "custom", path: ["actions", i], message: "change-color 'choose' needs 'self' or a count, not 'all'" });
      }
      if (a.type === "change-color" && a.target !== "self" && a.target.face === "down") {
        ctx.addIssue({ code: "custom", path: ["actions", i, "target", "face"], message: "change-color affects face-up cards only (a face-down card has no active color)" });
      }
      if (e.trigger === "continuous") {
        if (a.type !== "modify-rings" && a.type !== "protect") {
          ctx.addIssue({ code: "custom", path: ["actions", i], message: "continuous effects may only modify rings or protect" });
        } else if (a.target !== "self" && a.target.count !== "all") {
          ctx.addIssue({ code: "custom", path: ["actions", i], message: "continuous effects target 'self' or count 'all'" });
        }
      }
    }
    if (e.trigger === "continuous" && e.optional) {
      ctx.addIssue({ code: "custom", path: ["optional"], message: "continuous effects cannot be optional" });
    }
  });

/** A validated structured effect (RULES.md §6). */
export type Effect = z.output<typeof effectSchema>;
/** A target selector (RULES.md §6 targets). */
export type Selector = z.output<typeof selectorSchema>;
/** An effect target. */
export type Target = z.output<typeof targetSchema>;
/** An effect condition (RULES.md §6 conditions). */
export type Condition = z.output<typeof conditionSchema>;
/** An effect action (RULES.md §6 actions). */
export type EffectAction = z.output<typeof effectActionSchema>;
/** The input shape of an effect (defaults not yet filled in). */
export type EffectInput = z.input<typeof effectSchema>;

/**
 * Validate and normalise (fill defaults of) a structured effect (RULES.md §6).
 * Returns the parsed effect or the zod error message.
 */
export function parseEffect(input: unknown): { ok: true; effect: Effect } | { ok: false; error: string } {
  const r = effectSchema.safeParse(input);
  if (r.success) return { ok: true, effect: r.data };
  return { ok: false, error: r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
}

function canonicalSelector(t: Target): Target {
  if (t === "self") return t;
  return { owner: t.owner, row: t.row, position: t.position, face: t.face, colors: t.colors, traits: t.traits, titles: t.titles, rings: t.rings, count: t.count };
}

/**
 * A parsed effect rebuilt with every optional key present (undefined when
 * absent), in schema order: the same meaning, but selectors, conditions and
 * effects each have one object layout, which keeps the interpreter's
 * property reads monomorphic. JSON drops the undefined keys again.
 */
export function canonicalEffect(e: Effect): Effect {
  const c = e.condition;
  return {
    trigger: e.trigger,
    condition: c === undefined ? undefined : { owner: c.owner, where: c.where, colors: c.colors, traits: c.traits, titles: c.titles },
    optional: e.optional,
    actions: e.actions.map((a) => ("target" in a ? { ...a, target: canonicalSelector(a.target) } : a)),
  };
}
