/** "1 ring", "0 rings", "3 rings": a ring count in words. */
export function ringsText(n: number): string {
  return `${n} ${n === 1 ? "ring" : "rings"}`;
}
