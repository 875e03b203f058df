import { describe, expect, it } from "vitest";
import { labQuery, parseLabParams, parseSource, sourceString } from "./params";

describe("lab params", () => {
  it("reads sources and pasted deck links", () => {
    expect(parseSource("starter:chaotix-mix")).toEqual({ kind: "starter", slug: "chaotix-mix" });
    expect(parseSource("deck:abc123")).toEqual({ kind: "deck", id: "abc123" });
    expect(parseSource("https://ringbinder.example/d/Ab_cd-12")).toEqual({ kind: "slug", slug: "Ab_cd-12" });
    expect(parseSource("/d/code/1.DEMO.a3")).toEqual({ kind: "code", code: "1.DEMO.a3" });
    expect(parseSource("nonsense")).toBeNull();
    expect(parseSource("starter:../etc")).toBeNull();
    expect(parseSource("")).toBeNull();
    for (const s of ["starter:x", "deck:y", "slug:zzzz", "code:1.a"]) expect(sourceString(parseSource(s)!)).toBe(s);
  });

  it("parses a run and says what it dropped", () => {
    const { choice, errors } = parseLabParams({ you: "starter:chaotix-mix", vs: ["starter:eggman-empire", "bad", "starter:eggman-empire"], a: "search", b: "nope", seed: "42", width: "0.1", max: "500", run: "1" });
    expect(choice.you).toEqual({ kind: "starter", slug: "chaotix-mix" });
    expect(choice.vs).toEqual([{ kind: "starter", slug: "eggman-empire" }]);
    expect(choice.agents).toEqual(["search", "heuristic"]);
    expect(choice.seed).toBe(42);
    expect(choice.width).toBe(0.1);
    expect(choice.maxGames).toBe(500);
    expect(choice.run).toBe(true);
    expect(errors).toHaveLength(1);
    expect(parseLabParams({ seed: "99999999999" }).errors[0]).toMatch(/seed/);
    expect(parseLabParams({ vs: ["starter:a"], n: "1,2" }).errors[0]).toMatch(/one whole number/);
    expect(parseLabParams({ vs: ["starter:a", "starter:b"], n: "10,20" }).choice.counts).toEqual([10, 20]);
  });

  it("round-trips through its query string", () => {
    const { choice } = parseLabParams({ you: "slug:abcdef", vs: ["starter:a", "code:1.x"], a: "random", b: "heuristic", width: "0.02", max: "10000" });
    const again = parseLabParams(Object.fromEntries([...new URLSearchParams(labQuery(choice, 7)).entries()].reduce((m, [k, v]) => m.set(k, k === "vs" ? [...((m.get(k) as string[]) ?? []), v] : v), new Map<string, string | string[]>())));
    expect(again.choice).toEqual({ ...choice, seed: 7, run: true });
  });
});
