import { parsePageNumber } from "@/lib/util/page-number";
import { ownershipFilterSchema, type OwnershipFilter } from "@/lib/collection/schemas";
import type { CollectionParams } from "@/lib/collection/types";

/** /collection's query string: its parameters read once, and links with the filter or page changed. */

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** The page's own parameters from a query string's values (the first of each). */
export function collectionParams(sp: Record<string, string | string[] | undefined>): CollectionParams {
  const out: CollectionParams = {};
  for (const key of ["q", "show", "sort", "dir", "page", "view"]) out[key] = one(sp[key]);
  return out;
}

/** The link to this page with the filter or page changed (the other parameters kept). */
export function collectionHref(p: CollectionParams, updates: { show?: OwnershipFilter; page?: number } = {}): string {
  const params = new URLSearchParams();
  for (const key of ["q", "sort", "dir", "view"]) {
    const v = p[key];
    if (v) params.set(key, v);
  }
  const show = updates.show ?? ownershipFilterSchema.parse(p.show ?? "all");
  if (show !== "all") params.set("show", show);
  const page = updates.page ?? (updates.show ? 1 : parsePageNumber(p.page));
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `/collection?${s}` : "/collection";
}
