/**
 * The messages a player sends to the referee (POST /api/play/<code>/action),
 * checked before anything else: a malformed one is refused with
 * `input/invalid` and changes nothing. The player of an action is never
 * taken from the message: the referee sets it from the sender's seat.
 */
import { z } from "zod";

/** Most bytes one action message may have. */
export const MAX_ACTION_BYTES = 2048;

const slotRef = z.strictObject({ player: z.union([z.literal(0), z.literal(1)]), row: z.enum(["chaos", "spare"]), column: z.number().int().min(1).max(5) });

const moveSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("place"), cards: z.array(z.number().int().min(0).max(10_000).nullable()).length(5) }),
  z.strictObject({ type: z.literal("flip"), column: z.number().int().min(1).max(5) }),
  z.strictObject({
    type: z.literal("choose"),
    color: z.enum(["blue", "red", "yellow", "gray"]).optional(),
    slot: slotRef.optional(),
    yes: z.boolean().optional(),
    card: z.number().int().min(0).max(10_000).optional(),
  }),
  z.strictObject({ type: z.literal("pass") }),
  z.strictObject({ type: z.literal("concede") }),
  // the opponent's time ran out: the server checks the deadline
  z.strictObject({ type: z.literal("claim") }),
]);

/** One action message: the move, and the sequence number of the view it was chosen on. */
export const actionMessageSchema = z.strictObject({ seq: z.number().int().min(0).max(1_000_000), move: moveSchema });

export type ActionMessage = z.infer<typeof actionMessageSchema>;
export type Move = ActionMessage["move"];
