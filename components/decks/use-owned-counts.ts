"use client";

import { useCallback, useEffect, useState } from "react";

/**
 * The signed-in user's copies of the cards the editor knows about: the deck's
 * cards arrive with the page, search results bring their own counts, and a
 * card that joins the deck from elsewhere (a restored draft, a reloaded
 * version) is looked up through GET /api/me/owned. The whole collection never
 * travels to the browser.
 */
export function useOwnedCounts(initial: Record<string, number>, deckCardIds: string[]) {
  const [owned, setOwned] = useState<Record<string, number>>(initial);

  /** Records the counts of these cards: an id absent from `counts` is owned 0 times. */
  const learn = useCallback((ids: string[], counts: Record<string, number>) => {
    setOwned((prev) => {
      let next = prev;
      for (const id of ids) {
        const n = counts[id] ?? 0;
        if (prev[id] === n) continue;
        if (next === prev) next = { ...prev };
        next[id] = n;
      }
      return next;
    });
  }, []);

  const unknown = deckCardIds.filter((id) => !(id in owned)).sort();
  const unknownKey = unknown.join(",");
  useEffect(() => {
    if (!unknownKey) return;
    let live = true;
    fetch(`/api/me/owned?ids=${encodeURIComponent(unknownKey)}`, { cache: "no-store" })
      .then((r) => (r.ok ? (r.json() as Promise<{ owned: Record<string, number> }>) : Promise.reject(new Error(String(r.status)))))
      .then((b) => live && learn(unknownKey.split(","), b.owned))
      // a failed look-up leaves the marks at "missing": the next change of the deck asks again
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [unknownKey, learn]);

  return { owned, learn };
}
