import type { CardDTO } from "@/lib/catalog/card-types";
import type { Color } from "@/lib/catalog/colors";
import { artHref } from "@/lib/catalog/art";

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
      className={className ? `cf ${className}` : "cf"}
      style={{ background: frameBackground(card.colors) }}
      aria-label={`${card.title}, ${card.colors.join("/")} ${card.rings} rings, ${card.traits.join(", ")}, ${card.rarity}, ${card.key}`}
      role="img"
    >
      <div className="cf-in">
        <div className="cf-head">
          <span className={sm ? "cf-rings-sm" : "cf-rings"} aria-hidden>
            {card.rings}
          </span>
          <div className="cf-name">
            <p className={sm ? "cf-title-sm" : "cf-title"}>{card.title}</p>
            <p className={sm ? "cf-traits-sm" : "cf-traits"}>{card.traits.join(" · ")}</p>
          </div>
        </div>
        <div className="cf-art">
          {/* eslint-disable-next-line @next/next/no-img-element -- an admin's image or the card's generated art (a cached SVG) */}
          <img src={card.imageUrl ?? artHref(card)} alt="" className="h-full w-full object-cover" loading="lazy" decoding="async" />
        </div>
        {!sm && <p className="cf-text">{card.text || <span className="italic text-slate-600">No card text.</span>}</p>}
        <div className={sm ? "cf-foot-sm" : "cf-foot"}>
          <span>{card.key}</span>
          <span className="capitalize">{card.rarity}</span>
        </div>
        {card.unofficial && !sm && <span className="sr-only">Unofficial demo card</span>}
      </div>
    </div>
  );
}
