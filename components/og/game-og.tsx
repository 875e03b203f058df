import type { GameOgView } from "@/lib/og/types";
import { OgFrame } from "./og-frame";

/** An online game's link preview: who plays with which deck, and where the game stands. Public facts only. */
export function GameOg({ game }: { game: GameOgView }) {
  return (
    <OgFrame kicker="Sonic X TCG · online game">
      <div style={{ display: "flex", flexDirection: "column", width: "100%", justifyContent: "center", alignItems: "center", gap: 36 }}>
        <div style={{ display: "flex", alignItems: "center", gap: 40 }}>
          {game.players.map((p, i) => (
            <div key={i} style={{ display: "flex", alignItems: "center", gap: 40 }}>
              {i > 0 && <span style={{ fontSize: 48, color: "#fbbf24", fontWeight: 700 }}>vs</span>}
              <div style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 8, maxWidth: 460 }}>
                <span style={{ fontSize: 60, fontWeight: 700 }}>{p.name}</span>
                <span style={{ fontSize: 28, color: "#cbd5e1" }}>{p.deckName}</span>
              </div>
            </div>
          ))}
        </div>
        <div style={{ display: "flex", fontSize: 34, padding: "10px 28px", borderRadius: 999, background: "rgba(248,250,252,0.15)" }}>{game.status}</div>
      </div>
    </OgFrame>
  );
}
