/**
 * Elo ratings by maximum likelihood (pure). The model is Bradley–Terry on
 * the Elo scale: entrant a scores against b with probability
 * 1 / (1 + 10^((Rb − Ra) / 400)); a draw counts half a win to each. Newton's
 * method maximises the likelihood of a table of results; every pair that met
 * also gets `prior` virtual drawn games (default 1), so an entrant that won
 * every game still has a finite rating. Ratings are centred on `mean`
 * (default 1500); intervals are ±1.96 standard errors from the inverse of the
 * information matrix.
 */
import { solveLinear } from "../linear-solve";

/** The results of entrant a against entrant b: a's score (wins + draws / 2) out of `games`. */
export interface EloResult {
  a: number;
  b: number;
  games: number;
  scoreA: number;
}

/** One entrant's fitted rating. */
export interface EloRating {
  rating: number;
  /** Standard error of the rating (Elo points). */
  se: number;
  /** 95% interval. */
  lo: number;
  hi: number;
}

const K = Math.LN10 / 400;

/** The Elo model's expected score of a rating difference `d` = Ra − Rb. */
export function eloExpected(d: number): number {
  return 1 / (1 + Math.pow(10, -d / 400));
}

/** Fit ratings for `n` entrants from a results table (maximum likelihood, see the module comment). */
export function fitElo(n: number, results: readonly EloResult[], opts: { mean?: number; prior?: number; iterations?: number } = {}): EloRating[] {
  const mean = opts.mean ?? 1500;
  const prior = opts.prior ?? 1;
  const g: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const s: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const r of results) {
    if (r.a === r.b || r.games <= 0) continue;
    g[r.a][r.b] += r.games;
    g[r.b][r.a] += r.games;
    s[r.a][r.b] += r.scoreA;
    s[r.b][r.a] += r.games - r.scoreA;
  }
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      if (i !== j && g[i][j] > 0) {
        g[i][j] += prior;
        s[i][j] += prior / 2;
      }
  // Entrant 0 is held at 0 while fitting; the rest move (n − 1 unknowns).
  const x = new Array<number>(n).fill(0);
  const info = (): number[][] => {
    const h: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        if (i === j || g[i][j] === 0) continue;
        const p = eloExpected(x[i] - x[j]);
        const w = K * K * g[i][j] * p * (1 - p);
        h[i][i] += w;
        h[i][j] -= w;
      }
    return h;
  };
  for (let it = 0; it < (opts.iterations ?? 50); it++) {
    const grad = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && g[i][j] > 0) grad[i] += K * (s[i][j] - g[i][j] * eloExpected(x[i] - x[j]));
    const h = info();
    const sub = h.slice(1).map((row) => row.slice(1));
    const step = n > 1 ? solveLinear(sub, grad.slice(1)) : [];
    let big = 0;
    for (let i = 1; i < n; i++) {
      const d = Math.max(-400, Math.min(400, step[i - 1]));
      x[i] += d;
      big = Math.max(big, Math.abs(d));
    }
    if (big < 1e-7) break;
  }
  // Covariance with entrant 0 fixed, then centred: C' = P C P with P = I − 11ᵀ/n.
  const h = info();
  const sub = h.slice(1).map((row) => row.slice(1));
  const cov: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let k = 1; k < n; k++) {
    const e = new Array<number>(n - 1).fill(0);
    e[k - 1] = 1;
    const col = solveLinear(sub, e);
    for (let i = 1; i < n; i++) cov[i][k] = col[i - 1];
  }
  const rowMean = cov.map((row) => row.reduce((a, b) => a + b, 0) / n);
  const all = rowMean.reduce((a, b) => a + b, 0) / n;
  const shift = mean - x.reduce((a, b) => a + b, 0) / n;
  return x.map((xi, i) => {
    const v = Math.max(0, cov[i][i] - 2 * rowMean[i] + all);
    const se = Math.sqrt(v);
    const rating = xi + shift;
    return { rating, se, lo: rating - 1.959964 * se, hi: rating + 1.959964 * se };
  });
}
