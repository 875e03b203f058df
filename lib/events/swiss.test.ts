import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { derivedRounds, pairSwissRound, type SwissPlayer } from "./swiss";

/** Whether the players can all be paired without a rematch (brute force, independent of the module). */
function perfectExists(players: SwissPlayer[]): boolean {
  if (players.length === 0) return true;
  const [a, ...rest] = players;
  return rest.some((b) => !a.opponents.includes(b.id) && perfectExists(rest.filter((x) => x !== b)));
}

type Sim = { id: string; points: number; opponents: string[]; hadBye: boolean };

describe("pairSwissRound", () => {
  it("never pairs a rematch, pairs everyone once, and gives the bye to the lowest-ranked player without one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 17 }), fc.integer({ min: 0, max: 3 }), fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 200, maxLength: 200 }), (n, extra, results) => {
        const players: Sim[] = Array.from({ length: n }, (_, i) => ({ id: `p${i}`, points: 0, opponents: [], hadBye: false }));
        let k = 0;
        for (let round = 1; round <= derivedRounds(n) + extra; round++) {
          // standings order: points, then a fixed order (the module takes any order as the ranking)
          const order = [...players].sort((a, b) => b.points - a.points || a.id.localeCompare(b.id));
          const p = pairSwissRound(order);
          if (!p) {
            // only when no receiver of the bye (or nobody, for an even count) leaves a rematch-free pairing
            const options = n % 2 === 0 ? [order] : order.map((r) => order.filter((x) => x !== r));
            expect(options.some(perfectExists)).toBe(false);
            return;
          }
          const seen = p.pairs.flat().concat(p.bye ? [p.bye] : []);
          expect(new Set(seen).size).toBe(n);
          expect(seen.length).toBe(n);
          expect(p.bye === null).toBe(n % 2 === 0);
          for (const [a, b] of p.pairs) expect(players.find((x) => x.id === a)!.opponents).not.toContain(b);
          if (p.bye) {
            const at = order.findIndex((x) => x.id === p.bye);
            const receiver = order[at];
            const couldTake = (x: Sim) => perfectExists(order.filter((y) => y !== x));
            // a second bye only when nobody without one could take it
            if (receiver.hadBye) expect(order.filter((x) => !x.hadBye).some(couldTake)).toBe(false);
            // everyone ranked below (without a bye, or any when the receiver already had one) could not have taken it: the rest would need a rematch
            for (const lower of order.slice(at + 1)) if (!lower.hadBye || receiver.hadBye) expect(couldTake(lower)).toBe(false);
            receiver.hadBye = true;
            receiver.points += 3;
          }
          for (const [a, b] of p.pairs) {
            const pa = players.find((x) => x.id === a)!;
            const pb = players.find((x) => x.id === b)!;
            pa.opponents.push(b);
            pb.opponents.push(a);
            const r = results[k++ % results.length];
            if (r === 0) pa.points += 3;
            else if (r === 1) pb.points += 3;
            else {
              pa.points += 1;
              pb.points += 1;
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("pairs the top half of a score group against its bottom half (Dutch)", () => {
    const ps = ["a", "b", "c", "d"].map((id) => ({ id, points: 0, opponents: [], hadBye: false }));
    expect(pairSwissRound(ps)).toEqual({ pairs: [["a", "c"], ["b", "d"]], bye: null });
  });

  it("gives the bye to the lowest-ranked player who has not had one", () => {
    const ps = [
      { id: "a", points: 3, opponents: [], hadBye: false },
      { id: "b", points: 0, opponents: [], hadBye: false },
      { id: "c", points: 0, opponents: [], hadBye: true },
    ];
    expect(pairSwissRound(ps)?.bye).toBe("b");
  });

  it("returns null when every pairing would be a rematch", () => {
    const ps = [
      { id: "a", points: 3, opponents: ["b"], hadBye: false },
      { id: "b", points: 0, opponents: ["a"], hadBye: false },
    ];
    expect(pairSwissRound(ps)).toBeNull();
  });

  it("derives ⌈log2 n⌉ rounds", () => {
    expect([2, 3, 4, 5, 8, 9, 16, 17].map(derivedRounds)).toEqual([1, 2, 2, 3, 3, 4, 4, 5]);
  });
});
