"use client";

import { useState } from "react";
import { CARD_IMAGE_TYPES, MAX_CARD_IMAGE_BYTES, MAX_CARD_IMAGE_LABEL } from "@/lib/catalog/card-image";

/**
 * The admin card form's image upload. The browser checks the size and the
 * declared type at once, so a wrong file is never sent; the server checks the
 * bytes themselves again (lib/catalog/card-image).
 */
export function CardImageField({ current, errors }: { current: string | null; errors?: string[] }) {
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ? [problem] : errors;
  return (
    <div>
      <label htmlFor="image" className="label">
        Upload an image (optional)
      </label>
      <input
        id="image"
        name="image"
        type="file"
        accept={Object.keys(CARD_IMAGE_TYPES).join(",")}
        className="input"
        aria-invalid={shown?.length ? true : undefined}
        aria-describedby="image-hint image-error"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          let message: string | null = null;
          if (file && file.size > MAX_CARD_IMAGE_BYTES) message = `The image is ${(file.size / (1024 * 1024)).toFixed(1)} MB: images may be at most ${MAX_CARD_IMAGE_LABEL}.`;
          else if (file && !(file.type in CARD_IMAGE_TYPES)) message = "That file is not a PNG, JPEG or WebP image (SVG and other formats are not accepted).";
          if (message) e.currentTarget.value = "";
          setProblem(message);
        }}
      />
      <p id="image-hint" className="mt-1 text-xs text-slate-500">
        PNG, JPEG or WebP, at most {MAX_CARD_IMAGE_LABEL}; portrait 5:7 looks best. It replaces the image URL and is served from this site.
        {current ? " The card has an image now; clear the image URL field to go back to the generated art." : " Without one the card shows its generated art."}
      </p>
      <div id="image-error" aria-live="polite">
        {shown?.map((e) => (
          <p key={e} className="field-error">
            {e}
          </p>
        ))}
      </div>
    </div>
  );
}
