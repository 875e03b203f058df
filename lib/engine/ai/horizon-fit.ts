/**
 * Fitting the horizon value's weights (ai/horizon-value.ts): logistic
 * regression by Newton's method on positions labelled with the game's result
 * for the player they are seen from (1 win, ½ draw, 0 loss). Used by
 * scripts/fit-horizon-value.ts; pure and deterministic.
 */
import type { HorizonWeights } from "./horizon-value";
import { solveLinear } from "../linear-solve";

/** One labelled position: the features of horizonFeatures, and the result. */
export interface HorizonSample {
  f: readonly number[];
  y: number;
}

/** The model's 12 columns for features `f`: a one-hot emerald pair (9), lead, spare rings, hand rings. */
function row(f: readonly number[]): number[] {
  const x = new Array<number>(12).fill(0);
  x[3 * Math.min(2, f[0]) + Math.min(2, f[1])] = 1;
  x[9] = f[2];
  x[10] = f[3];
  x[11] = f[4];
  return x;
}

/** Maximum-likelihood weights (a tiny ridge keeps an emerald pair that never occurs at 0), and the mean log loss. */
export function fitHorizonWeights(samples: readonly HorizonSample[], iterations = 25): { weights: HorizonWeights; logLoss: number } {
  const xs = samples.map((s) => row(s.f));
  const w = new Array<number>(12).fill(0);
  const z = (x: number[]): number => x.reduce((t, xi, i) => t + xi * w[i], 0);
  for (let it = 0; it < iterations; it++) {
    const g = new Array<number>(12).fill(0);
    const h = Array.from({ length: 12 }, (_, i) => Array.from({ length: 12 }, (_, j) => (i === j ? 1e-6 : 0)));
    xs.forEach((x, k) => {
      const p = 1 / (1 + Math.exp(-z(x)));
      const q = p * (1 - p);
      for (let i = 0; i < 12; i++) {
        if (x[i] === 0) continue;
        g[i] += (samples[k].y - p) * x[i];
        for (let j = 0; j < 12; j++) if (x[j] !== 0) h[i][j] += q * x[i] * x[j];
      }
    });
    const step = solveLinear(h, g);
    let big = 0;
    for (let i = 0; i < 12; i++) {
      w[i] += step[i];
      big = Math.max(big, Math.abs(step[i]));
    }
    if (big < 1e-9) break;
  }
  let loss = 0;
  xs.forEach((x, k) => {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, 1 / (1 + Math.exp(-z(x)))));
    const y = samples[k].y;
    loss -= y * Math.log(p) + (1 - y) * Math.log(1 - p);
  });
  const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;
  return { weights: { cell: w.slice(0, 9).map(r4), lead: r4(w[9]), spare: r4(w[10]), hand: r4(w[11]) }, logLoss: loss / Math.max(1, samples.length) };
}
