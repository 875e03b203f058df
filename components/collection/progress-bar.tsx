/** An accessible progress bar: role=progressbar with its value, and the figures as text beside it. */
export function ProgressBar({
  label,
  value,
  max,
  tone = "blue",
  size = "md",
}: {
  label: string;
  value: number;
  max: number;
  tone?: "blue" | "amber";
  size?: "sm" | "md";
}) {
  const pct = max > 0 ? Math.round((value / max) * 1000) / 10 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={`${value} of ${max} (${pct}%)`}
      className={`w-full overflow-hidden rounded-full bg-slate-200 ${size === "sm" ? "h-1.5" : "h-3"}`}
    >
      <div className={`h-full rounded-full ${tone === "blue" ? "bg-blue-600" : "bg-amber-500"}`} style={{ width: `${Math.min(100, pct)}%` }} />
    </div>
  );
}
