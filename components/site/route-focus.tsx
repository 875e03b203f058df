"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";

/**
 * Where focus goes after a client navigation: the new page's main heading
 * (its first h1 inside <main>, made focusable with tabIndex=-1), else <main>
 * itself. Without this, a navigation in the app (sign-in, a deck created,
 * "Start game") leaves focus on <body> and a keyboard or screen-reader user
 * starts again from the top of the document.
 *
 * A page that already put focus somewhere inside <main> (its next action, a
 * field) keeps it. A full page load is left to the browser.
 */
/** Marks the element a page change focused: the page's own next action may still take focus from it (focusIsFree). */
const ROUTE_FOCUS = "data-route-focus";

/**
 * True when nothing holds focus that a component should leave alone: it is on
 * <body> (a button that vanished left it there) or still where a page change
 * put it (the heading or <main>). A board moves focus to its next action then.
 */
export function focusIsFree(doc: Document = document): boolean {
  const el = doc.activeElement;
  return !el || el === doc.body || el.hasAttribute(ROUTE_FOCUS);
}

function focusAsPageStart(el: HTMLElement): void {
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  el.setAttribute(ROUTE_FOCUS, "");
  el.addEventListener("blur", () => el.removeAttribute(ROUTE_FOCUS), { once: true });
  el.focus({ preventScroll: true });
}

export function focusPageStart(doc: Document = document): HTMLElement | null {
  const main = doc.querySelector<HTMLElement>("main");
  if (!main) return null;
  const active = doc.activeElement;
  if (active && active !== doc.body && active !== main && main.contains(active)) return null;
  const heading = main.querySelector<HTMLElement>("h1");
  const target = heading ?? main;
  focusAsPageStart(target);
  return target;
}

/** How long a streamed page's heading is waited for. */
const HEADING_WAIT_MS = 10_000;

/** Moves focus from <main> to the h1 that streams into it, while focus is still on <main>; returns the stop. */
export function focusHeadingWhenItArrives(main: HTMLElement): () => void {
  const observer = new MutationObserver(() => {
    const heading = main.querySelector<HTMLElement>("h1");
    if (!heading) return;
    stop();
    if (main.ownerDocument.activeElement !== main) return;
    focusAsPageStart(heading);
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/** The page's name as announced: its title without the site suffix, else its main heading. */
export function pageName(doc: Document = document, previousTitle = ""): string {
  const title = doc.title.replace(/\s·\sRingbinder$/, "").trim();
  const heading = doc.querySelector("main h1")?.textContent?.trim() ?? "";
  if (title && doc.title !== previousTitle) return title;
  return heading || title;
}

/**
 * Mounted once in the root layout: on every pathname change after the first,
 * moves focus to the page's start (focusPageStart) and announces the new page
 * in a polite live region, as a screen reader announces a full page load.
 */
export function RouteFocus() {
  const pathname = usePathname();
  const previous = useRef<{ pathname: string; title: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname, title: document.title };
    if (!before || before.pathname === pathname) return;
    const target = focusPageStart();
    // a page streaming behind a skeleton gets its heading later: focus moves on to it if it is still on <main>
    const stopWatching = target?.tagName === "MAIN" ? focusHeadingWhenItArrives(target) : () => {};
    // the new title is set as the page commits: read it on the next frame
    const frame = requestAnimationFrame(() => {
      const name = pageName(document, before.title);
      if (previous.current) previous.current.title = document.title;
      setAnnouncement(name ? `${name}, page loaded` : "Page loaded");
    });
    return () => {
      cancelAnimationFrame(frame);
      stopWatching();
    };
  }, [pathname]);
  return (
    <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </p>
  );
}
