import { memo } from "react";
import { frameBackground } from "@/components/catalog/card-face";
import { describeEffect, isAutomated, type CardRef, type Color, type SlotView } from "@/lib/engine";
import type { BoardCardDef } from "@/lib/playtest/cards";
import { ringsText } from "@/lib/catalog/rings";
import { shortCardText } from "@/lib/playtest/card-text";

const DOT: Record<Color, string> = { blue: "#2563eb", red: "#dc2626", yellow: "#eab308", gray: "#6b7280" };

/** A card whose text exists but has no structured effect (the engine plays it as vanilla). */
export function notAutomated(card: BoardCardDef): boolean {
  return !isAutomated(card) && (card.text.trim() !== "" || Boolean(card.effectError));
}

/** Why a card is flagged: its text has no structured effect, or its stored effect failed the engine's validation. */
export function notAutomatedReason(card: BoardCardDef): string {
  return card.effectError
    ? `Text not automated: the stored effect is invalid (${card.effectError}), so this card plays as vanilla`
    : "Text not automated: this card plays as vanilla";
}

/** The engine's description of a card's automated effect, or null. */
export function effectText(card: BoardCardDef): string | null {
  if (!isAutomated(card)) return null;
  try {
    return describeEffect(card.effect!);
  } catch {
    return card.text || null;
  }
}

/** Short accessible description of a card. */
export function cardLabel(card: BoardCardDef, color?: Color | null): string {
  return `${card.title}, ${color ?? card.colors.join("/")} ${ringsText(card.rings)}`;
}

/** The back of a card: what a hidden card looks like. */
export function CardBack({ label = "Face-down card" }: { label?: string }) {
  return (
    <div role="img" aria-label={label} className="flex h-full w-full items-center justify-center rounded-lg border-2 border-blue-950 bg-[repeating-linear-gradient(45deg,#1e3a8a_0_6px,#1d4ed8_6px_12px)] shadow">
      <span className="grid h-9 w-9 place-items-center rounded-full border-4 border-amber-400 bg-blue-950 text-[10px] font-black text-amber-300" aria-hidden>
        RB
      </span>
    </div>
  );
}

/**
 * A compact board card: frame in its colors, printed rings, title, traits,
 * the active color once face up, current rings when modified, and markers
 * for face-down (own or revealed), protections and text not automated.
 */
function BoardCardView({
  card,
  slot,
  faceDownKnown = false,
  revealed = false,
}: {
  card: CardRef;
  slot?: SlotView | null;
  /** A face-down card the viewer knows (own, or revealed in study mode). */
  faceDownKnown?: boolean;
  revealed?: boolean;
}) {
  const def = card.card as BoardCardDef;
  const color = slot?.color ?? null;
  const current = slot?.faceUp && slot.rings !== null && slot.rings !== def.rings ? slot.rings : null;
  const flags: string[] = [];
  if (slot && slot.protect & 1) flags.push("protected from copy discard");
  if (slot && slot.protect & 2) flags.push("protected from battle discard");
  if (slot && slot.protect & 4) flags.push("protected from effects");
  const manual = notAutomated(def);
  const fx = effectText(def);
  const short = shortCardText(def.text);
  return (
    <div
      data-card-zoom={def.key}
      className={`relative flex h-full w-full flex-col rounded-lg p-[3px] shadow ${faceDownKnown ? "opacity-70" : ""}`}
      style={{ background: frameBackground(def.colors) }}
      title={`${def.title} (${def.key})${def.text ? ` — ${def.text}` : ""}${fx ? `\nEffect: ${fx}` : ""}${manual ? `\n${notAutomatedReason(def)}.` : ""}`}
    >
      <div className="flex h-full flex-col overflow-hidden rounded-md bg-white px-[3px] pt-0.5 text-left md:px-1">
        <div className="flex items-center justify-between gap-0.5">
          <span className="grid h-[18px] w-[18px] shrink-0 place-items-center rounded-full border-2 border-amber-400 bg-amber-50 text-[10px] font-black leading-none text-amber-700 md:h-5 md:w-5 md:text-[11px]" aria-hidden>
            {def.rings}
          </span>
          {color && <span className="h-2.5 w-2.5 shrink-0 rounded-full ring-1 ring-white" style={{ background: DOT[color] }} title={`Active color: ${color}`} aria-hidden />}
        </div>
        {/* The whole title, wrapped (never cut), and the short text below it; the rest is on zoom. */}
        <span className="mt-px break-words text-[9px] font-bold leading-[1.1] text-slate-900 [hyphens:auto] md:text-[10px]" lang="en" data-testid="board-card-title">
          {def.title}
        </span>
        {short && (
          <span className="mt-px line-clamp-3 min-h-0 shrink text-[7.5px] leading-[1.15] text-slate-700 md:line-clamp-4 md:text-[8px]" data-testid="board-card-text">
            {short}
          </span>
        )}
        <span className="mt-auto shrink-0 truncate text-[8px] leading-tight text-slate-600 max-md:pb-0.5 md:text-[9px]">{def.traits.join(" · ")}</span>
        <span className="shrink-0 truncate pb-0.5 text-[9px] leading-tight text-slate-500 max-md:hidden">{def.key}</span>
      </div>
      {current !== null && (
        <span className="absolute -right-1.5 -top-1.5 rounded-full bg-violet-700 px-1.5 text-[10px] font-bold text-white" title={`Current rings ${current} (printed ${def.rings})`}>
          {current}
        </span>
      )}
      {faceDownKnown && (
        <span className="absolute right-[3px] top-[3px] rounded bg-slate-900/85 px-0.5 text-[7px] font-semibold uppercase leading-tight text-white md:right-1 md:px-1 md:text-[8px]">
          {revealed ? "revealed" : "face down"}
        </span>
      )}
      {flags.length > 0 && (
        <span className="absolute -left-1.5 -top-1.5 rounded-full bg-emerald-700 px-1 text-[10px] font-bold text-white" title={flags.join(", ")}>
          <svg viewBox="0 0 12 14" className="inline h-2.5 w-2.5 fill-current" aria-hidden>
            <path d="M6 0 12 2.5V7c0 3.3-2.6 6.1-6 7-3.4-.9-6-3.7-6-7V2.5z" />
          </svg>
          <span className="sr-only">{flags.join(", ")}</span>
        </span>
      )}
      {fx && (
        <span className="absolute bottom-0.5 right-1 rounded bg-violet-700 px-0.5 text-[8px] font-bold leading-tight text-white" aria-hidden>
          FX
        </span>
      )}
      {manual && (
        <span className="absolute -bottom-1.5 -right-1.5 rounded bg-orange-600 px-1 text-[9px] font-bold text-white" title={notAutomatedReason(def)}>
          !<span className="sr-only">{def.effectError ? "Text not automated (invalid stored effect)" : "Text not automated"}</span>
        </span>
      )}
      <span className="sr-only">
        {cardLabel(def, color)}
        {color ? `, active color ${color}` : ""}
        {current !== null ? `, current rings ${current}` : ""}
        {fx ? `, effect: ${fx}` : ""}
        {faceDownKnown ? (revealed ? ", face down (revealed for study)" : ", face down") : ""}
      </span>
    </div>
  );
}

/** Same slot shown the same way (views are rebuilt per state, so compare by value; card definitions are shared objects). */
export function sameSlotView(a: SlotView | null | undefined, b: SlotView | null | undefined): boolean {
  if (!a || !b) return !a === !b;
  return (
    a.faceUp === b.faceUp &&
    a.color === b.color &&
    a.rings === b.rings &&
    a.protect === b.protect &&
    a.mod === b.mod &&
    a.setRings === b.setRings &&
    (a.card?.id ?? null) === (b.card?.id ?? null) &&
    (a.card?.card ?? null) === (b.card?.card ?? null)
  );
}

/**
 * A compact board card (see {@link BoardCardView}); re-rendered only when what
 * it shows changed, since every engine state gives new view objects.
 */
export const BoardCard = memo(
  BoardCardView,
  (a, b) => a.card.id === b.card.id && a.card.card === b.card.card && sameSlotView(a.slot, b.slot) && a.faceDownKnown === b.faceDownKnown && a.revealed === b.revealed,
);
