"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";

/**
 * The header's navigation and account links. From the md breakpoint up they sit
 * in the header row; on narrow screens a "Menu" button opens them as a panel
 * under the header (closed again by the button, Escape, or following a link).
 * Without JavaScript the button cannot open anything, so a <noscript> style
 * shows the links in the panel and hides the button.
 */
export function SiteMenu({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [shownFor, setShownFor] = useState(pathname);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  if (shownFor !== pathname) {
    // a link was followed: close the panel (state reset during render, React's documented pattern)
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    function onKey(e: KeyboardEvent) {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <>
      <noscript>
        <style>{"[data-site-menu-panel]{display:flex}[data-site-menu-button]{display:none}"}</style>
      </noscript>
      <button
        ref={button}
        data-site-menu-button=""
        type="button"
        className="ml-auto inline-flex h-10 items-center gap-2 rounded-md border border-white/40 px-3 text-sm font-semibold hover:bg-white/10 md:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {open ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 5h14M3 10h14M3 15h14" />}
        </svg>
        Menu
      </button>
      <div
        id={id}
        data-site-menu-panel=""
        className={`${open ? "flex" : "hidden"} w-full flex-col gap-3 border-t border-white/20 pb-2 pt-3 md:flex md:w-auto md:flex-1 md:flex-row md:items-center md:gap-6 md:border-0 md:p-0`}
      >
        {children}
      </div>
    </>
  );
}
