"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * The embed pages' height protocol: whenever the widget's height changes
 * (ResizeObserver), it posts `{ type: "ringbinder:embed-height", id, height }`
 * to the page that frames it (any origin: the message says nothing but the
 * height of public content). The parent sets the iframe's height; /developers
 * has the snippet, docs/embeds.md the protocol.
 */
export const EMBED_MESSAGE = "ringbinder:embed-height";

export function EmbedHeight({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || window.parent === window) return;
    let last = -1;
    const post = () => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: EMBED_MESSAGE, id, height }, "*");
    };
    post();
    const observer = new ResizeObserver(post);
    observer.observe(el);
    return () => observer.disconnect();
  }, [id]);
  return (
    <div ref={ref} className="embed-root" data-embed-id={id}>
      {children}
    </div>
  );
}
