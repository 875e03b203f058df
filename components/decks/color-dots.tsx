import type { Color } from "@/lib/catalog/colors";

const FILL: Record<Color, string> = { blue: "#2563eb", red: "#dc2626", yellow: "#eab308", gray: "#6b7280" };

/** Small colored dots with the color names for screen readers. */
export function ColorDots({ colors }: { colors: readonly Color[] }) {
  if (colors.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <span className="inline-flex items-center gap-1" aria-label={colors.join(", ")} role="img">
      {colors.map((c) => (
        <span key={c} className="h-3 w-3 rounded-full" style={{ background: FILL[c] }} title={c} />
      ))}
    </span>
  );
}
