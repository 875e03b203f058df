import type { Color } from "@/lib/catalog/colors";
import type { RowError } from "@/lib/collection/transfer";
import type { ImportMode } from "@/lib/collection/schemas";
import type { CollectionPage } from "@/lib/collection/data/browse";

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
  lines: ImportPreviewLine[];
  errors: RowError[];
  /** cards whose quantity changes, and copies added/removed, when applied */
  summary: { changed: number; added: number; removed: number; removedEntries: number };
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
export type CompletionDTO = { overall: CompletionRow; sets: CompletionRow[]; colors: CompletionRow[]; rarities: CompletionRow[] };

/** /collection's own query parameters, one value each (q, show, sort, dir, page, view). */
export type CollectionParams = Record<string, string | undefined>;

/** What /collection shows (components/collection/collection-view.tsx): a page of the collection and the search box's lists. */
export type CollectionPageView = { result: CollectionPage; facets: { traits: string[]; sets: string[] } };
