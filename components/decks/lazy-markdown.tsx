"use client";

import dynamic from "next/dynamic";

/**
 * The markdown renderer for client components (comments, the editor's
 * preview): react-markdown and its parser are some 34 kB gzipped, so they load
 * in their own chunk once a text is shown, not with the page (total blocking
 * time on /d/…, the 250 kB route budget: scripts/route-size.ts --all). Nothing shows
 * until it has loaded (comments arrive from the API after the page anyway). Server components use ./markdown directly.
 */
export const LazyMarkdown = dynamic(() => import("@/components/decks/markdown").then((m) => m.Markdown), {
  loading: () => null,
});
