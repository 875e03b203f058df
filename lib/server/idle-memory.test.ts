import { describe, expect, it, vi } from "vitest";
import { fullGc, idleTrimmer } from "./idle-memory";

describe("idle memory trim", () => {
  it("trims once per quiet spell, never while requests keep coming, and not before the first request", () => {
    let t = 0;
    const trim = vi.fn();
    const trimmer = idleTrimmer(20_000, trim, () => t);
    t = 60_000;
    expect(trimmer.tick()).toBe(false); // started quiet: nothing to give back
    for (let i = 0; i < 10; i++) {
      t += 5_000;
      trimmer.touch();
      expect(trimmer.tick()).toBe(false);
    }
    t += 19_999;
    expect(trimmer.tick()).toBe(false);
    t += 1;
    expect(trimmer.tick()).toBe(true);
    t += 60_000;
    expect(trimmer.tick()).toBe(false); // once per spell
    expect(trim).toHaveBeenCalledTimes(1);
    trimmer.touch();
    t += 20_000;
    expect(trimmer.tick()).toBe(true);
    expect(trim).toHaveBeenCalledTimes(2);
  });

  it("finds V8's full collection without --expose-gc, and it gives reserved heap back", () => {
    const gc = fullGc();
    expect(typeof gc).toBe("function");
    let garbage: string[][] = [];
    for (let i = 0; i < 200; i++) {
      garbage.push(Array.from({ length: 20_000 }, (_, j) => `${i}:${j}`));
      if (garbage.length > 10) garbage.shift();
    }
    garbage = [];
    const before = process.memoryUsage().heapUsed;
    gc();
    expect(process.memoryUsage().heapUsed).toBeLessThan(before);
    expect(garbage).toEqual([]);
  });
});
