"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Color } from "@/lib/catalog/colors";
import { parseQuery, readFilters, removePart, setFilter, splitQuery, type ColorMode, type FilterKind, type FilterState } from "@/lib/catalog/search";
import { searchUrl, toggleColorIn } from "@/components/catalog/card-search-state";

export type CardSearchOptions = {
  /** controlled use: the current query (without it, the `q` URL parameter) */
  query?: string;
  onQueryChange?: (q: string) => void;
  /** extra URL parameters reset on every new query */
  resetParams: readonly string[];
  /** milliseconds of typing pause before the query is applied */
  debounceMs: number;
};

/**
 * The search box's query state: the text in the box, kept in two-way sync with
 * the applied query (the URL's `q`, or a controlled `query`). Typing applies a
 * valid query after a pause (replacing the URL); filter controls and chips
 * rewrite the text and apply it at once (pushing a history entry). A query
 * still waiting for its pause is dropped when the user follows a link outside
 * the box (`boxRef`), so the link's navigation is not replaced.
 */
export function useCardSearch({ query, onQueryChange, resetParams, debounceMs }: CardSearchOptions) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const urlQuery = query ?? searchParams.get("q") ?? "";
  const [text, setText] = useState(urlQuery);
  const lastApplied = useRef(urlQuery);
  // Queries this box navigated to that the URL has not shown yet, oldest first:
  // when an earlier one lands late (quick clicks on a busy server), it is this
  // box's own navigation arriving, not a change from outside.
  const inFlight = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  // Follow the URL (back/forward, links) when it changes from outside.
  useEffect(() => {
    const own = inFlight.current.indexOf(urlQuery);
    if (own >= 0) {
      inFlight.current = inFlight.current.slice(own + 1);
      return;
    }
    if (urlQuery !== lastApplied.current) {
      lastApplied.current = urlQuery;
      setText(urlQuery);
    }
  }, [urlQuery]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    function onClick(e: MouseEvent) {
      if (!timer.current) return;
      const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (link && !boxRef.current?.contains(link)) {
        clearTimeout(timer.current);
        timer.current = null;
      }
    }
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  const apply = useCallback(
    (q: string, mode: "replace" | "push") => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (q === lastApplied.current) return;
      lastApplied.current = q;
      inFlight.current = [...inFlight.current.slice(-19), q];
      if (onQueryChange) {
        onQueryChange(q);
        return;
      }
      // build on the URL as it is now (a previous replace may not have reached searchParams yet)
      const url = searchUrl(pathname, typeof window === "undefined" ? searchParams.toString() : window.location.search, q, resetParams);
      if (mode === "push") router.push(url, { scroll: false });
      else router.replace(url, { scroll: false });
    },
    [onQueryChange, pathname, resetParams, router, searchParams],
  );

  const parsed = useMemo(() => parseQuery(text), [text]);
  const filters = useMemo(() => readFilters(text), [text]);
  const parts = useMemo(() => splitQuery(text) ?? [], [text]);
  const [colorMode, setColorMode] = useState<ColorMode>("all");
  const effectiveMode = filters.colorMode ?? colorMode;

  function onType(value: string) {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    // An invalid query is not sent: the error shows here and the results stay.
    if (!parseQuery(value).ok) return;
    timer.current = setTimeout(() => apply(value, "replace"), debounceMs);
  }

  function write(kind: FilterKind, patch: Partial<FilterState>) {
    const next = setFilter(text, kind, { ...filters, colorMode: effectiveMode, ...patch });
    setText(next);
    apply(next, "push");
  }

  function toggleColor(c: Color) {
    write("color", { colors: toggleColorIn(filters.colors, c) });
  }

  function changeMode(mode: ColorMode) {
    setColorMode(mode);
    if (filters.colors.length) write("color", { colorMode: mode });
  }

  function removeChip(index: number) {
    const next = removePart(text, index);
    setText(next);
    apply(next, "push");
  }

  function submit() {
    if (parsed.ok) apply(text, "push");
  }

  return { text, urlQuery, parsed, filters, parts, effectiveMode, boxRef, onType, write, toggleColor, changeMode, removeChip, submit };
}

/** The narrow-screen filter sheet: opens on its button, focuses its first control, closes on Escape or Done and gives focus back. */
export function useFilterSheet() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const sheetRef = useRef<HTMLFieldSetElement>(null);
  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }
  useEffect(() => {
    if (!open) return;
    sheetRef.current?.querySelector<HTMLElement>("button, select, input")?.focus();
    function onKey(e: KeyboardEvent) {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return { open, openSheet: () => setOpen(true), close, buttonRef, sheetRef };
}
