"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { recordDeckViewAction } from "@/lib/community/actions";
import type { DeckCommunityDTO } from "@/lib/community/types";

type CommunityState = {
  slug: string;
  /** null while loading, and for decks without community (private, gone) */
  data: DeckCommunityDTO | null;
  status: "loading" | "ready" | "none" | "error";
  refresh: () => Promise<void>;
  update: (fn: (d: DeckCommunityDTO) => DeckCommunityDTO) => void;
};

const CommunityContext = createContext<CommunityState | null>(null);

/** The community data of the shared deck around it, or null outside a deck page. */
export function useDeckCommunity(): CommunityState | null {
  return useContext(CommunityContext);
}

/**
 * Loads a shared deck's likes, counts and comments in the browser (so the deck
 * page itself needs no session), after counting this visit as a view.
 */
export function CommunityProvider({ slug, children }: { slug: string; children: React.ReactNode }) {
  const [data, setData] = useState<DeckCommunityDTO | null>(null);
  const [status, setStatus] = useState<CommunityState["status"]>("loading");

  const refresh = useCallback(async () => {
    try {
      const res = await fetch(`/api/decks/${encodeURIComponent(slug)}/community`, { cache: "no-store", headers: { accept: "application/json" } });
      if (res.status === 404) {
        setData(null);
        setStatus("none");
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      setData((await res.json()) as DeckCommunityDTO);
      setStatus("ready");
    } catch {
      setStatus("error");
    }
  }, [slug]);

  useEffect(() => {
    let live = true;
    void (async () => {
      await recordDeckViewAction(slug).catch(() => undefined);
      if (live) await refresh();
    })();
    return () => {
      live = false;
    };
  }, [slug, refresh]);

  const update = useCallback((fn: (d: DeckCommunityDTO) => DeckCommunityDTO) => setData((d) => (d ? fn(d) : d)), []);
  const value = useMemo(() => ({ slug, data, status, refresh, update }), [slug, data, status, refresh, update]);
  return <CommunityContext.Provider value={value}>{children}</CommunityContext.Provider>;
}
