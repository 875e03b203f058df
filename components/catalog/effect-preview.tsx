"use client";

import { describeEffect, parseEffect } from "@/lib/engine";

/**
 * The English reading of a structured effect as the engine will run it
 * (describeEffect), or why the JSON does not validate yet: shown under the
 * card form's effect field while it is edited.
 */
export function EffectPreview({ id, text }: { id: string; text: string }) {
  let line: string;
  let ok = false;
  if (text.trim() === "") line = "No structured effect: the card plays as vanilla (text not automated).";
  else {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (json === undefined) line = "Not valid JSON yet.";
    else {
      const r = parseEffect(json);
      ok = r.ok;
      line = r.ok ? describeEffect(r.effect) : `Does not validate: ${r.error}`;
    }
  }
  return (
    <p id={id} className={`mt-1 text-xs ${ok ? "text-slate-700" : "text-amber-700"}`} aria-live="polite">
      <span className="font-semibold">Reads as: </span>
      {line}
    </p>
  );
}
