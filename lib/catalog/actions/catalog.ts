"use server";

import { z } from "zod";
import { fail, zodPartFail } from "@/lib/server/action-result";
import { defineFormAction, type UploadSpec } from "@/lib/server/action";
import { createCard, deleteCard, updateCard } from "@/lib/catalog/data/catalog-admin";
import { cardFormFields, catalogCardFormSchema } from "@/lib/catalog/schemas";
import { MAX_CARD_IMAGE_BYTES, MAX_CARD_IMAGE_LABEL } from "@/lib/catalog/card-image";
import { reencodeCardImage } from "@/lib/catalog/reencode-image";
import { failure } from "@/lib/server/errors";

const idSchema = z.string().min(1).max(64);
const FIX_FIELDS = "Please correct the highlighted fields.";

/** The card form's image ("image"): at most MAX_CARD_IMAGE_BYTES, read only for a signed-in admin. */
const imageUpload: UploadSpec = {
  maxBytes: MAX_CARD_IMAGE_BYTES,
  tooLarge: (size) => failure("input/too-large", FIX_FIELDS, { image: [`The image is ${(size / (1024 * 1024)).toFixed(1)} MB: images may be at most ${MAX_CARD_IMAGE_LABEL}.`] }),
};

/** Admin: create (no id) or edit (id) a card from the card form, with an uploaded image when one is chosen. */
export const saveCardAction = defineFormAction({
  input: z.object({ id: idSchema.optional(), card: catalogCardFormSchema }),
  fields: (form) => ({ id: form.get("id") || undefined, card: cardFormFields(form) }),
  invalid: (e) => (e.issues.some((i) => i.path[0] === "id") ? fail("That card id is not valid.") : zodPartFail(e, "card", FIX_FIELDS)),
  auth: "admin",
  uploads: { image: imageUpload },
  run: async ({ id, card }, actor, { files }) => {
    // decoded and encoded again: what is stored is pixels, never the upload's bytes or metadata
    const image = files.image ? await reencodeCardImage(files.image.bytes) : null;
    if (image && !image.ok) return fail(FIX_FIELDS, { image: [image.message] });
    const upload = image?.ok ? image : undefined;
    const result = id ? await updateCard(actor, id, card, upload) : await createCard(actor, card, upload);
    if (!result.ok) return result;
    return { ok: true, data: { id: result.id }, message: "changed" in result && !result.changed ? "Nothing changed." : "Card saved." };
  },
  refresh: true,
  redirect: (data, input) => (input.id ? undefined : `/admin/cards/${data.id}?created=1`),
});

/** Admin: delete a card that no deck or collection uses. */
export const deleteCardAction = defineFormAction({
  input: z.object({ id: idSchema }),
  invalid: () => fail("That card id is not valid."),
  auth: "admin",
  run: async ({ id }, actor) => {
    const result = await deleteCard(actor, id);
    return result.ok ? { ok: true, data: { key: result.key } } : result;
  },
  refresh: true,
  redirect: (data) => `/admin/cards?deleted=${encodeURIComponent(data.key)}`,
});
