/**
 * The booster entry's state as one reducer: the term typed in the combobox,
 * the lookup answer it shows, the active option, whether the list is open,
 * and what the entry tells the user (the live announcement, a lookup error).
 * Pure: no React, no fetch, no storage, so every transition is unit-tested;
 * `useBoosterEntry` wires it to the lookup API, the pack store and the save
 * action. The pack itself lives in the pack store (localStorage, per account).
 */
import type { LookupCardDTO } from "@/lib/collection/types";
import { cardKey } from "@/lib/catalog/keys";
import { MAX_PACK_CARDS, PACK_SIZE } from "@/lib/collection/schemas";

/** A card number a term names: set code and number. */
export type NamedNumber = { set: string; number: number };

/** One line of the combobox: a catalog card, or a link to add or suggest a card that is missing. */
export type BoosterOption = { kind: "card"; card: LookupCardDTO } | { kind: "missing"; href: string; label: string };

export interface BoosterState {
  term: string;
  /** the lookup's last answer and the (trimmed) term it answers */
  results: { term: string; cards: LookupCardDTO[] };
  active: number;
  open: boolean;
  lookupError: string;
  announcement: string;
  /** bumped when answers may have changed elsewhere (back from another tab): the lookup runs again */
  generation: number;
}

export type BoosterMsg =
  | { t: "type"; value: string }
  | { t: "open" }
  | { t: "close" }
  | { t: "hover"; index: number }
  | { t: "move"; by: 1 | -1; optionCount: number }
  | { t: "results"; term: string; cards: LookupCardDTO[] }
  | { t: "lookup-failed"; message: string }
  | { t: "refresh" }
  | { t: "escape" }
  | { t: "added"; card: LookupCardDTO; count: number }
  | { t: "pack-full" }
  | { t: "opened-elsewhere" }
  | { t: "removed"; card: LookupCardDTO; count: number }
  | { t: "cleared" }
  | { t: "saved" };

const NO_RESULTS = { term: "", cards: [] as LookupCardDTO[] };

export const initialBoosterState: BoosterState = { term: "", results: NO_RESULTS, active: 0, open: false, lookupError: "", announcement: "", generation: 0 };

/** "7", "#7", "DEMO-7", "demo 007": the set and number a term names, if it names one. */
export function numberIn(term: string, defaultSet: string): NamedNumber | null {
  const bare = /^#?(\d{1,5})$/.exec(term);
  if (bare) return { set: defaultSet, number: Number(bare[1]) };
  const withSet = /^([a-z0-9][a-z0-9-]{0,11}?)[\s-]+#?(\d{1,5})$/i.exec(term);
  return withSet ? { set: withSet[1].toUpperCase(), number: Number(withSet[2]) } : null;
}

/** Where a missing card is added (admins) or submitted to the census (everyone else). */
export function missingCardHref(n: NamedNumber, isAdmin: boolean): string {
  const qs = `set=${encodeURIComponent(n.set)}&number=${n.number}`;
  return isAdmin ? `/admin/cards/new?${qs}` : `/census/new?${qs}`;
}

/**
 * The combobox lines for a term and the cards the lookup found: the cards, then
 * a link for a named number the catalog lacks, or for a title nothing matches.
 */
export function optionsFor(term: string, cards: LookupCardDTO[], defaultSet: string, isAdmin: boolean): BoosterOption[] {
  const opts: BoosterOption[] = cards.map((card) => ({ kind: "card", card }));
  const n = numberIn(term, defaultSet);
  if (n && !cards.some((c) => c.number === n.number && c.set === n.set)) {
    const key = cardKey(n.set, n.number);
    opts.push({ kind: "missing", href: missingCardHref(n, isAdmin), label: `${key} is not in the catalog: ${isAdmin ? "add" : "suggest"} it (opens a new tab)` });
  } else if (!n && cards.length === 0) {
    opts.push({ kind: "missing", href: `/census/new?title=${encodeURIComponent(term)}`, label: `No card matches “${term}”: suggest a card (opens a new tab)` });
  }
  return opts;
}

/** Whether the lookup's answer is for the term now in the box. */
function answered(s: BoosterState): boolean {
  const trimmed = s.term.trim();
  return trimmed !== "" && s.results.term === trimmed;
}

/** What the state shows: the trimmed term, whether the answer is for it, the options, whether the list is open, the active option. */
export function boosterView(s: BoosterState, defaultSet: string, isAdmin: boolean) {
  const trimmed = s.term.trim();
  const ready = answered(s);
  const options = ready ? optionsFor(trimmed, s.results.cards, defaultSet, isAdmin) : [];
  const expanded = s.open && ready && options.length > 0;
  const activeIndex = Math.min(s.active, Math.max(0, options.length - 1));
  /** a number the catalog lacks, when the answer found no card at all */
  const missing = ready && s.results.cards.length === 0 ? numberIn(trimmed, defaultSet) : null;
  return { trimmed, ready, options, expanded, activeIndex, missing };
}

/** The booster entry's transitions. */
export function boosterReducer(s: BoosterState, m: BoosterMsg): BoosterState {
  switch (m.t) {
    case "type":
      return { ...s, term: m.value, open: true, active: 0 };
    case "open":
      return s.open ? s : { ...s, open: true };
    case "close":
      return s.open ? { ...s, open: false } : s;
    case "hover":
      return { ...s, active: m.index };
    case "move": {
      if (m.by === 1 && !s.open) return { ...s, open: true };
      const current = Math.min(s.active, Math.max(0, m.optionCount - 1));
      return { ...s, active: Math.max(0, Math.min(current + m.by, m.optionCount - 1)) };
    }
    case "results":
      return { ...s, results: { term: m.term, cards: m.cards }, lookupError: "" };
    case "lookup-failed":
      return { ...s, lookupError: m.message };
    case "refresh":
      return { ...s, results: NO_RESULTS, generation: s.generation + 1 };
    case "escape":
      // a first Escape closes the open list; the next one clears the box
      return s.open && answered(s) ? { ...s, open: false } : { ...s, term: "" };
    case "added":
      return { ...s, term: "", open: false, active: 0, announcement: `Added ${m.card.title} (${m.card.key}). ${m.count} of ${PACK_SIZE}.` };
    case "pack-full":
      return { ...s, announcement: `A pack entry holds at most ${MAX_PACK_CARDS} cards.` };
    case "opened-elsewhere":
      return { ...s, results: NO_RESULTS, announcement: "Opened in a new tab. Your pack is kept here; come back and type the number again once the card exists." };
    case "removed":
      return { ...s, announcement: `Removed ${m.card.title} (${m.card.key}). ${m.count} of ${PACK_SIZE}.` };
    case "cleared":
      return { ...s, announcement: "Cleared the pack." };
    case "saved":
      return { ...s, announcement: "" };
  }
}
