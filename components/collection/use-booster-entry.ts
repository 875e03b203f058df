"use client";

import { useActionState, useEffect, useReducer, useRef } from "react";
import { savePackOpening } from "@/lib/collection/actions";
import type { ActionResult } from "@/lib/server/action-result";
import type { LookupCardDTO, PackOpeningDTO } from "@/lib/collection/types";
import { MAX_PACK_CARDS } from "@/lib/collection/schemas";
import { usePackEntry } from "@/components/collection/pack-store";
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
  const [state, dispatch] = useReducer(boosterReducer, initialBoosterState);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const view = boosterView(state, defaultSet, isAdmin);
  const { trimmed, ready, options, activeIndex } = view;

  const [saveState, saveAction, saving] = useActionState(async (prev: ActionResult<PackOpeningDTO> | null, form: FormData) => {
    const result = await savePackOpening(prev, form);
    if (result.ok) {
      updatePack(() => []);
      dispatch({ t: "saved" });
    }
    return result;
  }, null);

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
      fetchCards(trimmed, controller.signal)
        .then((cards) => dispatch({ t: "results", term: trimmed, cards }))
        .catch((err: Error) => {
          if (err.name !== "AbortError") dispatch({ t: "lookup-failed", message: err.message });
        });
    }, LOOKUP_PAUSE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, state.generation]);

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
          const cards = await fetchCards(trimmed);
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

  return { pack, state, view, dispatch, inputRef, formRef, choose, removeAt, clear, onKeyDown, saveState, saveAction, saving };
}
