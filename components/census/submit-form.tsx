"use client";

import { useState } from "react";
import { submitPrintingAction } from "@/lib/census/actions";
import { CENSUS_PHOTO_ACCEPT, MAX_CENSUS_PHOTO_BYTES, MAX_CENSUS_PHOTO_LABEL } from "@/lib/census/photo-limits";
import { CardForm, type CardFormValues } from "@/components/catalog/card-form";

function PhotoInput({ name, label, required }: { name: "front" | "back"; label: string; required?: boolean }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div>
      <label htmlFor={`photo-${name}`} className="label">
        {label}
      </label>
      <input
        id={`photo-${name}`}
        name={name}
        type="file"
        accept={CENSUS_PHOTO_ACCEPT}
        required={required}
        className="input"
        aria-describedby={`photo-${name}-hint photo-${name}-error`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          const message = file && file.size > MAX_CENSUS_PHOTO_BYTES ? `The photo is ${(file.size / (1024 * 1024)).toFixed(1)} MB: photos may be at most ${MAX_CENSUS_PHOTO_LABEL}.` : null;
          if (message) e.currentTarget.value = "";
          setProblem(message);
        }}
      />
      <p id={`photo-${name}-hint`} className="mt-1 text-xs text-slate-500">
        PNG, JPEG or WebP, at most {MAX_CENSUS_PHOTO_LABEL}. Stored re-encoded: location, camera and other metadata are removed.
      </p>
      <div id={`photo-${name}-error`} aria-live="polite">
        {problem && <p className="field-error">{problem}</p>}
      </div>
    </div>
  );
}

/**
 * The census submission form: the card form (every field of the printing) and
 * its photos as evidence. With `cardId` it proposes a correction of that card.
 */
export function SubmitPrintingForm({ initial, cardId }: { initial?: Partial<CardFormValues>; cardId?: string }) {
  return (
    <CardForm
      action={submitPrintingAction}
      initial={{ set: "", ...initial }}
      cardId={cardId}
      submitLabel={cardId ? "Propose correction" : "Submit printing"}
      imageUrlField={false}
      extraFields={["front", "back"]}
      extra={
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="label">Photos of the card (the evidence)</legend>
          <PhotoInput name="front" label="Front (required)" required />
          <PhotoInput name="back" label="Back (optional)" />
        </fieldset>
      }
    />
  );
}
