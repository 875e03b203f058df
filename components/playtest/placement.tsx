"use client";
import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from "react";
import type { CardRef } from "@/lib/engine";
import type { BoardCardDef } from "@/lib/playtest/cards";
import { BoardCard, cardLabel } from "./board-card";
import { CELL } from "./board-grid";
import { focusIsFree } from "@/components/site/route-focus";
import { PHONE_SHEET } from "./phone-bar";

type Selection = { from: "hand"; id: number } | { from: "slot"; column: number } | null;

/** The play step's arrangement of hand cards into the five chaos slots (local until confirmed). */
export function usePlacement(hand: CardRef[]) {
  const [slots, setSlots] = useState<(number | null)[]>([null, null, null, null, null]);
  const [selected, setSelected] = useState<Selection>(null);
  const byId = new Map(hand.map((c) => [c.id, c]));
  const placedIds = new Set(slots.filter((x): x is number => x !== null));
  const inHand = hand.filter((c) => !placedIds.has(c.id));

  function put(column: number, id: number) {
    setSlots((prev) => {
      const next = prev.slice();
      const from = next.indexOf(id);
      const occupant = next[column - 1];
      if (from >= 0) next[from] = occupant; // moving between slots swaps
      next[column - 1] = id;
      return next;
    });
    setSelected(null);
  }
  function takeBack(column: number) {
    setSlots((prev) => prev.map((x, i) => (i === column - 1 ? null : x)));
    setSelected(null);
  }
  function clickSlot(column: number) {
    const occupant = slots[column - 1];
    if (selected?.from === "hand") return put(column, selected.id);
    if (selected?.from === "slot") {
      const id = slots[selected.column - 1];
      if (selected.column === column) return setSelected(null);
      if (id !== null) return put(column, id);
    }
    if (occupant !== null) setSelected({ from: "slot", column });
  }
  function clickHand(id: number) {
    if (selected?.from === "slot") return put(selected.column, id);
    setSelected((s) => (s?.from === "hand" && s.id === id ? null : { from: "hand", id }));
  }
  /** Place a hand card in the first empty slot (keyboard shortcut fallback). */
  function autoFill() {
    setSlots((prev) => {
      const next = prev.slice();
      const used = new Set(next.filter((x) => x !== null));
      const free = hand.filter((c) => !used.has(c.id));
      for (let i = 0; i < 5 && free.length; i++) if (next[i] === null) next[i] = free.shift()!.id;
      return next;
    });
    setSelected(null);
  }
  return {
    slots,
    selected,
    inHand,
    byId,
    put,
    takeBack,
    clickSlot,
    clickHand,
    autoFill,
    clear: () => {
      setSlots([null, null, null, null, null]);
      setSelected(null);
    },
    count: placedIds.size,
  };
}

/** The arrangement hook's value. */
export type Placement = ReturnType<typeof usePlacement>;

const DRAG_TYPE = "application/x-ringbinder-card";

/** The five chaos-row cells of the play step (drop targets and buttons). */
export function placementCells(p: Placement, opponentFacing: (column: number) => string): ReactNode[] {
  return [1, 2, 3, 4, 5].map((column) => {
    const id = p.slots[column - 1];
    const card = id === null ? null : p.byId.get(id) ?? null;
    const selected = p.selected?.from === "slot" && p.selected.column === column;
    const onDrop = (e: DragEvent) => {
      e.preventDefault();
      const raw = e.dataTransfer.getData(DRAG_TYPE);
      if (raw !== "") p.put(column, Number(raw));
    };
    return (
      <button
        key={column}
        type="button"
        data-testid={`place-slot-${column}`}
        aria-label={`Chaos slot ${column}: ${card ? cardLabel(card.card as BoardCardDef) : "empty"}${selected ? " (selected)" : ""}. Facing ${opponentFacing(column)}.`}
        aria-pressed={selected}
        onClick={() => p.clickSlot(column)}
        onDragOver={(e) => e.preventDefault()}
        onDrop={onDrop}
        draggable={card !== null}
        onDragStart={(e) => {
          if (id === null) return;
          e.dataTransfer.setData(DRAG_TYPE, String(id));
          e.dataTransfer.effectAllowed = "move";
        }}
        className={`h-full w-full rounded-lg focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
          selected ? "ring-4 ring-blue-600" : p.selected?.from === "hand" ? "ring-2 ring-amber-400" : ""
        }`}
      >
        {card ? (
          <BoardCard card={card} faceDownKnown />
        ) : (
          <span className="grid h-full w-full place-items-center rounded-lg border-2 border-dashed border-blue-300 bg-blue-50 text-xs text-blue-700">Slot {column}</span>
        )}
      </button>
    );
  });
}

/** Your hand during the play step: select, drag, or press 1–5 to place a card. */
export function PlacementHand({ p }: { p: Placement }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState(0);
  const cards = p.inHand;
  const fi = Math.min(focusIndex, Math.max(0, cards.length - 1));
  const refocus = useRef(false);
  useLayoutEffect(() => {
    // A new play step is the next action: focus starts in the hand unless the player is already elsewhere.
    if (focusIsFree()) refs.current[0]?.focus({ preventScroll: true });
  }, []);
  // After a keyboard placement the placed card's button is gone: keep focus in the hand.
  useLayoutEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    refs.current[fi]?.focus();
  }, [cards.length, fi]);

  function onKey(e: KeyboardEvent, i: number, id: number) {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      const j = (i + (e.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length;
      setFocusIndex(j);
      refs.current[j]?.focus();
    } else if (/^[1-5]$/.test(e.key)) {
      e.preventDefault();
      refocus.current = true;
      setFocusIndex(Math.max(0, Math.min(i, cards.length - 2)));
      p.put(Number(e.key), id);
    }
  }

  return (
    <div
      role="toolbar"
      aria-label="Your hand: arrow keys move, Enter selects a card then choose a chaos slot, or press 1–5 to place it in that column"
      // On a phone one row that scrolls sideways inside the dock (pt-3: room for a selected card's lift and ring, which it would clip).
      className="flex min-h-[118px] min-w-0 flex-1 flex-wrap content-start gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-white/60 p-2 dark:bg-slate-50/60 max-md:min-h-0 max-md:flex-nowrap max-md:overflow-x-auto max-md:rounded-md max-md:border max-md:px-1 max-md:pb-1 max-md:pt-3"
      data-testid="placement-hand"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        const raw = e.dataTransfer.getData(DRAG_TYPE);
        const col = p.slots.indexOf(Number(raw));
        if (raw !== "" && col >= 0) p.takeBack(col + 1);
      }}
    >
      {cards.length === 0 && <p className="self-center px-2 text-sm text-slate-500">All placed. Drop a card here to take it back.</p>}
      {cards.map((c, i) => {
        const sel = p.selected?.from === "hand" && p.selected.id === c.id;
        return (
          <button
            key={c.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            tabIndex={i === fi ? 0 : -1}
            draggable
            data-testid={`hand-card-${c.id}`}
            aria-pressed={sel}
            aria-label={`${cardLabel(c.card as BoardCardDef)}${sel ? " (selected)" : ""}`}
            onFocus={() => setFocusIndex(i)}
            onClick={() => p.clickHand(c.id)}
            onKeyDown={(e) => onKey(e, i, c.id)}
            onDragStart={(e) => {
              e.dataTransfer.setData(DRAG_TYPE, String(c.id));
              e.dataTransfer.effectAllowed = "move";
            }}
            className={`${CELL} shrink-0 rounded-lg transition-transform focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${sel ? "-translate-y-2 ring-4 ring-blue-600" : "hover:-translate-y-1"}`}
          >
            <BoardCard card={c} />
          </button>
        );
      })}
    </div>
  );
}

/**
 * The play step's controls: your hand and, beside it, Confirm, Fill and Clear.
 * On a phone it is one tray fixed at the bottom of the screen (the buttons to
 * the right of the hand, so nothing sits under the tray and the field above
 * keeps its height); from md up it sits under the field. The solo board and
 * the online board both use it; `ready` says whether the arrangement may be
 * confirmed (the caller's rule), `need` how many cards it takes. (On a phone
 * the how-to line is left to the hand's label and the board's legend: a line
 * more in the tray would push it over the field's bottom row.)
 */
export function PlacementDock({ p, need, ready, onConfirm }: { p: Placement; need: number; ready: boolean; onConfirm: () => void }) {
  return (
    <div data-testid="placement-dock" className={`mt-3 flex items-start gap-3 ${PHONE_SHEET} max-md:mt-0 max-md:gap-1.5 max-md:p-2`}>
      <PlacementHand p={p} />
      <div role="group" aria-label="Placement" className="flex w-56 shrink-0 flex-col gap-2 max-md:w-[5.75rem] max-md:gap-1">
        <button type="button" className="btn-primary gap-1 whitespace-nowrap max-md:min-h-12 max-md:flex-col max-md:gap-0 max-md:px-1 max-md:py-1 max-md:leading-tight" disabled={!ready} onClick={onConfirm} data-testid="confirm-placement">
          <span>
            Confirm<span className="max-md:sr-only"> placement</span>
          </span>{" "}
          <span>
            ({p.count}/{need})
          </span>
        </button>
        <div className="flex gap-2 max-md:gap-1">
          <button type="button" className="btn-secondary flex-1 whitespace-nowrap max-md:px-1 max-md:py-1.5 max-md:text-xs" onClick={p.autoFill}>
            <span>
              Fill<span className="max-md:sr-only"> empty slots</span>
            </span>
          </button>
          <button type="button" className="btn-secondary flex-1 whitespace-nowrap max-md:px-1 max-md:py-1.5 max-md:text-xs" onClick={p.clear} disabled={p.count === 0}>
            Clear
          </button>
        </div>
        <p className="text-xs text-slate-600 max-md:hidden">Drag cards to slots, click a card then a slot, or focus a card and press 1–5. Hover a card to read it.</p>
      </div>
    </div>
  );
}

/** Your hand outside the play step (read only). */
export function StaticHand({ cards, count, who = "Your" }: { cards: CardRef[] | null; count: number; who?: string }) {
  return (
    <ul aria-label={`${who} hand: ${count} cards`} className="flex min-h-[118px] flex-wrap gap-2 rounded-xl border border-slate-200 bg-white/60 p-2 dark:bg-slate-50/60">
      {cards?.map((c) => (
        <li key={c.id} className={CELL}>
          <BoardCard card={c} />
        </li>
      ))}
      {count === 0 && <li className="self-center px-2 text-sm text-slate-500">No cards in hand.</li>}
    </ul>
  );
}
