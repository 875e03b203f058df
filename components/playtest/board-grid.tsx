"use client";
import { cloneElement, isValidElement, memo, useEffect, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from "react";
import type { Player, Row, SideView, SlotView } from "@/lib/engine";
import type { Ghost } from "@/lib/playtest/presentation";
import type { BoardCardDef } from "@/lib/playtest/cards";
import { BoardCard, CardBack, cardLabel, sameSlotView } from "./board-card";
import { focusIsFree } from "@/components/site/route-focus";

/** A slot of the grid. */
export interface GridRef {
  player: Player;
  row: Row;
  column: number;
}

/** How a slot reacts: a button with a highlight, or nothing. */
export type SlotMode = "legal" | "illegal" | "target" | null;

/** The four rows top to bottom; the opponent's are labelled with its name ("AI" in solo play), the bottom side's "Your" or its player's name (a spectator, a replay). */
function linesFor(opponent: string, self: string): { player: Player; row: Row; label: string }[] {
  return [
    { player: 1, row: "chaos", label: `${opponent} chaos row` },
    { player: 1, row: "spare", label: `${opponent} spare row` },
    { player: 0, row: "spare", label: `${self} spare row` },
    { player: 0, row: "chaos", label: `${self} chaos row` },
  ];
}

/**
 * Cell size shared by the grid and the hand: 84×118 px, narrower on a phone so
 * that five columns fit the screen (--rb-cell is set on the board).
 */
export const CELL = "aspect-[84/118] w-[var(--rb-cell,84px)]";

/** A slot's card; re-rendered only when what it shows changed (a new engine state leaves most slots as they were). */
const SlotContent = memo(
  function SlotContent({ owner, slot, revealed, opponent = "AI", self = "Your" }: { owner: Player; slot: SlotView; revealed: boolean; opponent?: string; self?: string }) {
  if (slot.card === null) return <CardBack label={owner === 0 ? `${self} face-down card` : `${opponent} face-down card`} />;
  if (!slot.faceUp) return <BoardCard card={slot.card} slot={slot} faceDownKnown revealed={owner === 1 && revealed} />;
  return (
    <div key={slot.card.id} className="rb-flip-in h-full w-full">
      <BoardCard card={slot.card} slot={slot} />
    </div>
  );
  },
  (a, b) => a.owner === b.owner && a.revealed === b.revealed && a.opponent === b.opponent && a.self === b.self && sameSlotView(a.slot, b.slot),
);

function describe(owner: Player, row: Row, column: number, slot: SlotView | null, opponent: string, self: string): string {
  const where = `${owner === 0 ? self : opponent} ${row} column ${column}`;
  if (!slot) return `${where}: empty`;
  if (slot.card === null) return `${where}: face-down card`;
  return `${where}: ${cardLabel(slot.card.card as BoardCardDef, slot.color)}${slot.faceUp ? "" : " (face down)"}`;
}

/**
 * The 5×4 field: the AI's chaos and spare rows on top, yours below (RULES.md
 * §2). Slots become buttons where the board offers an action (a flip, a
 * target); the play step supplies its own chaos-row cells.
 */
export function BoardGrid({
  sides,
  revealed,
  ghosts = [],
  modeOf,
  onSlot,
  chaosOverride,
  lastFlip,
  opponent = "AI",
  self,
}: {
  sides: [SideView, SideView];
  revealed: boolean;
  ghosts?: Ghost[];
  modeOf?: (ref: GridRef) => SlotMode;
  onSlot?: (ref: GridRef) => void;
  /** Cells replacing your chaos row (the play step's arrangement). */
  chaosOverride?: ReactNode[];
  lastFlip?: { player: Player; column: number } | null;
  /** The opponent's name in the row labels and card descriptions ("AI" in solo play). */
  opponent?: string;
  /** The bottom side's name, when it is not the viewer's own ("Your" rows otherwise): a spectator's or a replay's. */
  self?: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  const mine = self ?? "Your";
  const lines = linesFor(opponent, mine);
  // Roving tabindex (the ARIA grid pattern): the field is one tab stop; arrow keys move between its 20 cells.
  const modes = lines.flatMap((line) => [1, 2, 3, 4, 5].map((column) => (modeOf ? modeOf({ player: line.player, row: line.row, column }) : null)));
  const firstAction = modes.findIndex((m) => m === "legal" || m === "target");
  const actionKey = modes.join(",");
  const [active, setActive] = useState(firstAction >= 0 ? firstAction : 15);
  const [seenKey, setSeenKey] = useState(actionKey);
  if (seenKey !== actionKey) {
    // What may be done changed: the tab stop moves to the first cell where something can be done.
    setSeenKey(actionKey);
    if (firstAction >= 0) setActive(firstAction);
  }
  useEffect(() => {
    // Focus follows the next action when it was lost (a button that vanished left it on <body>), is still where a page change put it, or is already in the field.
    if (firstAction < 0) return;
    if (!focusIsFree() && !root.current?.contains(document.activeElement)) return;
    root.current?.querySelector<HTMLElement>(`[data-cell="${firstAction}"]`)?.focus({ preventScroll: false });
  }, [actionKey, firstAction]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = Number((e.target as HTMLElement).closest<HTMLElement>("[data-cell]")?.dataset.cell ?? active);
    const r = Math.floor(from / 5);
    const c = from % 5;
    const to =
      e.key === "ArrowRight" ? r * 5 + Math.min(4, c + 1)
      : e.key === "ArrowLeft" ? r * 5 + Math.max(0, c - 1)
      : e.key === "ArrowDown" ? Math.min(3, r + 1) * 5 + c
      : e.key === "ArrowUp" ? Math.max(0, r - 1) * 5 + c
      : e.key === "Home" ? (e.ctrlKey ? 0 : r * 5)
      : e.key === "End" ? (e.ctrlKey ? 19 : r * 5 + 4)
      : null;
    if (to === null) return;
    e.preventDefault();
    setActive(to);
    root.current?.querySelector<HTMLElement>(`[data-cell="${to}"]`)?.focus();
  };
  const focusable = (i: number) => ({ "data-cell": String(i), tabIndex: i === active ? 0 : -1, onFocus: () => setActive(i) });
  return (
    // On a phone the rows sit 2 px apart (the whole field then clears the placement tray at 390×844: e2e/play-away-phone.spec.ts).
    <div
      ref={root}
      onKeyDown={onKeyDown}
      className="inline-grid grid-cols-[repeat(5,var(--rb-cell,84px))] items-center gap-x-1.5 gap-y-0.5 md:grid-cols-[5.5rem_repeat(5,84px)] md:gap-x-2 md:gap-y-1.5"
      role="grid"
      aria-label={`The field: ${opponent} rows on top, ${self ? `${self} rows` : "your rows"} below`}
      aria-describedby="field-keys"
    >
      <p id="field-keys" className="sr-only">
        Arrow keys move between the cells of the field; Enter or Space acts on a highlighted card.
      </p>
      <div role="row" className="contents">
        <span role="columnheader" className="hidden md:block">
          <span className="sr-only">Row</span>
        </span>
        {[1, 2, 3, 4, 5].map((c) => (
          <span key={c} role="columnheader" className="text-center text-[11px] font-semibold text-slate-600 md:text-xs">
            <span className="max-md:sr-only">Column </span>
            <span className="md:hidden" aria-hidden>
              Col{" "}
            </span>
            {c}
          </span>
        ))}
      </div>
      {lines.map((line, li) => (
        <div role="row" key={line.label} className={`contents ${li === 2 ? "[&>*]:mt-1 md:[&>*]:mt-3" : ""}`}>
          <span role="rowheader" className={`col-span-5 text-left text-[11px] font-semibold leading-tight md:col-span-1 md:text-right md:text-xs ${line.player === 0 ? "text-blue-800" : "text-rose-800"}`}>
            {line.label}
          </span>
          {[0, 1, 2, 3, 4].map((ci) => {
            const column = ci + 1;
            const index = li * 5 + ci;
            if (line.player === 0 && line.row === "chaos" && chaosOverride) {
              const cell = chaosOverride[ci];
              return (
                <div role="gridcell" key={ci} className={CELL}>
                  {isValidElement(cell) ? cloneElement(cell as ReactElement<Record<string, unknown>>, focusable(index)) : cell}
                </div>
              );
            }
            const slot = sides[line.player][line.row][ci];
            const ref = { player: line.player, row: line.row, column };
            const mode = modeOf ? modeOf(ref) : null;
            const gs = ghosts.filter((g) => g.owner === line.player && g.row === line.row && g.column === column);
            const flipped = lastFlip && lastFlip.player === line.player && lastFlip.column === column && line.row === "chaos";
            const ring =
              mode === "legal"
                ? "rb-legal ring-4 ring-amber-400"
                : mode === "target"
                  ? "ring-4 ring-fuchsia-500"
                  : flipped
                    ? "ring-2 ring-sky-400"
                    : "";
            const content = slot ? <SlotContent owner={line.player} slot={slot} revealed={revealed} opponent={opponent} self={mine} /> : null;
            const label = describe(line.player, line.row, column, slot, opponent, mine) + (mode === "legal" ? " — you may flip here" : mode === "illegal" ? " — not allowed now" : mode === "target" ? " — choose this card" : "");
            return (
              <div
                role="gridcell"
                key={ci}
                className={`relative ${CELL}`}
                data-slot={`${line.player}-${line.row}-${column}`}
                data-card-zoom={slot?.card && (slot.faceUp || line.player === 0 || revealed) ? (slot.card.card as BoardCardDef).key : undefined}
              >
                {/* The card stays mounted when the slot becomes (or stops being) clickable: an overlay button is added on top. */}
                {mode && (
                  <button
                    type="button"
                    {...focusable(index)}
                    onClick={() => onSlot?.(ref)}
                    aria-label={label}
                    className={`peer absolute inset-0 z-[1] rounded-lg focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${mode === "illegal" ? "cursor-not-allowed" : "cursor-pointer"}`}
                  />
                )}
                <div
                  role={mode ? undefined : "group"}
                  aria-label={mode ? undefined : label}
                  aria-hidden={mode ? true : undefined}
                  {...(mode ? {} : focusable(index))}
                  className={`h-full w-full rounded-lg focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${ring} ${mode && mode !== "illegal" ? "transition-transform peer-hover:-translate-y-0.5" : ""}`}
                >
                  {content ?? <span className={`block h-full w-full rounded-lg border-2 border-dashed border-slate-300 ${mode ? "" : "bg-slate-50"}`} aria-hidden />}
                </div>
                {gs.map(
                  (g) =>
                    g.slot.card && (
                      <div key={g.key} className="rb-ghost absolute inset-0 z-10" aria-hidden>
                        <BoardCard card={g.slot.card} slot={g.slot} />
                        <span className="absolute inset-x-0 top-1/2 mx-auto w-fit rounded bg-red-700 px-1 text-[9px] font-bold uppercase text-white">
                          {g.kind === "copy-discard" ? "copy" : g.kind === "battle-discard" ? "battle" : "discard"}
                        </span>
                      </div>
                    ),
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
