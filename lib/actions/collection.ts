"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { fail, ok, zodFail, type ActionResult } from "@/lib/action-result";
import { AuthError, requireUser } from "@/lib/dal/session";
import { adjustOwned } from "@/lib/dal/card-page";

const adjustSchema = z.object({
  cardId: z.string().min(1).max(64),
  delta: z.number().int().min(-100).max(100).refine((d) => d !== 0, "Change by at least one"),
});

/** Adds or removes owned copies of a card for the signed-in user (never below 0). */
export async function adjustOwnedQuantity(cardId: unknown, delta: unknown): Promise<ActionResult<{ quantity: number }>> {
  const parsed = adjustSchema.safeParse({ cardId, delta });
  if (!parsed.success) return zodFail(parsed.error, "That change is not valid.");
  try {
    const user = await requireUser();
    const r = await adjustOwned(user.id, parsed.data.cardId, parsed.data.delta);
    if (!r.ok) return fail("That card does not exist.");
    revalidatePath("/collection");
    return ok({ quantity: r.quantity });
  } catch (e) {
    if (e instanceof AuthError) return fail(e.message);
    throw e;
  }
}
