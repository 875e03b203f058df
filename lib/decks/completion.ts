/**
 * Completing a deck from a collection: which copies are missing, which owned
 * cards could stand in for them, a want list, and a trade binder (copies
 * beyond what any deck may hold). Pure; the DAL supplies the owned counts.
 */
import { titleKey } from "@/lib/catalog/keys";
import type { Color } from "@/lib/catalog/colors";
import { MAX_COPIES_PER_TITLE } from "./rules";

/** A printing with the facts a replacement is judged on. */
export interface CompletionCard {
  id: string;
  key: string;
  set: string;
  number: number;
  title: string;
  colors: readonly Color[];
  rings: number;
  traits: readonly string[];
}

/** A deck line with the viewer's owned copies of that printing. */
export interface CompletionLine {
  card: CompletionCard;
  quantity: number;
  owned: number;
}

/** A missing line: how many copies the collection lacks. */
export interface MissingLine {
  card: CompletionCard;
  missing: number;
}

/** The deck's lines the collection cannot fill, with how many copies are missing. */
export function missingLines(lines: readonly CompletionLine[]): MissingLine[] {
  return lines.filter((l) => l.quantity > l.owned).map((l) => ({ card: l.card, missing: l.quantity - Math.max(0, l.owned) }));
}

/**
 * How far `c` is from `want` as a stand-in: 0 for the same colours and printed
 * rings; then ring distance, colours not shared, and traits not shared.
 * Lower is closer.
 */
export function replacementDistance(want: CompletionCard, c: CompletionCard): number {
  const sameColours = want.colors.length === c.colors.length && want.colors.every((x) => c.colors.includes(x));
  const shared = c.colors.filter((x) => want.colors.includes(x)).length;
  const ringGap = Math.abs(want.rings - c.rings);
  const traitMiss = want.traits.length ? want.traits.filter((t) => !c.traits.includes(t)).length / want.traits.length : 0;
  if (sameColours && ringGap === 0) return traitMiss * 0.5;
  return 1 + ringGap + (shared === 0 ? 4 : sameColours ? 0 : 1.5) + traitMiss;
}

/** Owned stand-ins for one missing line, closest first. */
export interface Replacement {
  card: CompletionCard;
  /** Copies owned beyond what the deck already uses. */
  spare: number;
  distance: number;
  /** Same colours and printed rings as the missing card. */
  exact: boolean;
}

/**
 * For each missing line, up to `perLine` owned cards that could replace it:
 * same colours and printed ring value first, then the closest by
 * {@link replacementDistance}. Only copies the deck does not already use are
 * offered, and never one that would take a title over 5 copies.
 */
export function proposeReplacements(lines: readonly CompletionLine[], owned: readonly { card: CompletionCard; owned: number }[], perLine = 3): { line: MissingLine; options: Replacement[] }[] {
  const used = new Map<string, number>();
  const titles = new Map<string, number>();
  for (const l of lines) {
    used.set(l.card.id, (used.get(l.card.id) ?? 0) + l.quantity);
    titles.set(titleKey(l.card.title), (titles.get(titleKey(l.card.title)) ?? 0) + l.quantity);
  }
  return missingLines(lines).map((line) => {
    const options = owned
      .filter((o) => o.card.id !== line.card.id && titleKey(o.card.title) !== titleKey(line.card.title))
      .map((o) => ({ card: o.card, spare: o.owned - (used.get(o.card.id) ?? 0) }))
      .filter((o) => o.spare > 0 && (titles.get(titleKey(o.card.title)) ?? 0) < MAX_COPIES_PER_TITLE)
      .map((o) => {
        const distance = replacementDistance(line.card, o.card);
        return { ...o, distance, exact: distance < 1 };
      })
      .sort((a, b) => a.distance - b.distance || a.card.key.localeCompare(b.card.key))
      .slice(0, perLine);
    return { line, options };
  });
}

/** A want list or binder row, in the collection import/export columns. */
export interface TransferRow {
  set: string;
  number: number;
  title: string;
  quantity: number;
}

/** The missing copies as rows (importable as a collection file by a trading partner). */
export function wantListRows(missing: readonly MissingLine[]): TransferRow[] {
  return missing.map((m) => ({ set: m.card.set, number: m.card.number, title: m.card.title, quantity: m.missing })).sort((a, b) => a.set.localeCompare(b.set) || a.number - b.number);
}

/**
 * A trade binder: the copies of each title beyond the 5 any deck may hold.
 * The spare copies are taken from the printings held in the largest numbers
 * first (ties by set and number), so the 5 kept are spread over printings.
 */
export function tradeBinderRows(collection: readonly TransferRow[]): TransferRow[] {
  const byTitle = new Map<string, TransferRow[]>();
  for (const r of collection) {
    if (!(r.quantity > 0)) continue;
    const k = titleKey(r.title);
    byTitle.set(k, [...(byTitle.get(k) ?? []), { ...r }]);
  }
  const out: TransferRow[] = [];
  for (const rows of byTitle.values()) {
    let spare = rows.reduce((n, r) => n + r.quantity, 0) - MAX_COPIES_PER_TITLE;
    if (spare <= 0) continue;
    const order = [...rows].sort((a, b) => b.quantity - a.quantity || a.set.localeCompare(b.set) || a.number - b.number);
    // take one copy at a time from the printing with the most copies left
    const left = new Map(order.map((r) => [r, r.quantity]));
    const taken = new Map<TransferRow, number>();
    while (spare > 0) {
      let best = order[0];
      for (const r of order) if ((left.get(r) ?? 0) > (left.get(best) ?? 0)) best = r;
      left.set(best, (left.get(best) ?? 0) - 1);
      taken.set(best, (taken.get(best) ?? 0) + 1);
      spare--;
    }
    for (const [r, q] of taken) out.push({ set: r.set, number: r.number, title: r.title, quantity: q });
  }
  return out.sort((a, b) => a.set.localeCompare(b.set) || a.number - b.number);
}
