"use client";

import { useEffect, useState } from "react";
import { flushSync } from "react-dom";

export type PrintRow = { quantity: number; title: string; key: string; colors: string; rings: string };

/**
 * The plain list shown when printing, built when the page is about to be
 * printed (`beforeprint`, or the print media query turning on, as print
 * previews and emulated print media do), not with the page: it is hidden on
 * screen, and its rows were a sixth of a shared deck page's elements, all
 * hydrated on every visit. flushSync renders it before the browser lays out
 * the printout. Without JavaScript nothing is built, and the printout shows
 * the card grid instead (the `deck-print-grid` rule in app/globals.css).
 */
export function PrintDeckList({ name, summary, rows }: { name: string; summary: string; rows: readonly PrintRow[] }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    const show = () => flushSync(() => setShown(true));
    const media = window.matchMedia?.("print");
    const onMedia = (e: MediaQueryListEvent) => e.matches && show();
    window.addEventListener("beforeprint", show);
    media?.addEventListener?.("change", onMedia);
    return () => {
      window.removeEventListener("beforeprint", show);
      media?.removeEventListener?.("change", onMedia);
    };
  }, [shown]);
  if (!shown) return null;
  return (
    <section className="hidden print:block" data-print-list data-testid="print-list">
      <h2 className="text-xl font-bold">{name}</h2>
      <p className="mb-2 text-sm">{summary}</p>
      <table className="text-sm">
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td className="pr-4 text-right">{r.quantity}</td>
              <td className="pr-4">{r.title}</td>
              <td className="pr-4">{r.key}</td>
              <td className="pr-4 capitalize">{r.colors}</td>
              <td>{r.rings}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
