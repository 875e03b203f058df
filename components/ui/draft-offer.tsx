"use client";

import { draftAge } from "./local-draft";

/** "Unsaved changes from … were kept on this device": restore or discard them. */
export function DraftOffer({ savedAt, detail, onRestore, onDiscard }: { savedAt: number; detail?: React.ReactNode; onRestore: () => void; onDiscard: () => void }) {
  return (
    <section aria-labelledby="draft-offer-h" className="rounded-lg border border-blue-300 bg-blue-50 p-4" data-testid="draft-offer">
      <h2 id="draft-offer-h" className="font-semibold text-blue-950">
        Unsaved changes from {draftAge(savedAt)} were kept on this device
      </h2>
      {detail && <p className="text-sm text-blue-950">{detail}</p>}
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn-primary" onClick={onRestore}>
          Restore my changes
        </button>
        <button type="button" className="btn-secondary" onClick={onDiscard}>
          Discard them
        </button>
      </div>
    </section>
  );
}
