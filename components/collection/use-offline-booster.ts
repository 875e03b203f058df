"use client";

import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { savePackOpening } from "@/lib/collection/actions";
import type { LookupCardDTO } from "@/lib/collection/types";
import { loadLookupIndex, onQueueChange, queuedPacks, saveLookupIndex, type QueuedPack } from "@/components/collection/offline-store";
import { syncOnce, type SyncOutcome } from "@/components/collection/pack-sync";

/** How often a tab with packs waiting tries again while it believes it is online. */
const RETRY_MS = 20_000;

function subscribeOnline(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the browser says it has a connection (true on the server and before hydration). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The packs this device holds for the account, waiting to sync; re-read whenever the queue changes. */
function usePackQueue(userId: string): QueuedPack[] {
  const [packs, setPacks] = useState<QueuedPack[]>([]);
  useEffect(() => {
    let live = true;
    const read = () => void queuedPacks(userId).then((p) => live && setPacks(p));
    read();
    const off = onQueueChange(read);
    window.addEventListener("focus", read);
    return () => {
      live = false;
      off();
      window.removeEventListener("focus", read);
    };
  }, [userId]);
  return packs;
}

/**
 * The device's copy of the catalog for booster lookup: read from IndexedDB at once, then refreshed from
 * /api/collection/lookup-index whenever the tab is online (and after each sync, for the new counts).
 */
function useLookupIndex(userId: string, online: boolean, refreshKey: number): LookupCardDTO[] | null {
  const [index, setIndex] = useState<{ userId: string; cards: LookupCardDTO[] } | null>(null);
  useEffect(() => {
    void loadLookupIndex(userId).then((stored) => stored && setIndex((c) => (c?.userId === userId ? c : { userId, cards: stored.cards })));
  }, [userId]);
  useEffect(() => {
    if (!online) return;
    // not cancelled when the connection drops meanwhile: an answer that arrived is the freshest copy there is
    fetch("/api/collection/lookup-index", { headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<{ cards: LookupCardDTO[]; savedAt: string }>) : null))
      .then(async (fresh) => {
        if (!fresh) return;
        setIndex({ userId, cards: fresh.cards });
        await saveLookupIndex(userId, fresh);
      })
      .catch(() => {
        // no connection after all: the stored copy serves
      });
  }, [userId, online, refreshKey]);
  return index?.userId === userId ? index.cards : null;
}

/**
 * Booster entry with no connection: whether the tab is online, the device's lookup index, the packs waiting,
 * and their sync, run when the tab opens, when the connection returns, every 20 s while packs wait, and on
 * "Sync now".
 */
export function useOfflineBooster(userId: string) {
  const online = useOnline();
  const queue = usePackQueue(userId);
  const [outcome, setOutcome] = useState<SyncOutcome | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [synced, setSynced] = useState(0);
  const index = useLookupIndex(userId, online, synced);
  const waiting = queue.filter((p) => !p.error).length;

  const syncNow = useCallback(async () => {
    setSyncing(true);
    try {
      const result = await syncOnce(userId, savePackOpening);
      setOutcome(result);
      if (result.sent) setSynced((n) => n + 1);
    } finally {
      setSyncing(false);
    }
  }, [userId]);

  useEffect(() => {
    if (!online || waiting === 0) return;
    // at once when the connection returns or a pack is queued (next tick: not inside the render's effect pass)
    const soon = window.setTimeout(() => void syncNow(), 0);
    return () => window.clearTimeout(soon);
  }, [online, waiting, syncNow]);

  useEffect(() => {
    if (!online || waiting === 0) return;
    const timer = window.setInterval(() => void syncNow(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [online, waiting, syncNow]);

  return { online, queue, waiting, index, outcome, syncing, syncNow };
}
