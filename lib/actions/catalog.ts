"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { fail, failFrom, ok, type ActionResult } from "@/lib/action-result";
import { createCard, deleteCard, updateCard } from "@/lib/dal/catalog-admin";
import { cardFormFields, parseCatalogCard } from "@/lib/validation/catalog";

const idSchema = z.string().min(1).max(64);

/** Admin: create (no id) or edit (id) a card from the card form. */
export async function saveCardAction(_prev: ActionResult<{ id: string }> | null, form: FormData): Promise<ActionResult<{ id: string }>> {
  const rawId = form.get("id");
  const id = rawId ? idSchema.safeParse(rawId) : null;
  if (id && !id.success) return fail("That card id is not valid.");
  const parsed = parseCatalogCard(cardFormFields(form));
  if (!parsed.ok) return fail("Please correct the highlighted fields.", parsed.fieldErrors);
  let result;
  try {
    result = id ? await updateCard(id.data, parsed.card) : await createCard(parsed.card);
  } catch (e) {
    return failFrom(e);
  }
  if (!result.ok) return fail(result.message, "fieldErrors" in result ? result.fieldErrors : undefined);
  revalidatePath("/cards", "layout");
  revalidatePath("/admin", "layout");
  if (!id) redirect(`/admin/cards/${result.id}?created=1`);
  return ok({ id: result.id }, "changed" in result && !result.changed ? "Nothing changed." : "Card saved.");
}

/** Admin: delete a card that no deck or collection uses. */
export async function deleteCardAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const id = idSchema.safeParse(form.get("id"));
  if (!id.success) return fail("That card id is not valid.");
  let result;
  try {
    result = await deleteCard(id.data);
  } catch (e) {
    return failFrom(e);
  }
  if (!result.ok) return fail(result.message);
  revalidatePath("/cards", "layout");
  revalidatePath("/admin", "layout");
  redirect(`/admin/cards?deleted=${encodeURIComponent(result.key)}`);
}
