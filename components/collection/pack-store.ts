"use client";

import { useSyncExternalStore } from "react";
import type { LookupCardDTO } from "@/lib/collection/types";

/** A card entered into the pack being typed; `uid` tells two copies of one card apart. */
export type PackSlot = { uid: string; card: LookupCardDTO };

const KEY = "ringbinder:booster-pack:v1";
const EMPTY: PackSlot[] = [];
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedValue: PackSlot[] = EMPTY;

function read(): PackSlot[] {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(KEY);
  } catch {
    return cachedValue;
  }
  if (raw === cachedRaw) return cachedValue;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedValue = Array.isArray(parsed) ? (parsed as PackSlot[]).filter((s) => s && typeof s.uid === "string" && s.card && typeof s.card.id === "string") : EMPTY;
  } catch {
    cachedValue = EMPTY;
  }
  return cachedValue;
}

function write(next: PackSlot[]) {
  try {
    if (next.length) window.sessionStorage.setItem(KEY, JSON.stringify(next));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // storage full or blocked: keep the in-memory copy so entry still works in this tab
    cachedRaw = "\u0000";
    cachedValue = next;
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The pack being entered, kept in sessionStorage so nothing is lost when the
 * page reloads or the user goes to suggest or add a missing card.
 */
export function usePackEntry(): [PackSlot[], (update: (pack: PackSlot[]) => PackSlot[]) => void] {
  const pack = useSyncExternalStore(subscribe, read, () => EMPTY);
  return [pack, (update) => write(update(read()))];
}
