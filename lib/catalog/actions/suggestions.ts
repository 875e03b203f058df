"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { fail, failFrom, zodFail, type ActionResult } from "@/lib/server/action-result";
import { requireUser } from "@/lib/server/session";
import { limit } from "@/lib/server/rate-limit";
import { acceptSuggestion, createSuggestion, rejectSuggestion } from "@/lib/catalog/data/suggestions";
import { cardFormFields, parseCatalogCard } from "@/lib/catalog/schemas";

const idSchema = z.string().min(1).max(64);

/** Any signed-in user: suggest a new card or a correction (cardId) with the card form. */
export async function suggestCardAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const rawCardId = form.get("cardId");
  const cardId = rawCardId ? idSchema.safeParse(rawCardId) : null;
  if (cardId && !cardId.success) return fail("That card id is not valid.");
  const parsed = parseCatalogCard(cardFormFields(form));
  if (!parsed.ok) return fail("Please correct the highlighted fields.", parsed.fieldErrors);
  let r;
  try {
    const user = await requireUser();
    await limit("suggestion", user.id);
    r = await createSuggestion(parsed.card, cardId ? cardId.data : null);
  } catch (e) {
    return failFrom(e);
  }
  if (!r.ok) return failFrom(r);
  revalidatePath("/cards/suggestions");
  revalidatePath("/admin/suggestions");
  redirect("/cards/suggestions?sent=1");
}

/** Admin: accept a pending suggestion (applied as an audited catalog change). */
export async function acceptSuggestionAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const id = idSchema.safeParse(form.get("id"));
  if (!id.success) return fail("That suggestion id is not valid.");
  let r;
  try {
    r = await acceptSuggestion(id.data);
  } catch (e) {
    return failFrom(e);
  }
  if (!r.ok) return failFrom(r);
  revalidatePath("/admin", "layout");
  revalidatePath("/cards", "layout");
  redirect(`/admin/suggestions?accepted=${encodeURIComponent(r.key)}`);
}

const rejectSchema = z.object({
  id: idSchema,
  reason: z.string().trim().min(3, "Give the suggester a reason (at least 3 characters).").max(500, "Keep the reason under 500 characters."),
});

/** Admin: reject a pending suggestion with a reason the suggester sees. */
export async function rejectSuggestionAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const parsed = rejectSchema.safeParse({ id: form.get("id"), reason: form.get("reason") });
  if (!parsed.success) return zodFail(parsed.error);
  let r;
  try {
    r = await rejectSuggestion(parsed.data.id, parsed.data.reason);
  } catch (e) {
    return failFrom(e);
  }
  if (!r.ok) return failFrom(r);
  revalidatePath("/admin", "layout");
  revalidatePath("/cards/suggestions");
  redirect("/admin/suggestions?rejected=1");
}
