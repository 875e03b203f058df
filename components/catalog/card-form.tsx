"use client";

import "@/lib/util/zod-config";
import Link from "next/link";
import { helpHref } from "@/lib/rules-doc/help-topics";
import { useActionState, useRef, useState } from "react";
import { COLORS } from "@/lib/catalog/colors";
import { RARITIES } from "@/lib/catalog/rarity";
import type { ActionResult } from "@/lib/server/action-result";
import { Field, FormMessage } from "@/components/ui/field";
import { keepFormSubmit } from "@/components/ui/use-keep-form-submit";
import { useFormDraft } from "@/components/ui/use-form-draft";
import { DraftOffer } from "@/components/ui/draft-offer";
import { EffectPreview } from "./effect-preview";
import { CardImageField } from "@/components/catalog/card-image-field";

export type CardFormValues = {
  set: string;
  number: number | "";
  title: string;
  traits: string[];
  colors: string[];
  rings: number | "";
  rarity: string;
  text: string;
  effect: unknown;
  imageUrl: string | null;
};

type Action<T> = (prev: ActionResult<T> | null, form: FormData) => Promise<ActionResult<T>>;

function Errors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} aria-live="polite">
      {errors?.map((e) => (
        <p key={e} className="field-error">
          {e}
        </p>
      ))}
    </div>
  );
}

/**
 * The one card form: admin create/edit, census submissions and corrections. Validation runs
 * on the server with the shared schema; errors come back per field.
 */
export function CardForm<T>({
  action,
  initial,
  id,
  cardId,
  submitLabel,
  extra,
  imageUpload = false,
  imageUrlField = true,
  extraFields = [],
}: {
  action: Action<T>;
  initial?: Partial<CardFormValues>;
  /** the card being edited (admin) */
  id?: string;
  /** the card a correction is for (census corrections) */
  cardId?: string;
  submitLabel: string;
  extra?: React.ReactNode;
  /** admins may upload an image file */
  imageUpload?: boolean;
  /** the image URL field (the census takes photos instead) */
  imageUrlField?: boolean;
  /** the names of the fields in `extra`, whose server errors are listed under it */
  extraFields?: string[];
}) {
  const [state, formAction, pending] = useActionState<ActionResult<T> | null, FormData>(action, null);
  const fe = state && !state.ok ? state.fieldErrors : undefined;
  const v = initial ?? {};
  const effectText = v.effect == null ? "" : JSON.stringify(v.effect, null, 2);
  // What the effect field holds while edited (null: as loaded), for the "Reads as" line.
  const [effectDraft, setEffectDraft] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // one draft per card edited, per card corrected, per new-card form (admin or suggestion)
  const draft = useFormDraft(formRef, `card-form:${id ? `edit:${id}` : cardId ? `fix:${cardId}` : `new:${submitLabel}`}`, state && !state.ok ? state : null);
  const submit = keepFormSubmit(formAction);
  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={(e) => {
        draft.onSubmitted();
        submit(e);
      }}
      onInput={draft.onEdit}
      onChange={draft.onEdit}
      className="space-y-4"
      noValidate
    >
      {draft.offer && <DraftOffer savedAt={draft.offer.savedAt} onRestore={draft.restore} onDiscard={draft.discard} />}
      {id && <input type="hidden" name="id" value={id} />}
      {cardId && <input type="hidden" name="cardId" value={cardId} />}
      <FormMessage message={state?.message} tone={state?.ok ? "success" : "error"} />
      <div className="grid gap-4 sm:grid-cols-[1fr_1fr_3fr]">
        <Field name="set" label="Set code" defaultValue={v.set ?? "DEMO"} errors={fe?.set} required />
        <Field name="number" label="Number" type="number" min={0} defaultValue={v.number ?? ""} errors={fe?.number} required />
        <Field name="title" label="Title" defaultValue={v.title ?? ""} errors={fe?.title} required />
      </div>
      <div className="grid gap-4 sm:grid-cols-[3fr_1fr_2fr]">
        <Field name="traits" label="Traits" hint="Separate with commas, e.g. Animal, Robot" defaultValue={(v.traits ?? []).join(", ")} errors={fe?.traits} />
        <Field name="rings" label="Rings" type="number" min={0} max={99} defaultValue={v.rings ?? ""} errors={fe?.rings} required />
        <div>
          <label htmlFor="rarity" className="label">
            Rarity
          </label>
          <select id="rarity" name="rarity" className="input capitalize" defaultValue={v.rarity ?? "common"} aria-invalid={fe?.rarity ? true : undefined} aria-describedby="rarity-error">
            {RARITIES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <Errors id="rarity-error" errors={fe?.rarity} />
        </div>
      </div>
      <fieldset aria-describedby="colors-error">
        <legend className="label">Colors</legend>
        <div className="flex flex-wrap gap-4">
          {COLORS.map((c) => (
            <label key={c} className="flex items-center gap-2 text-sm capitalize">
              <input type="checkbox" name="colors" value={c} defaultChecked={v.colors?.includes(c)} />
              {c}
            </label>
          ))}
        </div>
        <Errors id="colors-error" errors={fe?.colors} />
      </fieldset>
      <div>
        <label htmlFor="text" className="label">
          Card text
        </label>
        <textarea id="text" name="text" rows={3} className="input" defaultValue={v.text ?? ""} aria-invalid={fe?.text ? true : undefined} aria-describedby="text-error" />
        <Errors id="text-error" errors={fe?.text} />
      </div>
      <div>
        <label htmlFor="effect" className="label">
          Structured effect (JSON, optional)
        </label>
        <textarea
          id="effect"
          name="effect"
          rows={6}
          className="input font-mono text-xs"
          defaultValue={effectText}
          placeholder='{"trigger":"flip","actions":[{"type":"draw","count":1}]}'
          aria-invalid={fe?.effect ? true : undefined}
          aria-describedby="effect-hint effect-reading effect-error"
          onInput={(e) => setEffectDraft(e.currentTarget.value)}
        />
        <p id="effect-hint" className="mt-1 text-xs text-slate-500">
          Leave empty when the text is not automated. Checked against the rules engine&apos;s effect schema (<Link href={helpHref("effects")} className="underline">the effect language</Link>:
          triggers, conditions with counts, not/allOf/anyOf, emeralds, lead, zone sizes, row and turn; selectors with exclusions,
          random or opponent&apos;s picks; score-step rings, emeralds and ties; triggers when discarded, moved to the spare row, at the
          score step, on winning or losing a battle, or when an opposing card is flipped in this column; zone actions: turn face
          down, move, swap, put onto the field, recover from the discard pile, hand discard, look at or reorder the top of your deck, look at
          the opponent&apos;s hand; rush rules: next flip, ignore the
          column rule, no copy discards, lower card discarded, battles any color, flip as a rush flip, with durations; sequencing: costs
          (&quot;cost&quot;: true on the first actions), &quot;if you do&quot; (&quot;ifDone&quot;), &quot;for each&quot; (&quot;forEach&quot;); ring modifiers and
          protections &quot;until&quot; the end of the rush, the turn, or while on the field).
        </p>
        <EffectPreview id="effect-reading" text={effectDraft ?? effectText} />
        <Errors id="effect-error" errors={fe?.effect} />
      </div>
      {imageUrlField && <Field name="imageUrl" label="Image URL (optional, https)" defaultValue={v.imageUrl ?? ""} errors={fe?.imageUrl} />}
      {imageUpload && <CardImageField current={v.imageUrl ?? null} errors={fe?.image} />}
      {extra}
      {extraFields.length > 0 && <Errors id="extra-error" errors={extraFields.flatMap((k) => fe?.[k] ?? [])} />}
      <Errors id="form-error" errors={fe?._form} />
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? "Saving…" : submitLabel}
      </button>
    </form>
  );
}
