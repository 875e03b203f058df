import type { CardOgView } from "@/lib/og/types";
import { ColorDots, OgFrame } from "./og-frame";

/** A card's link preview: its art, title, rings, colours, traits and text. */
export function CardOg({ card }: { card: CardOgView }) {
  const text = card.text.length > 220 ? `${card.text.slice(0, 217)}…` : card.text;
  return (
    <OgFrame kicker={card.unofficial ? "Sonic X TCG · unofficial demo set" : "Sonic X TCG"}>
      <div style={{ display: "flex", gap: 48, width: "100%" }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- satori draws <img>, not next/image */}
        <img src={card.art} width={330} height={462} alt="" style={{ borderRadius: 18, border: "6px solid #f8fafc" }} />
        <div style={{ display: "flex", flexDirection: "column", flex: 1, gap: 18 }}>
          <div style={{ display: "flex", fontSize: 64, fontWeight: 700, lineHeight: 1.1 }}>{card.title}</div>
          <div style={{ display: "flex", fontSize: 28, color: "#cbd5e1" }}>
            {card.key} · {card.setName} · {card.rarity}
          </div>
          <div style={{ display: "flex", alignItems: "center", gap: 24, fontSize: 36 }}>
            <div style={{ display: "flex", alignItems: "center", gap: 10 }}>
              <div style={{ width: 36, height: 36, borderRadius: 18, border: "7px solid #fbbf24", display: "flex" }} />
              <span style={{ fontWeight: 700 }}>{card.rings}</span>
              <span style={{ color: "#cbd5e1", fontSize: 28 }}>rings</span>
            </div>
            <ColorDots colors={card.colors} />
          </div>
          {card.traits.length > 0 && <div style={{ display: "flex", fontSize: 30, color: "#e2e8f0" }}>{card.traits.join(" · ")}</div>}
          {text && <div style={{ display: "flex", fontSize: 28, lineHeight: 1.35, color: "#f1f5f9" }}>{text}</div>}
        </div>
      </div>
    </OgFrame>
  );
}
