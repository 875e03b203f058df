import { parseEffect } from "@/lib/engine";
import { cardInputSchema, type CardInput } from "@/lib/catalog/card-schema";
import { imageHosts, isAllowedImageUrl } from "@/lib/server/security-headers";

/**
 * A catalog card as the admin form, card suggestions and the bulk importer
 * accept it: the card fields plus an effect the rules engine's schema accepts.
 */
export const catalogCardSchema = cardInputSchema.superRefine((card, ctx) => {
  if (card.imageUrl && !isAllowedImageUrl(card.imageUrl)) {
    const hosts = imageHosts();
    ctx.addIssue({
      code: "custom",
      path: ["imageUrl"],
      message: hosts.length
        ? `Images may only come from this site or ${hosts.join(", ")} (the IMAGE_HOSTS setting).`
        : "Images may only come from this site: no outside image hosts are allowed (the IMAGE_HOSTS setting).",
    });
  }
  if (card.effect === null || card.effect === undefined) return;
  const parsed = parseEffect(card.effect);
  if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["effect"], message: `Effect does not match the engine's schema: ${parsed.error}` });
});

export type CatalogCard = CardInput;

/** Splits a list field written as text ("Animal; Robot" or "Animal, Robot"). */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== "string") return [];
  return value
    .split(/[;,|]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Parses the effect field written as JSON text: "" means no effect. Returns
 * a sentinel issue message for text that is not JSON.
 */
export function parseEffectText(value: unknown): { ok: true; effect: unknown } | { ok: false; message: string } {
  if (value === null || value === undefined) return { ok: true, effect: null };
  if (typeof value !== "string") return { ok: true, effect: value };
  const t = value.trim();
  if (!t || t === "null") return { ok: true, effect: null };
  try {
    return { ok: true, effect: JSON.parse(t) as unknown };
  } catch (e) {
    return { ok: false, message: `Effect is not valid JSON: ${(e as Error).message}` };
  }
}

/** The raw fields of the card form (FormData) as an object for catalogCardSchema. */
export function cardFormFields(form: FormData): Record<string, unknown> {
  return {
    set: form.get("set"),
    number: form.get("number"),
    title: form.get("title"),
    traits: splitList(form.get("traits")),
    colors: form.getAll("colors").map(String),
    rings: form.get("rings"),
    rarity: form.get("rarity"),
    text: form.get("text") ?? "",
    effect: form.get("effect") ?? "",
    imageUrl: form.get("imageUrl") || null,
  };
}

export type CardParse = { ok: true; card: CatalogCard } | { ok: false; fieldErrors: Record<string, string[]> };

/** Validates raw card fields (effect as JSON text or a value) into a catalog card, with per-field errors. */
export function parseCatalogCard(raw: Record<string, unknown>): CardParse {
  const effect = parseEffectText(raw.effect);
  const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
  const parsed = catalogCardSchema.safeParse({
    ...raw,
    number: blankToUndefined(raw.number),
    rings: blankToUndefined(raw.rings),
    effect: effect.ok ? effect.effect : null,
  });
  const fieldErrors: Record<string, string[]> = {};
  if (!effect.ok) fieldErrors.effect = [effect.message];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.length ? String(issue.path[0]) : "_form";
      (fieldErrors[key] ??= []).push(issue.message);
    }
  }
  if (Object.keys(fieldErrors).length || !parsed.success) return { ok: false, fieldErrors };
  return { ok: true, card: parsed.data };
}
