"use client";

import { createStore, del, get, set, type UseStore } from "idb-keyval";
import type { LookupCardDTO } from "@/lib/collection/types";

/**
 * What a device keeps for booster entry with no connection, in IndexedDB (idb-keyval), one record per account so a
 * shared device never mixes two people's packs: the lookup index (the catalog with that account's counts, as last
 * downloaded) and the packs saved while offline, waiting to sync. Where IndexedDB is unavailable (a private window
 * in some browsers, tests) it lives in memory for the tab.
 */

/** A pack saved with no connection. `clientId` makes its sync idempotent: the server records one pack per id. */
export type QueuedPack = {
  clientId: string;
  cardIds: string[];
  /** for the waiting list: what was entered, e.g. "DEMO-007 Knuckles the Echidna" */
  labels: string[];
  savedAt: string;
  /** set when the server refused the pack (it stays until the user discards it or it goes through) */
  error?: string;
};

export type LookupIndex = { cards: LookupCardDTO[]; savedAt: string };

type Kv = { get<T>(key: string): Promise<T | undefined>; set(key: string, value: unknown): Promise<void>; del(key: string): Promise<void> };

function memoryKv(): Kv {
  const m = new Map<string, unknown>();
  return {
    get: async <T,>(k: string) => m.get(k) as T | undefined,
    set: async (k, v) => void m.set(k, v),
    del: async (k) => void m.delete(k),
  };
}

function idbKv(store: UseStore): Kv {
  return { get: <T,>(k: string) => get<T>(k, store), set: (k, v) => set(k, v, store), del: (k) => del(k, store) };
}

let kv: Kv | null = null;
function store(): Kv {
  if (!kv) kv = typeof indexedDB === "undefined" ? memoryKv() : idbKv(createStore("ringbinder-offline", "booster"));
  return kv;
}

/** Tests: start from an empty memory store. */
export function resetOfflineStoreForTests() {
  kv = memoryKv();
  for (const l of listeners) l();
}

const listeners = new Set<() => void>();
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => {
  for (const l of listeners) l();
};

const queueKey = (userId: string) => `queue:${userId}`;
const indexKey = (userId: string) => `index:${userId}`;

export async function queuedPacks(userId: string): Promise<QueuedPack[]> {
  try {
    return (await store().get<QueuedPack[]>(queueKey(userId))) ?? [];
  } catch {
    return [];
  }
}

async function writeQueue(userId: string, packs: QueuedPack[]) {
  if (packs.length) await store().set(queueKey(userId), packs);
  else await store().del(queueKey(userId));
  changed();
}

export async function enqueuePack(userId: string, pack: QueuedPack): Promise<void> {
  const packs = await queuedPacks(userId);
  if (!packs.some((p) => p.clientId === pack.clientId)) await writeQueue(userId, [...packs, pack]);
}

export async function removeQueuedPack(userId: string, clientId: string): Promise<void> {
  await writeQueue(userId, (await queuedPacks(userId)).filter((p) => p.clientId !== clientId));
}

export async function markQueuedPack(userId: string, clientId: string, error: string | undefined): Promise<void> {
  await writeQueue(userId, (await queuedPacks(userId)).map((p) => (p.clientId === clientId ? { ...p, error } : p)));
}

export async function loadLookupIndex(userId: string): Promise<LookupIndex | undefined> {
  try {
    return await store().get<LookupIndex>(indexKey(userId));
  } catch {
    return undefined;
  }
}

export async function saveLookupIndex(userId: string, index: LookupIndex): Promise<void> {
  try {
    await store().set(indexKey(userId), index);
  } catch {
    // storage full or blocked: lookup keeps needing the connection
  }
}
