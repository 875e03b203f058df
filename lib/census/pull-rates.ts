import { RARITIES } from "@/lib/catalog/rarity";
import type { PullRateFigure } from "@/lib/census/types";

/**
 * Pull-rate statistics, pure. Figures are shown only when at least
 * MIN_CONTRIBUTORS different people's packs are behind them, so no figure
 * tells what one person (or a few) opened.
 */
export const MIN_CONTRIBUTORS = 5;

/** The 95% Wilson score interval of k successes in n trials ([0, 0] for no trials). */
export function wilsonInterval(k: number, n: number, z = 1.96): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 0 };
  const p = k / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denom = 1 + z2 / n;
  return { low: Math.max(0, (centre - margin) / denom), high: Math.min(1, (centre + margin) / denom) };
}

/** One logged pack as the statistics see it: whose it is and the rarity of each card in it (with quantities). */
export type PackFact = { userId: string; cards: { rarity: string; quantity: number }[] };

/**
 * The aggregate over packs: cards per pack, and per rarity the share of packs
 * holding at least one (with its Wilson interval) and the mean count per pack.
 * Null when fewer than `minimum` people contributed.
 */
export function pullRates(packs: readonly PackFact[], minimum = MIN_CONTRIBUTORS): { contributors: number; packs: number; cardsPerPack: number; figures: PullRateFigure[] } | { contributors: number; packs: null } {
  const contributors = new Set(packs.map((p) => p.userId)).size;
  if (contributors < minimum || packs.length === 0) return { contributors, packs: null };
  const n = packs.length;
  const total = packs.reduce((s, p) => s + p.cards.reduce((t, c) => t + c.quantity, 0), 0);
  const figures = RARITIES.map((rarity) => {
    const counts = packs.map((p) => p.cards.filter((c) => c.rarity === rarity).reduce((t, c) => t + c.quantity, 0));
    const packsWith = counts.filter((c) => c > 0).length;
    const { low, high } = wilsonInterval(packsWith, n);
    return { rarity, packs: n, packsWith, rate: packsWith / n, low, high, perPack: counts.reduce((a, b) => a + b, 0) / n };
  }).filter((f) => f.packsWith > 0);
  return { contributors, packs: n, cardsPerPack: total / n, figures };
}
