import type { CardDTO } from "@/lib/cards/types";
import type { Color } from "@/lib/cards/colors";
import { artHref } from "@/lib/cards/art";

const FRAME: Record<Color, string> = {
  blue: "#2563eb",
  red: "#dc2626",
  yellow: "#eab308",
  gray: "#6b7280",
};

/** CSS background for a card frame: one color, or equal split stripes for multi-color cards. */
export function frameBackground(colors: readonly Color[]): string {
  if (colors.length === 1) return FRAME[colors[0]];
  const step = 100 / colors.length;
  const stops = colors.map((c, i) => `${FRAME[c]} ${i * step}% ${(i + 1) * step}%`).join(", ");
  return `linear-gradient(135deg, ${stops})`;
}

type Props = {
  card: Pick<CardDTO, "set" | "number" | "title" | "traits" | "colors" | "rings" | "rarity" | "text" | "key" | "imageUrl" | "unofficial">;
  size?: "sm" | "md";
  className?: string;
};

/**
 * A card drawn as a card: frame colored by its colors (split for multi-color),
 * the big ring number, the full title (wrapping), traits, its illustration
 * (the admin's image, else the art generated from its data), text, rarity and
 * number key.
 */
export function CardFace({ card, size = "md", className = "" }: Props) {
  const sm = size === "sm";
  return (
    <div
      className={`relative flex aspect-[5/7] flex-col rounded-xl p-1.5 shadow-md ${className}`}
      style={{ background: frameBackground(card.colors) }}
      aria-label={`${card.title}, ${card.colors.join("/")} ${card.rings} rings, ${card.traits.join(", ")}, ${card.rarity}, ${card.key}`}
      role="img"
    >
      <div className="flex h-full flex-col overflow-hidden rounded-lg bg-white">
        <div className="flex items-start gap-1 px-2 pt-1.5">
          <span
            className={`grid shrink-0 place-items-center rounded-full border-4 border-amber-400 bg-amber-50 font-black text-amber-700 ${sm ? "h-8 w-8 text-base" : "h-11 w-11 text-2xl"}`}
            aria-hidden
          >
            {card.rings}
          </span>
          <div className="min-w-0 flex-1">
            <p className={`break-words font-bold leading-tight ${sm ? "text-xs" : "text-sm"}`}>{card.title}</p>
            <p className={`text-slate-600 ${sm ? "text-[10px]" : "text-xs"}`}>{card.traits.join(" · ")}</p>
          </div>
        </div>
        <div className="mx-2 mt-1 min-h-0 flex-1 overflow-hidden rounded bg-slate-100">
          {/* eslint-disable-next-line @next/next/no-img-element -- an admin's image or the card's generated art (a cached SVG) */}
          <img src={card.imageUrl ?? artHref(card)} alt="" className="h-full w-full object-cover" loading="lazy" decoding="async" />
        </div>
        {!sm && (
          <p className="mx-2 mt-1 line-clamp-3 min-h-[2.5em] text-[11px] leading-snug text-slate-700">{card.text || <span className="italic text-slate-600">No card text.</span>}</p>
        )}
        <div className={`flex items-center justify-between px-2 pb-1 ${sm ? "text-[9px]" : "text-[10px]"} text-slate-600`}>
          <span>{card.key}</span>
          <span className="capitalize">{card.rarity}</span>
        </div>
        {card.unofficial && !sm && <span className="sr-only">Unofficial demo card</span>}
      </div>
    </div>
  );
}
