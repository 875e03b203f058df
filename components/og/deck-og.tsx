import type { DeckOgView } from "@/lib/og/types";
import { ColorDots, OgFrame } from "./og-frame";


/** A deck's link preview: its cards fanned out as a spread, its name, and its ring curve. */
export function DeckOg({ deck }: { deck: DeckOgView }) {
  const max = Math.max(1, ...deck.curve.map((c) => c.count));
  const n = deck.spread.length;
  return (
    <OgFrame kicker="Sonic X TCG deck">
      <div style={{ display: "flex", width: "100%", gap: 36 }}>
        <div style={{ display: "flex", position: "relative", width: 560, height: 470 }}>
          {deck.spread.map((c, i) => {
            const angle = n > 1 ? -18 + (36 * i) / (n - 1) : 0;
            return (
              // eslint-disable-next-line @next/next/no-img-element -- satori draws <img>, not next/image
              <img
                key={i}
                src={c.art}
                alt=""
                width={230}
                height={322}
                style={{ position: "absolute", left: 40 + i * (n > 1 ? 260 / (n - 1) : 0), top: 70 + Math.abs(angle) * 2, transform: `rotate(${angle}deg)`, borderRadius: 14, border: "5px solid #f8fafc" }}
              />
            );
          })}
        </div>
        <div style={{ display: "flex", flexDirection: "column", flex: 1, gap: 16 }}>
          <div style={{ display: "flex", fontSize: 56, fontWeight: 700, lineHeight: 1.1 }}>{deck.name}</div>
          <div style={{ display: "flex", fontSize: 28, color: "#cbd5e1" }}>by {deck.ownerName}</div>
          <div style={{ display: "flex", alignItems: "center", gap: 20, fontSize: 30 }}>
            <span>{deck.total} cards</span>
            <span style={{ color: deck.legal ? "#86efac" : "#fca5a5" }}>{deck.legal ? "legal" : "not legal"}</span>
            <ColorDots colors={deck.colors} size={24} />
          </div>
          <div style={{ display: "flex", flexDirection: "column", marginTop: "auto", gap: 8 }}>
            <div style={{ display: "flex", fontSize: 24, color: "#cbd5e1" }}>Ring curve</div>
            <div style={{ display: "flex", alignItems: "flex-end", gap: 8, height: 170 }}>
              {deck.curve.map((c) => (
                <div key={c.rings} style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 4 }}>
                  <span style={{ fontSize: 20 }}>{c.count || ""}</span>
                  <div style={{ display: "flex", width: 34, height: Math.max(4, Math.round((110 * c.count) / max)), background: "#fbbf24", borderRadius: 4 }} />
                  <span style={{ fontSize: 20, color: "#cbd5e1" }}>{c.rings}</span>
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
    </OgFrame>
  );
}
