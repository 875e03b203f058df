"use server";

import { z } from "zod";
import { fail, zodFail } from "@/lib/server/action-result";
import { defineAction, defineFormAction } from "@/lib/server/action";
import {
  adjustOwned,
  createBinder,
  deleteBinder,
  moveCopies,
  recordPackOpening,
  releaseDeckCopies,
  renameBinder,
  reserveDeckCopies,
  setOwned,
  undoLastPackOpening,
} from "@/lib/collection/data";
import { parseDetails } from "@/lib/collection/copies";
import {
  adjustQuantitySchema,
  binderFormSchema,
  binderIdSchema,
  deckIdSchema,
  moveCopiesSchema,
  packEntrySchema,
  renameBinderSchema,
  setQuantitySchema,
} from "@/lib/collection/schemas";

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

// Binders, moving copies and deck reservations: the signed-in user's own only (the DAL checks every id against the actor).

const copies = (n: number) => `${n} cop${n === 1 ? "y" : "ies"}`;

/** Makes a named binder (form field `name`). */
export const createBinderAction = defineFormAction({
  ...collectionWrite,
  input: binderFormSchema,
  invalid: (e) => zodFail(e, "That name is not valid."),
  run: async ({ name }, actor) => {
    const b = await createBinder(actor, name);
    return { ok: true, data: b, message: `Made the binder "${b.name}".` };
  },
});

/** Renames a binder (fields `binderId`, `name`). */
export const renameBinderAction = defineFormAction({
  ...collectionWrite,
  input: renameBinderSchema,
  invalid: (e) => zodFail(e, "That name is not valid."),
  run: async ({ binderId, name }, actor) => {
    const b = await renameBinder(actor, binderId, name);
    return { ok: true, data: b, message: `Renamed to "${b.name}".` };
  },
});

/** Deletes a binder; its copies go back to the default binder (field `binderId`). */
export const deleteBinderAction = defineFormAction({
  ...collectionWrite,
  input: binderIdSchema,
  invalid: (e) => zodFail(e, "That binder is not valid."),
  redirect: () => "/collection/binders",
  run: async ({ binderId }, actor) => {
    const r = await deleteBinder(actor, binderId);
    return { ok: true, data: r, message: `Deleted the binder; ${copies(r.moved)} went back to Unsorted.` };
  },
});

/** Moves copies to a binder, or (with `edit`) gives them new details: one action, the card's total unchanged. */
export const moveCopiesAction = defineFormAction({
  ...collectionWrite,
  input: moveCopiesSchema,
  invalid: (e) => zodFail(e, e.issues[0]?.message ?? "That move is not valid."),
  run: async (input, actor) => {
    let details;
    if (input.edit) {
      const parsed = parseDetails(input);
      if (!parsed.ok) return fail(parsed.messages.join(" "));
      details = parsed.value;
    }
    const r = await moveCopies(actor, { cardId: input.cardId, lotId: input.lotId || null, quantity: input.quantity, toBinderId: input.toBinderId || null, details });
    return { ok: true, data: r, message: input.edit ? `Saved the details of ${copies(r.moved)}.` : `Moved ${copies(r.moved)}.` };
  },
});

/** Reserves for a deck the owned copies it needs that no other deck holds. */
export const reserveDeckCopiesAction = defineAction({
  ...collectionWrite,
  input: deckIdSchema,
  args: (deckId: string) => ({ deckId }),
  invalid: (e) => zodFail(e, "That deck is not valid."),
  run: async ({ deckId }, actor) => {
    const r = await reserveDeckCopies(actor, deckId);
    return { ok: true, data: r, message: r.short ? `Reserved ${copies(r.reserved)}; ${copies(r.short)} are missing or in other decks.` : `Reserved all ${copies(r.reserved)} for this deck.` };
  },
});

/** Releases every copy a deck holds. */
export const releaseDeckCopiesAction = defineAction({
  ...collectionWrite,
  input: deckIdSchema,
  args: (deckId: string) => ({ deckId }),
  invalid: (e) => zodFail(e, "That deck is not valid."),
  run: async ({ deckId }, actor) => {
    const r = await releaseDeckCopies(actor, deckId);
    return { ok: true, data: r, message: `Released ${copies(r.released)}.` };
  },
});
