"use client";

import { removeQueuedPack, type QueuedPack } from "@/components/collection/offline-store";
import type { SyncOutcome } from "@/components/collection/pack-sync";

type Props = {
  userId: string;
  online: boolean;
  hasIndex: boolean;
  queue: QueuedPack[];
  waiting: number;
  syncing: boolean;
  outcome: SyncOutcome | null;
  syncNow: () => void;
};

const packs = (n: number) => `${n} pack${n === 1 ? "" : "s"}`;

/**
 * Booster entry's connection panel: shown while the tab is offline or packs wait on this device. Says what works
 * offline, how many packs wait, lets the user sync now, and lists packs the server refused with the reason.
 */
export function OfflineStatus({ userId, online, hasIndex, queue, waiting, syncing, outcome, syncNow }: Props) {
  const refused = queue.filter((p) => p.error);
  if (online && queue.length === 0) return null;
  return (
    <section
      aria-label="Connection and packs waiting"
      className={`mb-4 rounded-md border p-3 text-sm ${online ? "border-sky-200 bg-sky-50 text-sky-950" : "border-amber-300 bg-amber-50 text-amber-950"}`}
      data-testid="offline-status"
    >
      <div aria-live="polite">
        {!online && (
          <p className="font-semibold">
            You are offline.{" "}
            <span className="font-normal">
              {hasIndex
                ? "Lookup uses the catalog saved on this device, and packs you save wait here until you are back online."
                : "This device has no copy of the catalog yet: open this page once while online, then it works offline too."}
            </span>
          </p>
        )}
        {waiting > 0 && (
          <p className={online ? "font-semibold" : "mt-1"} data-testid="packs-waiting">
            {packs(waiting)} waiting to sync{syncing ? " — syncing…" : online ? "." : `: ${waiting === 1 ? "it is" : "they are"} added when the connection returns.`}
          </p>
        )}
        {online && outcome?.stoppedBy && outcome.stoppedBy !== "offline" && waiting > 0 && <p className="mt-1">Not synced yet: {outcome.stoppedBy}</p>}
      </div>
      {waiting > 0 && (
        <button type="button" className="btn-secondary mt-2" onClick={syncNow} disabled={!online || syncing}>
          {syncing ? "Syncing…" : "Sync now"}
        </button>
      )}
      {refused.length > 0 && (
        <div className="mt-3">
          <h3 className="font-semibold">Not added ({packs(refused.length)})</h3>
          <ul className="mt-1 space-y-2">
            {refused.map((p) => (
              <li key={p.clientId} className="rounded border border-red-200 bg-white p-2 text-slate-800">
                <p className="text-red-800">{p.error}</p>
                <p className="text-xs text-slate-600">
                  Saved {new Date(p.savedAt).toLocaleString()}: {p.labels.join(", ") || packs(1)}
                </p>
                <button type="button" className="mt-1 text-xs font-semibold text-red-700 underline" onClick={() => void removeQueuedPack(userId, p.clientId)}>
                  Discard this pack
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
