import type { ReactNode } from "react";

/**
 * The frame of every link preview (1200×630, drawn by satori: flex layouts and
 * inline styles only): a dark band with the site's name, then the content.
 */
export const OG_COLORS: Record<string, string> = { blue: "#2563eb", red: "#dc2626", yellow: "#eab308", gray: "#6b7280" };

export function OgFrame({ kicker, children }: { kicker: string; children: ReactNode }) {
  return (
    <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", background: "linear-gradient(135deg, #0f172a 0%, #1e3a8a 100%)", color: "#f8fafc", fontFamily: "Inter", padding: 48 }}>
      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", fontSize: 28 }}>
        <div style={{ display: "flex", alignItems: "center", gap: 14 }}>
          <div style={{ width: 40, height: 40, borderRadius: 20, border: "6px solid #fbbf24", display: "flex" }} />
          <span style={{ fontWeight: 700 }}>Ringbinder</span>
        </div>
        <span style={{ color: "#cbd5e1" }}>{kicker}</span>
      </div>
      <div style={{ display: "flex", flex: 1, marginTop: 32 }}>{children}</div>
    </div>
  );
}

export function ColorDots({ colors, size = 26 }: { colors: readonly string[]; size?: number }) {
  return (
    <div style={{ display: "flex", gap: 8 }}>
      {colors.map((c) => (
        <div key={c} style={{ width: size, height: size, borderRadius: size / 2, background: OG_COLORS[c] ?? "#94a3b8", border: "3px solid #f8fafc", display: "flex" }} />
      ))}
    </div>
  );
}
