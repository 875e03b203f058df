/**
 * Interval estimates for the matchup lab: the Wilson score interval shown to
 * players, and the time-uniform confidence sequence that decides when a run
 * may stop. Pure functions, shared by the browser lab and the CLI.
 */
import { wilson } from "@/lib/engine";

/** 95% two-sided normal quantile. */
export const Z95 = 1.959964;

/** Wilson score interval for `k` successes in `n` trials (95% by default). */
export function wilsonInterval(k: number, n: number, z = Z95): [number, number] {
  return wilson(k, n, z);
}

/**
 * Mixture parameter of the confidence sequence: the boundary is tightest
 * around `n ≈ 4ρ·(2 ln(1/α) + …)` games, i.e. a few hundred to a few thousand,
 * where lab runs stop.
 */
export const MIXTURE_RHO = 64;

/**
 * Half-width of the two-sided normal-mixture confidence sequence (Robbins;
 * Howard, Ramdas, McAuliffe and Sekhon 2021) for the mean of `n` outcomes in
 * [0, 1] (1/2-sub-Gaussian, so the variance process is V = n/4).
 *
 * The mixture martingale M_n = sqrt(ρ/(V+ρ))·exp(S_n²/(2(V+ρ))) and Ville's
 * inequality give P(∃n: |S_n| ≥ sqrt((V+ρ)(2 ln(1/α) + ln((V+ρ)/ρ)))) ≤ α,
 * where S_n is the sum of (outcome − true mean). The interval
 * mean ± halfWidth therefore holds at every n simultaneously: a run may look
 * after every game and stop whenever it likes without losing coverage.
 */
export function sequenceHalfWidth(n: number, alpha = 0.05, rho = MIXTURE_RHO): number {
  if (n <= 0) return Infinity;
  const v = n / 4 + rho;
  return Math.sqrt(v * (2 * Math.log(1 / alpha) + Math.log(v / rho))) / n;
}

/** The confidence sequence around `k` wins in `n` games, clipped to [0, 1]. */
export function confidenceSequence(k: number, n: number, alpha = 0.05, rho = MIXTURE_RHO): [number, number] {
  if (n <= 0) return [0, 1];
  const m = k / n;
  const h = sequenceHalfWidth(n, alpha, rho);
  return [Math.max(0, m - h), Math.min(1, m + h)];
}

/** When a lab run stops: after `maxGames`, or once the confidence sequence is narrower than `width`. */
export interface StopRule {
  /** Full width (hi − lo) of the confidence sequence at which to stop, e.g. 0.05 for ±2.5 points. */
  width: number;
  /** Hard cap on games per matchup. */
  maxGames: number;
  /** Error level of the confidence sequence (0.05: 95%). */
  alpha?: number;
}

/** Why a run stopped, or null while it should go on. */
export type StopReason = "precision" | "max-games" | null;

/**
 * The sequential stopping rule: stop when the time-uniform 95% confidence
 * sequence of the win rate is narrower than `rule.width` (valid under
 * optional stopping, unlike re-checking a fixed-n interval), or after
 * `rule.maxGames` games.
 */
export function stopReason(k: number, n: number, rule: StopRule): StopReason {
  if (n >= rule.maxGames) return "max-games";
  if (n > 0) {
    const [lo, hi] = confidenceSequence(k, n, rule.alpha ?? 0.05);
    if (hi - lo < rule.width) return "precision";
  }
  return null;
}

/** Games needed before the confidence sequence can be narrower than `width` (its half-width ignores k). */
export function gamesForWidth(width: number, alpha = 0.05, rho = MIXTURE_RHO): number {
  let lo = 1;
  let hi = 1;
  while (2 * sequenceHalfWidth(hi, alpha, rho) >= width) {
    hi *= 2;
    if (hi > 1e9) return Infinity;
  }
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (2 * sequenceHalfWidth(mid, alpha, rho) < width) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
