"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { fail, failFrom, ok, zodFail, type ActionResult } from "@/lib/action-result";
import { requireUser } from "@/lib/dal/session";
import { limit } from "@/lib/rate-limit";
import {
  adjustOwned,
  applyCollectionImport,
  previewCollectionImport,
  recordPackOpening,
  setOwned,
  undoLastPackOpening,
  type ImportPreview,
} from "@/lib/dal/collection";
import type { PackOpeningDTO } from "@/lib/collection/types";
import { checkImportSize, detectFormat } from "@/lib/collection/transfer";
import { adjustQuantitySchema, importRequestSchema, packEntrySchema, setQuantitySchema } from "@/lib/validation/collection";

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

export type ImportActionData = ImportPreview & { applied: boolean; format: "csv" | "json"; fileName: string };

/**
 * Import a collection file. `intent=check` is the dry run; `intent=apply`
 * applies it atomically (all rows or none). Fields: `file` (an upload) or
 * `text` (pasted), `format` (csv|json|auto), `mode` (add|replace).
 */
export async function importCollection(_prev: ActionResult<ImportActionData> | null, form: FormData): Promise<ActionResult<ImportActionData>> {
  const file = form.get("file");
  const pasted = form.get("text");
  let text = "";
  let fileName = "";
  if (file instanceof File && file.size > 0) {
    const size = checkImportSize(file.size);
    if (!size.ok) return fail(size.message, { file: [size.message] });
    text = await file.text();
    fileName = file.name;
  } else if (typeof pasted === "string" && pasted.trim()) {
    text = pasted;
    const named = form.get("fileName");
    fileName = typeof named === "string" && named.trim() ? named.trim().slice(0, 200) : "pasted text";
  } else {
    return fail("Choose a file or paste the collection.", { file: ["Choose a CSV or JSON file, or paste its contents."] });
  }
  const size = checkImportSize(new TextEncoder().encode(text).length);
  if (!size.ok) return fail(size.message, { file: [size.message] });

  const requestedFormat = form.get("format");
  const parsed = importRequestSchema.safeParse({
    mode: form.get("mode"),
    format: requestedFormat === "csv" || requestedFormat === "json" ? requestedFormat : detectFormat(fileName, text),
  });
  if (!parsed.success) return zodFail(parsed.error);
  const apply = form.get("intent") === "apply";
  try {
    await limit("import", (await requireUser()).id);
    const { format, mode } = parsed.data;
    const result = apply ? await applyCollectionImport(format, text, mode) : await previewCollectionImport(format, text, mode);
    if (apply) revalidateCollection();
    const data: ImportActionData = { ...result, applied: apply, format, fileName };
    if (apply) return ok(data, `Imported ${result.lines.length} card${result.lines.length === 1 ? "" : "s"} (${mode === "add" ? "added to" : "replaced"} your collection).`);
    return ok(data, result.canApply ? "Check passed: nothing is changed until you apply." : `${result.errors.length} row error(s): fix the file and check again.`);
  } catch (err) {
    return failFrom(err);
  }
}
