"use client";

import { useCallback, useEffect, useState, type RefObject } from "react";
import { clearDraft, readDraft, writeDraft } from "./local-draft";
import { useLeaveGuard } from "./leave-guard";

/** A form's named fields and their values (several for checkboxes and multi-selects). */
export type FormValues = Record<string, string[]>;

/** The form's editable values by name; hidden inputs, files and buttons are not part of a draft. */
export function formValues(form: HTMLFormElement): FormValues {
  const out: FormValues = {};
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) || !el.name) continue;
    if (el instanceof HTMLInputElement && ["hidden", "file", "submit", "button", "reset", "password"].includes(el.type)) continue;
    out[el.name] ??= [];
    if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
      if (el.checked) out[el.name].push(el.value);
    } else if (el instanceof HTMLSelectElement && el.multiple) {
      out[el.name].push(...Array.from(el.selectedOptions, (o) => o.value));
    } else out[el.name].push(el.value);
  }
  return out;
}

/** Puts stored values back into the form's fields (names missing from the draft are left as they are). */
export function applyFormValues(form: HTMLFormElement, values: FormValues) {
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) || !el.name || !(el.name in values)) continue;
    if (el instanceof HTMLInputElement && ["hidden", "file", "submit", "button", "reset", "password"].includes(el.type)) continue;
    const v = values[el.name];
    if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) el.checked = v.includes(el.value);
    else if (el instanceof HTMLSelectElement && el.multiple) for (const o of Array.from(el.options)) o.selected = v.includes(o.value);
    else el.value = v[0] ?? "";
  }
}

function parseFormValues(value: unknown): FormValues | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const out: FormValues = {};
  for (const [k, v] of Object.entries(value)) {
    if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) return null;
    out[k] = v.map((x) => x.slice(0, 20_000));
  }
  return out;
}

/**
 * No lost work for an uncontrolled form: typing marks it dirty (the leave
 * guard asks before any navigation) and keeps a draft on this device; a draft
 * left by an earlier visit is offered back. Submitting forgets the draft; a
 * failed submit (a new `failure` object, such as the action's error result) keeps it again, with the typed values.
 */
export function useFormDraft(formRef: RefObject<HTMLFormElement | null>, key: string, failure: object | null) {
  const [dirty, setDirty] = useState(false);
  const [offer, setOffer] = useState<{ values: FormValues; savedAt: number } | null>(null);

  useEffect(() => {
    const stored = readDraft(key, parseFormValues);
    const form = formRef.current;
    if (!stored || !form) return;
    const now = formValues(form);
    const same = Object.keys(stored.value).every((k) => JSON.stringify(stored.value[k]) === JSON.stringify(now[k] ?? []));
    if (same) clearDraft(key);
    else setOffer({ values: stored.value, savedAt: stored.savedAt });
  }, [formRef, key]);

  useLeaveGuard(dirty);

  const keep = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    writeDraft(key, formValues(form));
    setDirty(true);
    setOffer(null);
  }, [formRef, key]);

  useEffect(() => {
    if (failure && formRef.current) {
      writeDraft(key, formValues(formRef.current));
      setDirty(true);
    }
  }, [failure, formRef, key]);

  return {
    dirty,
    offer,
    /** onInput/onChange of the form */
    onEdit: keep,
    /** call when the form is submitted */
    onSubmitted: useCallback(() => {
      clearDraft(key);
      setDirty(false);
    }, [key]),
    restore: useCallback(() => {
      if (offer && formRef.current) {
        applyFormValues(formRef.current, offer.values);
        writeDraft(key, offer.values);
        setDirty(true);
      }
      setOffer(null);
    }, [offer, formRef, key]),
    discard: useCallback(() => {
      clearDraft(key);
      setOffer(null);
    }, [key]),
  };
}
