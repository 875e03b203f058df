"use client";

import { useEffect, useRef } from "react";

/** The question asked before unsaved work is left behind. */
export const LEAVE_MESSAGE = "You have unsaved changes. Leave this page? (A copy stays on this device and is offered when you come back.)";

/**
 * Whether a click on this link leaves the page inside the app (the App Router
 * has no navigation events, so the guard decides from the click itself).
 * Clicks the browser handles another way are left alone: modified clicks and
 * other buttons (new tab or window), `target` other than `_self`, downloads,
 * same-page hash links, and links to other origins or non-http schemes (those
 * unload the document, where `beforeunload` asks instead).
 */
export function isInAppLeave(
  event: Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "defaultPrevented">,
  anchor: { href: string; target: string; hasAttribute(name: string): boolean },
  current: { href: string; origin: string },
): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return false;
  let to: URL;
  try {
    to = new URL(anchor.href, current.href);
  } catch {
    return false;
  }
  if (to.protocol !== "http:" && to.protocol !== "https:") return false;
  if (to.origin !== current.origin) return false;
  const from = new URL(current.href);
  if (to.pathname === from.pathname && to.search === from.search && to.hash !== "") return false;
  return true;
}

/**
 * Asks before unsaved work is left: on reload, closing the tab or leaving the
 * site (`beforeunload`), and on every in-app link, header and breadcrumbs
 * included (a capture listener on the window sees the click before Next's
 * `<Link>` does, and swallows it when the user stays). `confirmLeave` is the
 * question, `window.confirm` unless a test gives another.
 */
export function useLeaveGuard(dirty: boolean, confirmLeave: (message: string) => boolean = (m) => window.confirm(m)) {
  const ask = useRef(confirmLeave);
  useEffect(() => {
    ask.current = confirmLeave;
  });
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers show the dialog only when returnValue is set
      e.returnValue = "";
    };
    const onClick = (e: MouseEvent) => {
      const anchor = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (!isInAppLeave(e, anchor, window.location)) return;
      if (ask.current(LEAVE_MESSAGE)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, true);
    };
  }, [dirty]);
}
