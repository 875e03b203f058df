"use server";

import { z } from "zod";
import { zodFail } from "@/lib/server/action-result";
import { defineAction, defineFormAction } from "@/lib/server/action";
import { adjustOwned, recordPackOpening, setOwned, undoLastPackOpening } from "@/lib/collection/data";
import { adjustQuantitySchema, packEntrySchema, setQuantitySchema } from "@/lib/collection/schemas";

/** The collection pages re-render after a change (signed-in pages: nothing cached to invalidate). */
const collectionWrite = { auth: "user", limit: "collection-write", refresh: true } as const;

function cards(n: number): string {
  return `${n} card${n === 1 ? "" : "s"}`;
}

/** + / − on a card of the signed-in user's collection. Returns the saved quantity. */
export const adjustOwnedQuantity = defineAction({
  ...collectionWrite,
  input: adjustQuantitySchema,
  args: (cardId: string, delta: number) => ({ cardId, delta }),
  invalid: (e) => zodFail(e, "That change is not valid."),
  run: async ({ cardId, delta }, actor) => ({ ok: true, data: { cardId, quantity: await adjustOwned(actor, cardId, delta) } }),
});

/** A typed quantity on a card of the signed-in user's collection. */
export const setOwnedQuantity = defineAction({
  ...collectionWrite,
  input: setQuantitySchema,
  args: (cardId: string, quantity: number | string) => ({ cardId, quantity: typeof quantity === "string" && quantity.trim() === "" ? Number.NaN : quantity }),
  invalid: (e) => zodFail(e, e.issues[0]?.message ?? "That quantity is not valid."),
  run: async ({ cardId, quantity }, actor) => ({ ok: true, data: { cardId, quantity: await setOwned(actor, cardId, quantity) } }),
});

/** Saves a booster pack entered on /collection/booster: form fields `cardId`, one per card entered. */
export const savePackOpening = defineFormAction({
  ...collectionWrite,
  input: packEntrySchema,
  fields: (form) => ({
    cardIds: form.getAll("cardId").map(String),
    clientId: (form.get("clientId") as string | null) || undefined,
    forUser: (form.get("forUser") as string | null) || undefined,
  }),
  invalid: (e) => zodFail(e, e.issues[0]?.message ?? "The pack is not valid."),
  run: async ({ cardIds, clientId, forUser }, actor) => {
    const pack = await recordPackOpening(actor, cardIds, { clientId, forUser });
    return { ok: true, data: pack, message: pack.replayed ? `That pack of ${cards(pack.cardCount)} was already saved.` : `Saved a pack of ${cards(pack.cardCount)}.` };
  },
});

/** Undoes the signed-in user's last pack opening (form field `packId`: the pack the user saw as last). */
export const undoLastPack = defineFormAction({
  ...collectionWrite,
  input: z.object({ packId: z.string().trim().max(64).optional() }),
  invalid: (e) => zodFail(e, "That pack is not valid."),
  run: async ({ packId }, actor) => {
    const pack = await undoLastPackOpening(actor, packId || undefined);
    return { ok: true, data: pack, message: `Undid the pack of ${cards(pack.cardCount)}.` };
  },
});
