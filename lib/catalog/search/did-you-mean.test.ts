import { describe, expect, it } from "vitest";
import { closestWord, didYouMean, editDistance } from "./did-you-mean";
import { parseQuery } from "./parser";

const vocab = { titleWords: new Set(["sonic", "hedgehog", "tails", "egg", "pawn", "metal"]), traits: new Map([["robot", "Robot"], ["animal", "Animal"]]) };
function suggest(q: string) {
  const p = parseQuery(q);
  if (!p.ok) throw new Error(p.error.message);
  return didYouMean(q, p.ast, vocab);
}

describe("did you mean", () => {
  it("measures edits, swaps of neighbours included, and stops early past the bound", () => {
    expect(editDistance("sonc", "sonic", 2)).toBe(1);
    expect(editDistance("robto", "robot", 2)).toBe(1);
    expect(editDistance("bleu", "blue", 1)).toBe(1);
    expect(editDistance("abc", "xyzxyz", 2)).toBe(3);
    expect(closestWord("tials", ["tails", "trails"])).toBe("tails");
    expect(closestWord("zzz", ["sonic"])).toBeNull();
  });

  it("rewrites only the unknown words, in place", () => {
    expect(suggest("sonc")).toEqual({ query: "sonic", changes: [{ from: "sonc", to: "sonic" }] });
    expect(suggest('Metl "hedgehgo" r>=2')).toEqual({ query: 'metal "hedgehog" r>=2', changes: [{ from: "Metl", to: "metal" }, { from: "hedgehgo", to: "hedgehog" }] });
    expect(suggest("-t:robto c:blue")).toEqual({ query: "-t:robot c:blue", changes: [{ from: "robto", to: "robot" }] });
  });

  it("leaves known words, parts of titles and far-off words alone", () => {
    expect(suggest("son")).toBeNull();
    expect(suggest("t:animal")).toBeNull();
    expect(suggest("qwxyz")).toBeNull();
    expect(didYouMean("", null, vocab)).toBeNull();
  });
});
