"use client";

import type { ActionResult } from "@/lib/server/action-result";
import type { PackOpeningDTO } from "@/lib/collection/types";
import { markQueuedPack, queuedPacks, removeQueuedPack, type QueuedPack } from "@/components/collection/offline-store";

export type SavePack = (prev: null, form: FormData) => Promise<ActionResult<PackOpeningDTO>>;

/** The form the save action reads: a `cardId` per card entered, the pack's id, and the account it was entered under. */
export function packForm(pack: Pick<QueuedPack, "clientId" | "cardIds">, userId: string): FormData {
  const form = new FormData();
  for (const id of pack.cardIds) form.append("cardId", id);
  form.set("clientId", pack.clientId);
  form.set("forUser", userId);
  return form;
}

/** Refusals that say "not now" rather than "never": the pack waits (signed out, another account, throttled). */
const WAIT_CODES = new Set(["auth/unauthenticated", "collection/other-account", "rate/limited", "collection/busy"]);

export type SyncOutcome = { sent: number; failed: number; waiting: number; stoppedBy?: string };

/**
 * Sends the packs queued on this device, oldest first, through the ordinary save action. A pack the server
 * recorded (now or before: the id makes a second send a no-op) leaves the queue. A pack the server refuses for
 * good (a card no longer in the catalog) stays, marked with the reason, for the user to see and discard. A lost
 * connection or a "not now" refusal stops the run; the rest wait for the next one.
 */
export async function syncQueuedPacks(userId: string, save: SavePack): Promise<SyncOutcome> {
  const packs = await queuedPacks(userId);
  let sent = 0;
  let failed = 0;
  for (const [i, pack] of packs.entries()) {
    let result: ActionResult<PackOpeningDTO>;
    try {
      result = await save(null, packForm(pack, userId));
    } catch {
      return { sent, failed, waiting: packs.length - i, stoppedBy: "offline" };
    }
    if (result.ok) {
      await removeQueuedPack(userId, pack.clientId);
      sent++;
    } else if (result.code && WAIT_CODES.has(result.code)) {
      return { sent, failed, waiting: packs.length - i, stoppedBy: result.message };
    } else {
      await markQueuedPack(userId, pack.clientId, result.message);
      failed++;
    }
  }
  return { sent, failed, waiting: failed };
}

/** One sync at a time per tab: the online event, the timer and "Sync now" may fire together. */
let running: Promise<SyncOutcome> | null = null;
export function syncOnce(userId: string, save: SavePack): Promise<SyncOutcome> {
  running ??= syncQueuedPacks(userId, save).finally(() => {
    running = null;
  });
  return running;
}
