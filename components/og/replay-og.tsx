import type { ReplayOgView } from "@/lib/og/types";
import { OgFrame } from "./og-frame";

/** A Chaos Emerald as the preview draws it: a gem, green when held, an outline when not. */
function Gem({ held }: { held: boolean }) {
  return (
    <div
      style={{
        display: "flex",
        width: 38,
        height: 38,
        transform: "rotate(45deg)",
        borderRadius: 6,
        border: `4px solid ${held ? "#6ee7b7" : "rgba(248,250,252,0.35)"}`,
        background: held ? "linear-gradient(135deg, #34d399 0%, #047857 100%)" : "transparent",
      }}
    />
  );
}

/** A replay's link preview: who played whom with which deck, the emeralds each held at the end, and the result. */
export function ReplayOg({ replay }: { replay: ReplayOgView }) {
  return (
    <OgFrame kicker="Sonic X TCG · replay">
      <div style={{ display: "flex", flexDirection: "column", width: "100%", justifyContent: "center", alignItems: "center", gap: 40 }}>
        <div style={{ display: "flex", alignItems: "center", gap: 36 }}>
          {replay.players.map((p, i) => (
            <div key={i} style={{ display: "flex", alignItems: "center", gap: 36 }}>
              {i > 0 && <span style={{ fontSize: 48, color: "#fbbf24", fontWeight: 700 }}>vs</span>}
              <div
                style={{
                  display: "flex",
                  flexDirection: "column",
                  alignItems: "center",
                  justifyContent: "center",
                  gap: 14,
                  width: 440,
                  height: 280,
                  padding: "24px 20px",
                  borderRadius: 24,
                  background: p.won ? "rgba(251,191,36,0.16)" : "rgba(248,250,252,0.06)",
                  border: `3px solid ${p.won ? "#fbbf24" : "rgba(248,250,252,0.2)"}`,
                }}
              >
                <span style={{ display: "flex", fontSize: 54, fontWeight: 700, maxWidth: 400, overflow: "hidden" }}>{p.name}</span>
                <span style={{ display: "flex", fontSize: 28, color: "#cbd5e1", maxWidth: 400, overflow: "hidden" }}>{p.deckName}</span>
                <div style={{ display: "flex", alignItems: "center", gap: 22, marginTop: 10 }}>
                  {Array.from({ length: replay.target }, (_, k) => (
                    <Gem key={k} held={k < p.emeralds} />
                  ))}
                  <span style={{ fontSize: 30, fontWeight: 700, marginLeft: 8 }}>
                    {p.emeralds}/{replay.target}
                  </span>
                </div>
                {p.won && <span style={{ display: "flex", fontSize: 26, fontWeight: 700, color: "#fbbf24" }}>Winner</span>}
              </div>
            </div>
          ))}
        </div>
        <div style={{ display: "flex", alignItems: "center", gap: 16, fontSize: 32, padding: "10px 28px", borderRadius: 999, background: "rgba(248,250,252,0.15)" }}>
          <span>{replay.result}</span>
          <span style={{ color: "#cbd5e1" }}>·</span>
          <span style={{ color: "#cbd5e1" }}>
            {replay.turns} {replay.turns === 1 ? "turn" : "turns"}
          </span>
        </div>
      </div>
    </OgFrame>
  );
}
