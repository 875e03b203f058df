/**
 * The seeded PRNG (house rules 2 and 5): mulberry32, whose whole state is one
 * 32-bit integer kept inside the object that owns it (`GameState.rng`, or an
 * agent's own `{ rng }`), so a JSON round trip preserves it.
 */

/** Anything that carries a PRNG state. */
export interface RngHolder {
  rng: number;
}

/** Turn any number into a valid 32-bit PRNG state (RULES.md §3 shuffles use it). */
export function seedRng(seed: number): number {
  let h = (Math.floor(seed) ^ 0x9e3779b9) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** Next float in [0, 1); advances `r.rng`. */
export function nextFloat(r: RngHolder): number {
  let t = (r.rng = (r.rng + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Uniform integer in [0, n); advances `r.rng`. */
export function nextInt(r: RngHolder, n: number): number {
  return Math.floor(nextFloat(r) * n);
}

/** Fisher–Yates shuffle in place (RULES.md §3 and §4.5 reshuffles). */
export function shuffleInPlace<T>(r: RngHolder, a: T[]): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = nextInt(r, i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a;
}
