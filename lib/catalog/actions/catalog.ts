"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { fail, failFrom, ok, type ActionResult } from "@/lib/server/action-result";
import { createCard, deleteCard, updateCard } from "@/lib/catalog/data/catalog-admin";
import { cardFormFields, parseCatalogCard } from "@/lib/catalog/schemas";
import { checkCardImage, MAX_CARD_IMAGE_BYTES, MAX_CARD_IMAGE_LABEL } from "@/lib/catalog/card-image";
import { failure } from "@/lib/server/errors";

const idSchema = z.string().min(1).max(64);

/** The uploaded image of the card form ("image"), checked by its content; null when no file was chosen. */
async function uploadedImage(form: FormData) {
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) return null;
  if (file.size > MAX_CARD_IMAGE_BYTES) return failure("input/too-large", `The image is ${(file.size / (1024 * 1024)).toFixed(1)} MB: images may be at most ${MAX_CARD_IMAGE_LABEL}.`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkCardImage(bytes);
  return check.ok ? { ...check, bytes } : check;
}

/** Admin: create (no id) or edit (id) a card from the card form, with an uploaded image when one is chosen. */
export async function saveCardAction(_prev: ActionResult<{ id: string }> | null, form: FormData): Promise<ActionResult<{ id: string }>> {
  const rawId = form.get("id");
  const id = rawId ? idSchema.safeParse(rawId) : null;
  if (id && !id.success) return fail("That card id is not valid.");
  const parsed = parseCatalogCard(cardFormFields(form));
  const image = await uploadedImage(form);
  if (!parsed.ok || (image && !image.ok))
    return fail("Please correct the highlighted fields.", { ...(parsed.ok ? {} : parsed.fieldErrors), ...(image && !image.ok ? { image: [image.message] } : {}) });
  let result;
  try {
    const upload = image?.ok ? { sha256: image.sha256, type: image.type, bytes: image.bytes } : undefined;
    result = id ? await updateCard(id.data, parsed.card, upload) : await createCard(parsed.card, upload);
  } catch (e) {
    return failFrom(e);
  }
  if (!result.ok) return failFrom(result);
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
  if (!result.ok) return failFrom(result);
  revalidatePath("/cards", "layout");
  revalidatePath("/admin", "layout");
  redirect(`/admin/cards?deleted=${encodeURIComponent(result.key)}`);
}
