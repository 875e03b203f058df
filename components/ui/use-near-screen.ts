"use client";

import { useCallback, useEffect, useState } from "react";

/**
 * Whether an element has come within `margin` of the viewport, for parts of a
 * page that load their code or do their work only when someone scrolls near
 * them (the sample hand, comment markdown). Attach the returned callback ref;
 * until the element exists nothing is observed. Once near it stays near; where
 * IntersectionObserver is missing it is near at once. `force` makes it near now
 * (a button that asks for the part).
 */
export function useNearScreen<T extends Element>(margin = "300px"): { near: boolean; ref: (el: T | null) => void; force: () => void } {
  const [near, setNear] = useState(false);
  const [el, setEl] = useState<T | null>(null);
  useEffect(() => {
    if (near || !el || typeof IntersectionObserver === "undefined") return;
    const seen = new IntersectionObserver((all) => {
      if (all.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    seen.observe(el);
    return () => seen.disconnect();
  }, [near, el, margin]);
  const force = useCallback(() => setNear(true), []);
  const ref = useCallback((node: T | null) => {
    setEl(node);
    // nothing to watch with: near as soon as the element is there
    if (node && typeof IntersectionObserver === "undefined") setNear(true);
  }, []);
  return { near, ref, force };
}
