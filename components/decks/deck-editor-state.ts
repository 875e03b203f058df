/**
 * The deck editor's state as one reducer: the list being edited, its name and
 * description, the version it is based on, and what the editor tells the user
 * (notices, save results, a conflict with another tab, a draft kept from an
 * earlier visit). Pure: no React, no storage, no server calls, so every
 * transition is unit-tested; `useDeckEditor` wires it to them.
 */
import type { CardDTO } from "@/lib/catalog/card-types";
import type { DeckActionFailure } from "@/lib/decks/actions";
import type { DeckDTO } from "@/lib/decks/types";
import { canAddCopy, checkEntries } from "@/lib/decks";

/** One line of the deck being edited. */
export type Entry = { card: CardDTO; quantity: number };

/** The server's deck when a save met a newer version. */
export type Conflict = NonNullable<DeckActionFailure["current"]>;

/** Unsaved work kept on this device: what the editor held and the version it was based on. */
export type DeckDraft = { baseVersion: number; name: string; description: string; entries: Entry[] };

export interface DeckEditorState {
  entries: Entry[];
  name: string;
  description: string;
  /** the version a save is based on (expectedVersion) */
  version: number;
  /** the server version the editor last took its content from */
  syncedVersion: number;
  dirty: boolean;
  /** counts edits, so a save answered after further edits leaves those unsaved */
  rev: number;
  notice: string;
  saveMessage: { text: string; ok: boolean } | null;
  conflict: Conflict | null;
  /** a draft from an earlier visit, offered until restored or discarded */
  offeredDraft: { draft: DeckDraft; savedAt: number } | null;
}

export type DeckEditorMsg =
  | { t: "add"; card: CardDTO }
  | { t: "remove"; card: CardDTO }
  | { t: "name"; value: string }
  | { t: "description"; value: string }
  | { t: "server"; deck: DeckDTO }
  | { t: "saved"; version: number; text: string; rev: number }
  | { t: "save-failed"; text: string; conflict?: Conflict }
  | { t: "load-saved"; deck: DeckDTO }
  | { t: "offer-draft"; draft: DeckDraft; savedAt: number }
  | { t: "restore-draft" }
  | { t: "discard-draft" }
  | { t: "notice"; text: string };

function fromDeck(deck: DeckDTO): Entry[] {
  return deck.entries.map((e) => ({ card: e.card, quantity: e.quantity }));
}

function byTitleThenKey(a: Entry, b: Entry) {
  return a.card.title.localeCompare(b.card.title) || a.card.key.localeCompare(b.card.key);
}

/** The editor's first state, from the saved deck. */
export function initDeckEditor(deck: DeckDTO): DeckEditorState {
  return { entries: fromDeck(deck), name: deck.name, description: deck.description, version: deck.version, syncedVersion: deck.version, dirty: false, rev: 0, notice: "", saveMessage: null, conflict: null, offeredDraft: null };
}

/** Whether a draft holds something other than the saved deck (same list, name and description are no draft). */
export function draftDiffers(draft: DeckDraft, deck: DeckDTO): boolean {
  if (draft.name !== deck.name || draft.description !== deck.description) return true;
  const saved = new Map(deck.entries.map((e) => [e.card.id, e.quantity]));
  if (saved.size !== draft.entries.length) return true;
  return draft.entries.some((e) => saved.get(e.card.id) !== e.quantity);
}

/** What the editor holds, as a draft to keep on this device. */
export function draftOf(s: DeckEditorState): DeckDraft {
  return { baseVersion: s.version, name: s.name, description: s.description, entries: s.entries };
}

/** Accepts a stored value as a deck draft only when it has the draft's shape (storage can hold anything). */
export function parseDeckDraft(value: unknown): DeckDraft | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.baseVersion !== "number" || typeof v.name !== "string" || typeof v.description !== "string" || !Array.isArray(v.entries)) return null;
  const entries: Entry[] = [];
  for (const e of v.entries as unknown[]) {
    const x = e as { card?: Partial<CardDTO>; quantity?: unknown } | null;
    const c = x?.card;
    if (!c || typeof c.id !== "string" || typeof c.title !== "string" || typeof c.key !== "string" || !Array.isArray(c.colors) || !Array.isArray(c.traits) || typeof c.rings !== "number") return null;
    if (typeof x.quantity !== "number" || !Number.isInteger(x.quantity) || x.quantity < 1 || x.quantity > 99) return null;
    entries.push({ card: c as CardDTO, quantity: x.quantity });
  }
  return { baseVersion: v.baseVersion, name: v.name.slice(0, 100), description: v.description.slice(0, 5000), entries };
}

/** The deck editor's transitions. */
export function deckEditorReducer(s: DeckEditorState, m: DeckEditorMsg): DeckEditorState {
  switch (m.t) {
    case "add": {
      const can = canAddCopy(checkEntries(s.entries), m.card);
      if (!can.ok) return { ...s, notice: can.message };
      const i = s.entries.findIndex((e) => e.card.id === m.card.id);
      const entries = i < 0 ? [...s.entries, { card: m.card, quantity: 1 }].sort(byTitleThenKey) : s.entries.map((e, j) => (j === i ? { ...e, quantity: e.quantity + 1 } : e));
      return { ...s, entries, dirty: true, rev: s.rev + 1, offeredDraft: null, notice: `Added ${m.card.title} [${m.card.key}].` };
    }
    case "remove": {
      if (!s.entries.some((e) => e.card.id === m.card.id)) return s;
      const entries = s.entries.flatMap((e) => (e.card.id !== m.card.id ? [e] : e.quantity > 1 ? [{ ...e, quantity: e.quantity - 1 }] : []));
      return { ...s, entries, dirty: true, rev: s.rev + 1, offeredDraft: null, notice: `Removed one ${m.card.title} [${m.card.key}].` };
    }
    case "name":
      return { ...s, name: m.value, dirty: true, rev: s.rev + 1, offeredDraft: null };
    case "description":
      return { ...s, description: m.value, dirty: true, rev: s.rev + 1, offeredDraft: null };
    case "server":
      // A newer deck from the server (after a save elsewhere, a restore or an import) replaces a clean editor only.
      if (s.dirty || m.deck.version === s.syncedVersion) return s;
      return { ...s, entries: fromDeck(m.deck), name: m.deck.name, description: m.deck.description, version: m.deck.version, syncedVersion: m.deck.version };
    case "saved":
      // Edits made while the save was on its way stay unsaved.
      return { ...s, version: m.version, syncedVersion: m.version, dirty: s.rev !== m.rev, conflict: null, saveMessage: { text: m.text, ok: true } };
    case "save-failed":
      return { ...s, conflict: m.conflict ?? s.conflict, saveMessage: { text: m.text, ok: false } };
    case "load-saved":
      return { ...initDeckEditor(m.deck), rev: s.rev + 1, saveMessage: { text: "Loaded the saved version.", ok: true } };
    case "offer-draft":
      return s.dirty ? s : { ...s, offeredDraft: { draft: m.draft, savedAt: m.savedAt } };
    case "restore-draft": {
      const d = s.offeredDraft?.draft;
      if (!d) return s;
      // Saving goes through the server's version check: a draft based on an older version meets the conflict panel, never a silent overwrite.
      const stale = d.baseVersion !== s.version;
      return {
        ...s,
        entries: d.entries,
        name: d.name,
        description: d.description,
        version: d.baseVersion,
        dirty: true,
        rev: s.rev + 1,
        offeredDraft: null,
        notice: stale ? `Restored your unsaved changes (made on version ${d.baseVersion}; the deck is now version ${s.version}: saving will show the difference).` : "Restored your unsaved changes.",
      };
    }
    case "discard-draft":
      return { ...s, offeredDraft: null, notice: "Discarded the unsaved changes kept on this device." };
    case "notice":
      return { ...s, notice: m.text };
  }
}
