import type { FieldChange } from "@/lib/catalog/snapshot-diff";
import type { CatalogRecord, FileError } from "@/lib/catalog/io";
import type { CardDTO } from "@/lib/catalog/card-types";

/** Plain data the catalog's data access returns to pages, actions and components (no database types). */

/** A card's editable fields as plain JSON (the audit log's before/after, the import/export row shape). */
export type CardSnapshot = CatalogRecord & { imageUrl: string | null };

export type ImportRowReport = {
  line: number;
  key: string | null;
  action: "create" | "update" | "unchanged" | "reject";
  errors: string[];
  changes: FieldChange[];
};

export type ImportReport = {
  ok: boolean;
  applied: boolean;
  /** a whole-file problem (size, format, columns) */
  fileError: FileError | null;
  rows: ImportRowReport[];
  counts: { create: number; update: number; unchanged: number; reject: number };
  /** rows without problems left out of `rows` for the page (reportForPage) */
  omittedRows?: number;
};

/** A public deck that uses a card, as its card page lists it. */
export type PublicDeckUse = { name: string; shareSlug: string; owner: string; quantity: number };

/** What a card's page shows (components/catalog/card-page.tsx): the card, the other printings shown and whether there are more, the public decks using it. */
export type CardPageView = { card: CardDTO; printings: CardDTO[]; morePrintings: boolean; publicDecks: PublicDeckUse[] };
