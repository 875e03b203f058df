"use client";

/**
 * Drafts of unsaved work kept in this browser's localStorage, so a reload, a
 * crash or a navigation does not lose them. Each editor names its draft with a
 * key and validates what it reads back (storage is user-editable and may hold
 * an older shape). Storage that is full or blocked makes drafts a no-op: the
 * editor still works, only without the safety copy.
 */

const PREFIX = "ringbinder:draft:";

/** A stored draft: the editor's value and when it was written (ms since the epoch). */
export type StoredDraft<T> = { savedAt: number; value: T };

/** The draft under `key`, when there is one that `parse` accepts. */
export function readDraft<T>(key: string, parse: (value: unknown) => T | null): StoredDraft<T> | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as { savedAt?: unknown; value?: unknown };
    if (typeof data?.savedAt !== "number") return null;
    const value = parse(data.value);
    return value === null ? null : { savedAt: data.savedAt, value };
  } catch {
    return null;
  }
}

/** Stores `value` as the draft under `key`; false when storage refused it. */
export function writeDraft<T>(key: string, value: T, now: number = Date.now()): boolean {
  try {
    window.localStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: now, value }));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the draft under `key`. */
export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(PREFIX + key);
  } catch {
    // blocked storage: nothing was stored either
  }
}

/** "just now", "5 minutes ago", or a date, for "kept on this device …". */
export function draftAge(savedAt: number, now: number = Date.now()): string {
  const s = Math.max(0, Math.round((now - savedAt) / 1000));
  if (s < 45) return "just now";
  const m = Math.round(s / 60);
  if (m < 60) return `${m} minute${m === 1 ? "" : "s"} ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} hour${h === 1 ? "" : "s"} ago`;
  return `on ${new Date(savedAt).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" })}`;
}
