"use client";

import { useActionState, useEffect, useReducer, useRef } from "react";
import { savePackOpening } from "@/lib/collection/actions";
import type { ActionResult } from "@/lib/server/action-result";
import type { LookupCardDTO, PackOpeningDTO } from "@/lib/collection/types";
import { MAX_PACK_CARDS } from "@/lib/collection/schemas";
import { usePackEntry, type PackSlot } from "@/components/collection/pack-store";
import { enqueuePack } from "@/components/collection/offline-store";
import { searchIndex, withQueued } from "@/components/collection/offline-lookup";
import { useOfflineBooster } from "@/components/collection/use-offline-booster";
import { boosterReducer, boosterView, initialBoosterState, optionsFor, type BoosterOption } from "@/components/collection/booster-entry-state";

/** How long the lookup waits for a typing pause. */
const LOOKUP_PAUSE_MS = 90;

async function fetchCards(term: string, signal?: AbortSignal): Promise<LookupCardDTO[]> {
  const res = await fetch(`/api/collection/lookup?q=${encodeURIComponent(term)}`, { signal, headers: { accept: "application/json" } });
  if (!res.ok) {
    // route handlers answer errors as { error: { code, message } } (lib/server/http-error)
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `Lookup failed (${res.status}).`);
  }
  return ((await res.json()) as { cards: LookupCardDTO[] }).cards;
}

/** What the save answered: the server's result, or the pack kept on this device to sync later. */
export type BoosterSaveState = ActionResult<PackOpeningDTO> | { ok: "queued"; message: string };

/** Keeps a pack on this device (no connection): it syncs by itself, once, when the connection returns. */
async function queuePack(userId: string, form: FormData, pack: PackSlot[]): Promise<BoosterSaveState> {
  await enqueuePack(userId, {
    clientId: String(form.get("clientId")),
    cardIds: form.getAll("cardId").map(String),
    labels: pack.map((s) => `${s.card.key} ${s.card.title}`),
    savedAt: new Date().toISOString(),
  });
  return { ok: "queued", message: `You are offline: the pack of ${pack.length} card${pack.length === 1 ? "" : "s"} is kept on this device and will be added when you are back online.` };
}

/** A version 4 UUID for the pack (crypto.randomUUID exists only in secure contexts; getRandomValues everywhere). */
function newPackId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function newUid() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Wires the booster reducer to the world: the card lookup (after a typing
 * pause, again when the tab regains focus), the pack kept in the pack store,
 * the keyboard, and the save action.
 */
export function useBoosterEntry({ userId, isAdmin, defaultSet }: { userId: string; isAdmin: boolean; defaultSet: string }) {
  const [pack, updatePack] = usePackEntry(userId);
  const offline = useOfflineBooster(userId);
  const { online, index, queue } = offline;
  const [state, dispatch] = useReducer(boosterReducer, initialBoosterState);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const view = boosterView(state, defaultSet, isAdmin);
  const { trimmed, ready, options, activeIndex } = view;

  const [saveState, saveAction, saving] = useActionState(async (_prev: BoosterSaveState | null, form: FormData): Promise<BoosterSaveState> => {
    // the pack's id makes the save idempotent: sent again after a lost answer, or synced from the queue, it counts once
    form.set("clientId", newPackId());
    form.set("forUser", userId);
    let result: BoosterSaveState;
    if (!navigator.onLine) result = await queuePack(userId, form, pack);
    else {
      try {
        result = await savePackOpening(null, form);
      } catch {
        // the request never got an answer (the connection dropped): keep the pack and let the sync send it
        result = await queuePack(userId, form, pack);
      }
    }
    if (result.ok) {
      updatePack(() => []);
      dispatch({ t: "saved" });
    }
    return result;
  }, null);

  /** Lookup from the device's copy of the catalog, with the copies of packs waiting to sync counted as owned. */
  const lookupLocally = (term: string) => (index ? searchIndex(withQueued(index, queue.flatMap((p) => p.cardIds)), term) : null);
  const lookup = async (term: string, signal?: AbortSignal): Promise<LookupCardDTO[]> => {
    const local = !online ? lookupLocally(term) : null;
    if (local) return local;
    try {
      return await fetchCards(term, signal);
    } catch (err) {
      // only when the request got no answer (fetch rejects with a TypeError); a refusal from the server is shown
      const fallback = err instanceof TypeError ? lookupLocally(term) : null;
      if (fallback) return fallback;
      if (err instanceof TypeError) throw new Error("No connection, and this device has no copy of the catalog yet: open this page once while online.");
      throw err;
    }
  };

  useEffect(() => {
    // back from another tab (where a card may have been added or suggested): answers may have changed
    const onFocus = () => dispatch({ t: "refresh" });
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, []);

  useEffect(() => {
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      lookup(trimmed, controller.signal)
        .then((cards) => dispatch({ t: "results", term: trimmed, cards }))
        .catch((err: Error) => {
          if (err.name !== "AbortError") dispatch({ t: "lookup-failed", message: err.message });
        });
    }, LOOKUP_PAUSE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- lookup reads the latest index and connection state; a new term or generation asks again
  }, [trimmed, state.generation, online]);

  function add(card: LookupCardDTO) {
    if (pack.length >= MAX_PACK_CARDS) {
      dispatch({ t: "pack-full" });
      return;
    }
    updatePack((p) => [...p, { uid: newUid(), card }]);
    dispatch({ t: "added", card, count: pack.length + 1 });
    inputRef.current?.focus();
  }

  function choose(option: BoosterOption | undefined) {
    if (!option) return;
    if (option.kind === "card") add(option.card);
    else {
      window.open(option.href, "_blank", "noopener");
      dispatch({ t: "opened-elsewhere" });
    }
  }

  function removeAt(uid: string) {
    const slot = pack.find((s) => s.uid === uid);
    updatePack((p) => p.filter((s) => s.uid !== uid));
    if (slot) dispatch({ t: "removed", card: slot.card, count: pack.length - 1 });
    inputRef.current?.focus();
  }

  function clear() {
    updatePack(() => []);
    dispatch({ t: "cleared" });
    inputRef.current?.focus();
  }

  async function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      dispatch({ t: "move", by: e.key === "ArrowDown" ? 1 : -1, optionCount: options.length });
    } else if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (pack.length > 0) formRef.current?.requestSubmit();
    } else if (e.key === "Enter") {
      if (!trimmed) return; // an empty box: let Enter do nothing (the Save button is one Tab away)
      e.preventDefault();
      if (ready) choose(options[activeIndex]);
      else {
        // typed faster than the lookup: ask now and take the best match
        try {
          const cards = await lookup(trimmed);
          dispatch({ t: "results", term: trimmed, cards });
          const first = optionsFor(trimmed, cards, defaultSet, isAdmin)[0];
          if (first?.kind === "card") choose(first);
          else dispatch({ t: "open" });
        } catch (err) {
          dispatch({ t: "lookup-failed", message: (err as Error).message });
        }
      }
    } else if (e.key === "Escape") {
      dispatch({ t: "escape" });
    } else if (e.key === "Backspace" && state.term === "" && pack.length > 0) {
      e.preventDefault();
      removeAt(pack[pack.length - 1].uid);
    }
  }

  return { pack, state, view, dispatch, inputRef, formRef, choose, removeAt, clear, onKeyDown, saveState, saveAction, saving, offline };
}
