"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { frameBackground } from "@/components/catalog/card-face";
import type { CardZoomDTO } from "@/lib/catalog/card-types";

const HOVER_DELAY = 350;
const LONG_PRESS = 450;
const cache = new Map<string, Promise<CardZoomDTO | null>>();

function load(key: string): Promise<CardZoomDTO | null> {
  let p = cache.get(key);
  if (!p) {
    p = fetch(`/api/cards/${encodeURIComponent(key)}`)
      .then((r) => (r.ok ? (r.json() as Promise<CardZoomDTO>) : null))
      .catch(() => {
        cache.delete(key);
        return null;
      });
    cache.set(key, p);
  }
  return p;
}

type Shown = { key: string; card: CardZoomDTO | null; failed: boolean; mode: "hover" | "dialog"; rect: DOMRect | null };

function zoomTarget(el: EventTarget | null): HTMLElement | null {
  return el instanceof Element ? el.closest<HTMLElement>("[data-card-zoom]") : null;
}

/**
 * One card zoom for the whole app. Any element with `data-card-zoom="<card key>"`
 * gets it: hover (mouse) shows the card beside the element; a long press (touch),
 * a tap on a part that is not a link or button, or the Z key while focus is inside
 * the element opens it as a dialog with the full text and the effect in words.
 * A button marked `data-card-zoom-open` opens the dialog when pressed.
 */
export function CardZoom() {
  const [shown, setShown] = useState<Shown | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pressTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const suppressClick = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const pressStart = useRef<{ x: number; y: number; el: HTMLElement; at: number } | null>(null);

  const open = useCallback((el: HTMLElement, mode: Shown["mode"]) => {
    const key = el.dataset.cardZoom;
    if (!key) return;
    if (mode === "dialog") returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : el;
    setShown({ key, card: null, failed: false, mode, rect: el.getBoundingClientRect() });
    load(key).then((card) => setShown((s) => (s && s.key === key ? { ...s, card, failed: card === null } : s)));
  }, []);

  const close = useCallback(() => {
    setShown((s) => {
      if (s?.mode === "dialog") returnFocus.current?.focus();
      return null;
    });
  }, []);

  useEffect(() => {
    const clear = (t: { current: ReturnType<typeof setTimeout> | null }) => {
      if (t.current) clearTimeout(t.current);
      t.current = null;
    };
    function onOver(e: PointerEvent) {
      if (e.pointerType !== "mouse") return;
      const el = zoomTarget(e.target);
      if ((e.target as Element | null)?.closest?.("[data-card-zoom-panel]")) {
        clear(hideTimer);
        return;
      }
      if (!el) return;
      clear(hideTimer);
      clear(hoverTimer);
      hoverTimer.current = setTimeout(() => open(el, "hover"), HOVER_DELAY);
    }
    function onOut(e: PointerEvent) {
      if (e.pointerType !== "mouse") return;
      const from = zoomTarget(e.target);
      const to = zoomTarget(e.relatedTarget);
      if (from && from === to) return;
      clear(hoverTimer);
      clear(hideTimer);
      hideTimer.current = setTimeout(() => setShown((s) => (s?.mode === "hover" ? null : s)), 150);
    }
    function onDown(e: PointerEvent) {
      if (e.pointerType === "mouse") {
        clear(hoverTimer);
        setShown((s) => (s?.mode === "hover" ? null : s));
        return;
      }
      const el = zoomTarget(e.target);
      if (!el) return;
      pressStart.current = { x: e.clientX, y: e.clientY, el, at: Date.now() };
      clear(pressTimer);
      pressTimer.current = setTimeout(() => {
        suppressClick.current = true;
        pressStart.current = null;
        open(el, "dialog");
      }, LONG_PRESS);
    }
    function onMove(e: PointerEvent) {
      const s = pressStart.current;
      if (s && Math.hypot(e.clientX - s.x, e.clientY - s.y) > 10) {
        clear(pressTimer);
        pressStart.current = null;
      }
    }
    function onUp(e: PointerEvent) {
      clear(pressTimer);
      const s = pressStart.current;
      pressStart.current = null;
      if (!s || e.pointerType === "mouse") return;
      // a tap on a card that is not a control (a log line, a deck entry's title)
      const interactive = (e.target as Element | null)?.closest?.("a, button, input, select, textarea, label, [role=button]");
      if (!interactive && Date.now() - s.at < LONG_PRESS && zoomTarget(e.target) === s.el) open(s.el, "dialog");
    }
    function onClick(e: MouseEvent) {
      if (suppressClick.current) {
        suppressClick.current = false;
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      // a button made to show a card (`data-card-zoom-open`): click, tap, Enter or Space
      const opener = (e.target as Element | null)?.closest?.<HTMLElement>("[data-card-zoom-open]");
      const el = opener ? zoomTarget(opener) : null;
      if (el) {
        clear(hoverTimer);
        open(el, "dialog");
      }
    }
    function onContext(e: Event) {
      if (zoomTarget(e.target) && (pressTimer.current || suppressClick.current)) e.preventDefault();
    }
    function onKey(e: KeyboardEvent) {
      if (e.key === "Escape") {
        setShown((s) => {
          if (s?.mode === "dialog") returnFocus.current?.focus();
          return null;
        });
        return;
      }
      if ((e.key !== "z" && e.key !== "Z") || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (!t || t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
      const el = zoomTarget(t);
      if (!el) return;
      e.preventDefault();
      open(el, "dialog");
    }
    document.addEventListener("pointerover", onOver);
    document.addEventListener("pointerout", onOut);
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("pointermove", onMove, { passive: true });
    document.addEventListener("pointerup", onUp);
    document.addEventListener("pointercancel", onUp);
    document.addEventListener("click", onClick, true);
    document.addEventListener("contextmenu", onContext);
    document.addEventListener("keydown", onKey);
    return () => {
      clear(hoverTimer);
      clear(hideTimer);
      clear(pressTimer);
      document.removeEventListener("pointerover", onOver);
      document.removeEventListener("pointerout", onOut);
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("pointermove", onMove);
      document.removeEventListener("pointerup", onUp);
      document.removeEventListener("pointercancel", onUp);
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("contextmenu", onContext);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  useEffect(() => {
    if (shown?.mode === "dialog") closeButton.current?.focus();
  }, [shown?.mode, shown?.key]);

  if (!shown) return null;
  const { card } = shown;
  const body = (
    <div data-card-zoom-panel className="w-72 max-w-[calc(100vw-1rem)] overflow-hidden rounded-xl border border-slate-300 bg-white text-slate-900 shadow-2xl">
      {card ? (
        <>
          <div className="h-2" style={{ background: frameBackground(card.colors) }} aria-hidden />
          <div className="flex gap-3 p-3">
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-full border-4 border-amber-400 bg-amber-50 text-xl font-black text-amber-700" aria-label={`${card.rings} rings`}>
              {card.rings}
            </span>
            <div className="min-w-0">
              <p className="font-bold leading-tight" id="card-zoom-title">
                {card.title}
              </p>
              <p className="text-xs text-slate-600">
                <span className="capitalize">{card.colors.join(" / ")}</span>
                {card.traits.length > 0 && ` · ${card.traits.join(" · ")}`}
              </p>
              <p className="text-xs text-slate-600">
                {card.key} · <span className="capitalize">{card.rarity}</span>
              </p>
            </div>
          </div>
          {/* eslint-disable-next-line @next/next/no-img-element -- the card's own image or generated art (same origin) */}
          <img src={card.image} alt="" className="mx-3 aspect-[15/14] w-[calc(100%-1.5rem)] rounded object-cover max-md:max-h-40" />
          <div className="space-y-2 p-3 text-sm">
            <p className="whitespace-pre-line">{card.text || <span className="italic text-slate-600">No card text.</span>}</p>
            <p className={`text-xs ${card.effect.automated ? "text-violet-800" : "italic text-slate-600"}`}>
              {card.effect.automated ? <strong>Effect: </strong> : null}
              {card.effect.text}
            </p>
          </div>
        </>
      ) : (
        <p className="p-4 text-sm text-slate-600" role="status">
          {shown.failed ? "This card could not be loaded." : "Loading the card…"}
        </p>
      )}
      {shown.mode === "dialog" && (
        <div className="flex items-center justify-between gap-2 border-t border-slate-200 p-2">
          {card ? (
            <Link href={card.href} className="text-sm font-semibold text-blue-700 underline" onClick={() => setShown(null)}>
              Open the card page
            </Link>
          ) : (
            <span />
          )}
          <button ref={closeButton} type="button" className="btn-secondary" onClick={close}>
            Close
          </button>
        </div>
      )}
    </div>
  );

  if (shown.mode === "dialog")
    return (
      <div className="fixed inset-0 z-[60] flex items-center justify-center bg-slate-900/50 p-2" onClick={(e) => e.target === e.currentTarget && close()}>
        <div role="dialog" aria-modal="true" aria-labelledby={card ? "card-zoom-title" : undefined} aria-label={card ? undefined : "Card"} className="max-h-full overflow-y-auto">
          {body}
        </div>
      </div>
    );

  // hover: beside the element, on the side with room
  const r = shown.rect!;
  const W = 288;
  const vw = typeof window === "undefined" ? 1366 : window.innerWidth;
  const vh = typeof window === "undefined" ? 900 : window.innerHeight;
  const left = r.right + 8 + W <= vw ? r.right + 8 : Math.max(8, r.left - 8 - W);
  const top = Math.max(8, Math.min(r.top, vh - 460));
  return (
    <div className="pointer-events-none fixed z-[60] hidden md:block" style={{ left, top }} aria-hidden>
      {body}
    </div>
  );
}
