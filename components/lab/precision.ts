/** A stopping precision in the one way the lab states it: the interval's half-width in win-rate points (0.05 → "±2.5 points"). */
export function precisionText(width: number): string {
  const half = Math.round(width * 500) / 10;
  return `±${half} ${half === 1 ? "point" : "points"}`;
}
