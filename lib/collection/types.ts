import type { Color } from "@/lib/catalog/colors";
import type { RowError } from "@/lib/collection/transfer";
import type { ImportMode } from "@/lib/collection/schemas";
import type { ImportSource } from "@/lib/collection/csv-sources";
import type { CollectionPage } from "@/lib/collection/data/browse";
import type { CopyDetails } from "@/lib/collection/copies";

/** Plain data the collection's data access returns to pages, actions and components (no database types). */

/** A card offered by the booster-entry combobox. */
export type LookupCardDTO = {
  id: string;
  key: string;
  set: string;
  number: number;
  title: string;
  colors: Color[];
  rarity: string;
  owned: number;
};

/** One card of a pack opening and how many copies the pack held. */
export type PackCardDTO = { cardId: string; key: string; title: string; quantity: number };
/** A recorded pack opening; only the newest one not undone can be undone. */
export type PackOpeningDTO = {
  id: string;
  createdAt: string;
  undoneAt: string | null;
  cardCount: number;
  cards: PackCardDTO[];
  canUndo: boolean;
  /** true when this save found the pack already recorded under its client id (a queued pack synced twice) */
  replayed?: boolean;
};

/** One card of an import preview: the file rows naming it (merged), and the quantity before and after. */
export type ImportPreviewLine = { rows: number[]; cardId: string; key: string; title: string; quantity: number; current: number; next: number };

/** What a collection import does (a check) or did (an apply). */
export type ImportPreview = {
  mode: ImportMode;
  /** the file's dialect as read ("Deckbox CSV") */
  source: ImportSource;
  lines: ImportPreviewLine[];
  errors: RowError[];
  /** cards whose quantity changes, and copies added/removed, when applied */
  summary: { changed: number; added: number; removed: number; removedEntries: number; placed: number; newBinders: string[] };
  canApply: boolean;
};

/** A check or apply as the import page shows it. */
export type ImportActionData = ImportPreview & { applied: boolean; format: "csv" | "json"; fileName: string };

/** One group of the completion page (a set, a colour, a rarity, or the whole catalog). */
export type CompletionRow = {
  /** the group's value: a set code, a color or a rarity */
  key: string;
  label: string;
  owned: number;
  total: number;
  /** titles of the group with at least PLAYSET copies owned (copies of every printing of the title count) */
  playsets: number;
  titles: number;
};
/** `binders`: distinct cards and playsets in each binder (Unsorted first); `conditions`: the same per recorded condition. */
export type CompletionDTO = { overall: CompletionRow; sets: CompletionRow[]; colors: CompletionRow[]; rarities: CompletionRow[]; binders: CompletionRow[]; conditions: CompletionRow[] };

/** /collection's own query parameters, one value each (q, show, sort, dir, page, view). */
export type CollectionParams = Record<string, string | undefined>;

/** What /collection shows (components/collection/collection-view.tsx): a page of the collection and the search box's lists. */
export type CollectionPageView = { result: CollectionPage; facets: { traits: string[]; sets: string[] } };

/** The route segment and name of the default binder: what sits in no named binder. */
export const DEFAULT_BINDER_SLUG = "unsorted";
export const DEFAULT_BINDER_NAME = "Unsorted";

/** A binder with what it holds; `id` null is the default binder. */
export type BinderDTO = { id: string | null; name: string; copies: number; cards: number };

/** Copies of one card in one binder with the same details; `lotId` null: the default binder's plain copies (no details). */
export type CopyLotDTO = { lotId: string | null; cardId: string; key: string; title: string; quantity: number; details: CopyDetails };

/** /collection/binders/[id]: one binder's copies (a page of them), and every binder to move them to. */
export type BinderPageView = { binder: BinderDTO; binders: BinderDTO[]; lots: CopyLotDTO[]; total: number; page: number; pageCount: number; q: string };

/** A deck's hold on its owner's copies, for the editor's overlay: reserved for it, and held by the owner's other decks. */
export type DeckCopiesDTO = { reserved: Record<string, number>; elsewhere: Record<string, { quantity: number; decks: string[] }> };
