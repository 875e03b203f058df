"use client";

import { createContext, useContext, useEffect, useState } from "react";
import { useCurrentUser } from "@/components/accounts/current-user";

const OwnedContext = createContext<Record<string, number> | null>(null);

/**
 * Loads the signed-in visitor's copies of a cached deck page's cards from the
 * browser (GET /api/me/owned, never cached) for the OwnedMark under each card.
 */
export function OwnedCountsProvider({ cardIds, children }: { cardIds: string[]; children: React.ReactNode }) {
  const session = useCurrentUser();
  const signedIn = session.status === "ready" && session.user !== null;
  const [loaded, setLoaded] = useState<{ key: string; owned: Record<string, number> } | null>(null);
  const key = cardIds.join(",");
  useEffect(() => {
    if (!signedIn || !key) return;
    let live = true;
    fetch(`/api/me/owned?ids=${encodeURIComponent(key)}`, { cache: "no-store" })
      .then((r) => (r.ok ? (r.json() as Promise<{ owned: Record<string, number> }>) : Promise.reject(new Error(String(r.status)))))
      .then((b) => live && setLoaded({ key, owned: b.owned }))
      .catch(() => live && setLoaded(null));
    return () => {
      live = false;
    };
  }, [key, signedIn]);
  const owned = signedIn && loaded?.key === key ? loaded.owned : null;
  return <OwnedContext.Provider value={owned}>{children}</OwnedContext.Provider>;
}

/** "own 2, missing 1" under a deck card, for a signed-in visitor once their counts are known. */
export function OwnedMark({ cardId, quantity }: { cardId: string; quantity: number }) {
  const owned = useContext(OwnedContext);
  if (!owned) return null;
  const n = owned[cardId] ?? 0;
  return <span className={`mt-1 block text-center text-xs ${n >= quantity ? "text-green-700" : "text-red-700"}`}>{n >= quantity ? `own ${n}` : `own ${n}, missing ${quantity - n}`}</span>;
}
