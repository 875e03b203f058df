"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { failFrom, ok, zodFail, type ActionResult } from "@/lib/server/action-result";
import { requireUser } from "@/lib/server/session";
import { limit } from "@/lib/server/rate-limit";
import {
  adjustOwned,
  recordPackOpening,
  setOwned,
  undoLastPackOpening,
} from "@/lib/collection/data";
import type { PackOpeningDTO } from "@/lib/collection/types";
import { adjustQuantitySchema, packEntrySchema, setQuantitySchema } from "@/lib/collection/schemas";

function revalidateCollection() {
  revalidatePath("/collection", "layout");
}

/** + / − on a card of the signed-in user's collection. Returns the saved quantity. */
export async function adjustOwnedQuantity(cardId: string, delta: number): Promise<ActionResult<{ cardId: string; quantity: number }>> {
  const parsed = adjustQuantitySchema.safeParse({ cardId, delta });
  if (!parsed.success) return zodFail(parsed.error, "That change is not valid.");
  try {
    await limit("collection-write", (await requireUser()).id);
    const quantity = await adjustOwned(parsed.data.cardId, parsed.data.delta);
    revalidateCollection();
    return ok({ cardId: parsed.data.cardId, quantity });
  } catch (err) {
    return failFrom(err);
  }
}

/** A typed quantity on a card of the signed-in user's collection. */
export async function setOwnedQuantity(cardId: string, quantity: number | string): Promise<ActionResult<{ cardId: string; quantity: number }>> {
  const parsed = setQuantitySchema.safeParse({ cardId, quantity: typeof quantity === "string" && quantity.trim() === "" ? Number.NaN : quantity });
  if (!parsed.success) return zodFail(parsed.error, parsed.error.issues[0]?.message ?? "That quantity is not valid.");
  try {
    await limit("collection-write", (await requireUser()).id);
    const saved = await setOwned(parsed.data.cardId, parsed.data.quantity);
    revalidateCollection();
    return ok({ cardId: parsed.data.cardId, quantity: saved });
  } catch (err) {
    return failFrom(err);
  }
}

/** Saves a booster pack entered on /collection/booster: form fields `cardId`, one per card entered. */
export async function savePackOpening(_prev: ActionResult<PackOpeningDTO> | null, form: FormData): Promise<ActionResult<PackOpeningDTO>> {
  const parsed = packEntrySchema.safeParse({ cardIds: form.getAll("cardId").map(String) });
  if (!parsed.success) return zodFail(parsed.error, parsed.error.issues[0]?.message ?? "The pack is not valid.");
  try {
    await limit("collection-write", (await requireUser()).id);
    const pack = await recordPackOpening(parsed.data.cardIds);
    revalidateCollection();
    return ok(pack, `Saved a pack of ${pack.cardCount} card${pack.cardCount === 1 ? "" : "s"}.`);
  } catch (err) {
    return failFrom(err);
  }
}

/** Undoes the signed-in user's last pack opening (form field `packId`: the pack the user saw as last). */
export async function undoLastPack(_prev: ActionResult<PackOpeningDTO> | null, form: FormData): Promise<ActionResult<PackOpeningDTO>> {
  const parsed = z.object({ packId: z.string().trim().max(64).optional() }).safeParse({ packId: form.get("packId") ?? undefined });
  if (!parsed.success) return zodFail(parsed.error, "That pack is not valid.");
  try {
    await limit("collection-write", (await requireUser()).id);
    const pack = await undoLastPackOpening(parsed.data.packId || undefined);
    revalidateCollection();
    return ok(pack, `Undid the pack of ${pack.cardCount} card${pack.cardCount === 1 ? "" : "s"}.`);
  } catch (err) {
    return failFrom(err);
  }
}
