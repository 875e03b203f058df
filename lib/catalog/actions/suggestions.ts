"use server";

import { z } from "zod";
import { fail, zodPartFail } from "@/lib/server/action-result";
import { defineFormAction } from "@/lib/server/action";
import { acceptSuggestion, createSuggestion, rejectSuggestion } from "@/lib/catalog/data/suggestions";
import { cardFormFields, catalogCardFormSchema } from "@/lib/catalog/schemas";

const idSchema = z.string().min(1).max(64);

/** Any signed-in user: suggest a new card or a correction (cardId) with the card form. */
export const suggestCardAction = defineFormAction({
  input: z.object({ cardId: idSchema.optional(), card: catalogCardFormSchema }),
  fields: (form) => ({ cardId: form.get("cardId") || undefined, card: cardFormFields(form) }),
  invalid: (e) => (e.issues.some((i) => i.path[0] === "cardId") ? fail("That card id is not valid.") : zodPartFail(e, "card")),
  auth: "user",
  limit: "suggestion",
  run: async ({ cardId, card }, actor) => {
    const r = await createSuggestion(actor, card, cardId ?? null);
    return r.ok ? { ok: true, data: undefined } : r;
  },
  refresh: true,
  redirect: () => "/cards/suggestions?sent=1",
});

/** Admin: accept a pending suggestion (applied as an audited catalog change). */
export const acceptSuggestionAction = defineFormAction({
  input: z.object({ id: idSchema }),
  invalid: () => fail("That suggestion id is not valid."),
  auth: "admin",
  run: async ({ id }, actor) => {
    const r = await acceptSuggestion(actor, id);
    return r.ok ? { ok: true, data: { key: r.key } } : r;
  },
  refresh: true,
  redirect: (data) => `/admin/suggestions?accepted=${encodeURIComponent(data.key)}`,
});

/** Admin: reject a pending suggestion with a reason the suggester sees. */
export const rejectSuggestionAction = defineFormAction({
  input: z.object({
    id: idSchema,
    reason: z.string().trim().min(3, "Give the suggester a reason (at least 3 characters).").max(500, "Keep the reason under 500 characters."),
  }),
  auth: "admin",
  run: async ({ id, reason }, actor) => {
    const r = await rejectSuggestion(actor, id, reason);
    return r.ok ? { ok: true, data: undefined } : r;
  },
  refresh: true,
  redirect: () => "/admin/suggestions?rejected=1",
});
