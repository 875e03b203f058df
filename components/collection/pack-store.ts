"use client";

import { useCallback, useSyncExternalStore } from "react";
import type { LookupCardDTO } from "@/lib/collection/types";

/** A card entered into the pack being typed; `uid` tells two copies of one card apart. */
export type PackSlot = { uid: string; card: LookupCardDTO };

const EMPTY: PackSlot[] = [];
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; value: PackSlot[] }>();

/** The storage key of a user's pack: one per account, so a shared browser never shows one person's pack to another. */
export function packKey(userId: string) {
  return `ringbinder:booster-pack:v2:${userId}`;
}

function read(key: string): PackSlot[] {
  const cached = cache.get(key);
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return cached?.value ?? EMPTY;
  }
  if (cached && raw === cached.raw) return cached.value;
  let value: PackSlot[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    value = Array.isArray(parsed) ? (parsed as PackSlot[]).filter((s) => s && typeof s.uid === "string" && s.card && typeof s.card.id === "string") : EMPTY;
  } catch {
    value = EMPTY;
  }
  cache.set(key, { raw, value });
  return value;
}

function write(key: string, next: PackSlot[]) {
  try {
    if (next.length) window.localStorage.setItem(key, JSON.stringify(next));
    else window.localStorage.removeItem(key);
  } catch {
    // storage full or blocked: keep the in-memory copy so entry still works in this tab
    cache.set(key, { raw: "\u0000", value: next });
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key?.startsWith("ringbinder:booster-pack:") && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The pack being entered, kept in this browser's localStorage (per account)
 * until it is saved: nothing is lost when the page reloads, the browser
 * crashes, or the user goes to suggest or add a missing card; other tabs see
 * the same pack.
 */
export function usePackEntry(userId: string): [PackSlot[], (update: (pack: PackSlot[]) => PackSlot[]) => void] {
  const key = packKey(userId);
  const pack = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => EMPTY,
  );
  const update = useCallback((fn: (pack: PackSlot[]) => PackSlot[]) => write(key, fn(read(key))), [key]);
  return [pack, update];
}
