"use client";
/**
 * The deck editor's controller: the reducer of deck-editor-state.ts plus what
 * it needs from outside — the server deck (a newer clean version replaces the
 * editor), saving with optimistic concurrency, autosave when chosen, the
 * leave guard while there are unsaved changes, and a draft of unsaved work
 * kept on this device and offered on the next visit.
 */
import { useCallback, useEffect, useReducer, useSyncExternalStore, useTransition } from "react";
import { useRouter } from "next/navigation";
import { saveDeckAction } from "@/lib/decks/actions";
import type { DeckDTO } from "@/lib/decks/types";
import { clearDraft, readDraft, writeDraft } from "@/components/ui/local-draft";
import { useLeaveGuard } from "@/components/ui/leave-guard";
import { deckEditorReducer, draftDiffers, draftOf, initDeckEditor, parseDeckDraft } from "./deck-editor-state";

/** How long after the last edit autosave saves (ms). */
export const AUTOSAVE_DELAY_MS = 1500;
const AUTOSAVE_KEY = "ringbinder:deck-autosave";
const autosaveListeners = new Set<() => void>();

function readAutosave(): boolean {
  try {
    return window.localStorage.getItem(AUTOSAVE_KEY) === "on";
  } catch {
    return false;
  }
}

function subscribeAutosave(listener: () => void) {
  autosaveListeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === AUTOSAVE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    autosaveListeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The autosave choice, remembered on this device for every deck (off unless chosen). */
export function useAutosavePreference(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribeAutosave, readAutosave, () => false);
  const set = useCallback((next: boolean) => {
    try {
      window.localStorage.setItem(AUTOSAVE_KEY, next ? "on" : "off");
    } catch {
      // blocked storage: the choice lasts for this page only
    }
    for (const l of autosaveListeners) l();
  }, []);
  return [on, set];
}

/** The draft key of a deck (deck ids are unguessable and owner-only). */
export function deckDraftKey(deckId: string) {
  return `deck:${deckId}`;
}

export function useDeckEditor(deck: DeckDTO) {
  const router = useRouter();
  const [state, dispatch] = useReducer(deckEditorReducer, deck, initDeckEditor);
  const [saving, startSave] = useTransition();
  const [autosave, setAutosave] = useAutosavePreference();
  const draftKey = deckDraftKey(deck.id);

  // A newer deck from the server replaces a clean editor.
  useEffect(() => dispatch({ t: "server", deck }), [deck]);

  // Unsaved work from an earlier visit (a reload, a crash, a link followed) is offered once.
  useEffect(() => {
    const stored = readDraft(draftKey, parseDeckDraft);
    if (!stored) return;
    if (draftDiffers(stored.value, deck)) dispatch({ t: "offer-draft", draft: stored.value, savedAt: stored.savedAt });
    else clearDraft(draftKey);
    // only on arrival: later server decks are handled by the "server" message
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey]);

  // While there are unsaved changes, they are kept on this device (saving, loading the saved version or discarding forgets them).
  useEffect(() => {
    if (state.dirty) writeDraft(draftKey, draftOf(state));
  }, [draftKey, state]);

  useLeaveGuard(state.dirty);

  const save = useCallback(
    (overVersion?: number) =>
      startSave(async () => {
        const rev = state.rev;
        const r = await saveDeckAction({ deckId: deck.id, expectedVersion: overVersion ?? state.version, name: state.name, description: state.description, cards: state.entries.map((e) => ({ cardId: e.card.id, quantity: e.quantity })) });
        if (r.ok) {
          clearDraft(draftKey);
          dispatch({ t: "saved", version: r.data.version, rev, text: r.data.unpublished ? (r.message ?? "") : `${r.message} ${r.data.check.legal ? "Legal." : "Saved as a draft: not legal yet."}` });
          router.refresh();
        } else dispatch({ t: "save-failed", text: r.message, conflict: r.code === "deck/conflict" ? r.current : undefined });
      }),
    [deck.id, draftKey, state.rev, state.version, state.name, state.description, state.entries, router],
  );

  useEffect(() => {
    if (!autosave || !state.dirty || state.conflict || !state.name.trim()) return;
    const t = setTimeout(() => save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [autosave, state.dirty, state.conflict, state.name, save]);

  const loadSaved = useCallback(() => {
    clearDraft(draftKey);
    dispatch({ t: "load-saved", deck });
    router.refresh();
  }, [deck, draftKey, router]);

  const discardDraft = useCallback(() => {
    clearDraft(draftKey);
    dispatch({ t: "discard-draft" });
  }, [draftKey]);

  return { state, dispatch, save, saving, autosave, setAutosave, loadSaved, discardDraft };
}
