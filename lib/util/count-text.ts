/**
 * A whole number as English writes it, "12,345": what `n.toLocaleString("en")`
 * gives for integers, without ICU. The first toLocaleString or Intl formatter
 * of a page loads ICU's locale data on the main thread (about 4 ms on a fast
 * core, 16 ms at Lighthouse's 4× slowdown), inside the task that renders a
 * shared deck's counts as they arrive. Other values go to toLocaleString.
 */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en");
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? `-${digits}` : digits;
}
