import { unstable_cache } from "next/cache";
import { CARD_LISTS_TAG, CATALOG_TAG } from "@/lib/server/cache/tags";
import { PUBLIC_CACHE_SECONDS } from "@/lib/catalog/data/public-pages";

/**
 * Tags a private page with the catalog's tags (it shows catalog data: cards,
 * legality, colours), so a card edit or a catalog import drops every cached
 * private page at once, as it drops the public card lists. A page carries the
 * tags of the cached reads it made; this read holds nothing.
 */
export const tagWithCatalog = unstable_cache(async () => true, ["private-page-catalog-tags"], { tags: [CATALOG_TAG, CARD_LISTS_TAG], revalidate: PUBLIC_CACHE_SECONDS });
