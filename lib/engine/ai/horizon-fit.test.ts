/**
 * Fitting the horizon value (ai/horizon-fit.ts): on positions labelled by a
 * planted model, Newton's method finds the planted weights again.
 */
import { describe, expect, it } from "vitest";
import { nextInt, seedRng } from "../rng";
import { fitHorizonWeights, type HorizonSample } from "./horizon-fit";
import { horizonLogit, type HorizonWeights } from "./horizon-value";

const PLANTED: HorizonWeights = { cell: [0, -0.5, -1.4, 0.5, 0, -0.7, 1.4, 0.7, 0], lead: -0.2, spare: 0.03, hand: 0.05 };

describe("fitting the horizon value", () => {
  it("recovers planted weights from labelled positions", () => {
    const r = { rng: seedRng(5) };
    const samples: HorizonSample[] = [];
    for (let i = 0; i < 30000; i++) {
      const f = [nextInt(r, 3), nextInt(r, 3), nextInt(r, 2), nextInt(r, 41) - 20, nextInt(r, 41) - 20];
      const p = 1 / (1 + Math.exp(-horizonLogit(f, PLANTED)));
      samples.push({ f, y: nextInt(r, 1_000_000) / 1_000_000 < p ? 1 : 0 });
    }
    const { weights, logLoss } = fitHorizonWeights(samples);
    weights.cell.forEach((w, i) => expect(Math.abs(w - PLANTED.cell[i])).toBeLessThan(0.15));
    expect(Math.abs(weights.lead - PLANTED.lead)).toBeLessThan(0.1);
    expect(Math.abs(weights.spare - PLANTED.spare)).toBeLessThan(0.01);
    expect(Math.abs(weights.hand - PLANTED.hand)).toBeLessThan(0.01);
    expect(logLoss).toBeLessThan(Math.LN2);
  });
});
