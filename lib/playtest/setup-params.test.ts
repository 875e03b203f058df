import { describe, expect, it } from "vitest";
import { deckListKeys, starterDeckKeys } from "./cards";
import { parseSetupParams, resolveSetup } from "./setup-params";
import { demoCatalog } from "@/lib/playtest/test-catalog";

describe("playtest setup params", () => {
  it("defaults to two different starter decks, random AI, priority rule", () => {
    const c = parseSetupParams({});
    expect(c.source).toEqual({ kind: "starter", slug: "team-sonic-speed" });
    expect(c.opp).toBe("eggman-empire");
    expect(c).toMatchObject({ level: "random", rule: "priority", seed: null, start: false });
  });

  it("reads deck links and lets a starter picked in the form override them", () => {
    expect(parseSetupParams({ deck: "abc" }).source).toEqual({ kind: "deck", deckId: "abc" });
    expect(parseSetupParams({ slug: "s1" }).source).toEqual({ kind: "slug", slug: "s1" });
    expect(parseSetupParams({ code: "XYZ" }).source).toEqual({ kind: "code", code: "XYZ" });
    expect(parseSetupParams({ deck: "abc", you: "linked" }).source).toEqual({ kind: "deck", deckId: "abc" });
    expect(parseSetupParams({ deck: "abc", you: "chaotix-mix" }).source).toEqual({ kind: "starter", slug: "chaotix-mix" });
    expect(parseSetupParams({ deck: "x".repeat(65) }).source.kind).toBe("starter");
    // the form's picker names one of your decks in the starters' radio group, over a linked deck
    expect(parseSetupParams({ you: "deck:mine" }).source).toEqual({ kind: "deck", deckId: "mine" });
    expect(parseSetupParams({ slug: "shared", you: "deck:mine" }).source).toEqual({ kind: "deck", deckId: "mine" });
    expect(parseSetupParams({ you: "deck:mine" }).you).toBe("linked");
    expect(parseSetupParams({ you: `deck:${"x".repeat(65)}` }).source.kind).toBe("starter");
  });

  it("manual corrections are on unless turned off (the form sends a hidden 0 before the checkbox's 1)", () => {
    expect(parseSetupParams({}).corrections).toBe(true);
    expect(parseSetupParams({ corrections: "0" }).corrections).toBe(false);
    expect(parseSetupParams({ corrections: ["0", "1"] }).corrections).toBe(true);
    const on = resolveSetup(parseSetupParams({ start: "1" }), 1, demoCatalog());
    expect(on.ok && on.setup.rules.manualCorrections).toEqual([0]);
    const off = resolveSetup(parseSetupParams({ start: "1", corrections: "0" }), 1, demoCatalog());
    expect(off.ok && off.setup.rules).not.toHaveProperty("manualCorrections");
  });

  it("rejects malformed seeds and unknown levels", () => {
    expect(parseSetupParams({ seed: "12ab" }).seed).toBeNull();
    expect(parseSetupParams({ seed: "99999999999" }).seed).toBeNull();
    expect(parseSetupParams({ seed: "42" }).seed).toBe(42);
    expect(parseSetupParams({ level: "search" }).level).toBe("search");
  });

  it("resolves a linked deck's card keys, and names an unknown card", () => {
    const keys = deckListKeys([
      { set: "DEMO", number: 1, quantity: 3 },
      { set: "DEMO", number: 2, quantity: 2 },
    ]);
    expect(keys).toEqual(["DEMO-001", "DEMO-001", "DEMO-001", "DEMO-002", "DEMO-002"]);
    const c = parseSetupParams({ start: "1", deck: "abc" });
    const r = resolveSetup(c, 1, demoCatalog(), { name: "Mine", keys: starterDeckKeys("chaotix-mix")! });
    expect(r.ok && r.setup.deckNames).toEqual(["Mine", "Eggman Empire"]);
    const bad = resolveSetup(c, 1, demoCatalog(), { name: "Mine", keys: ["PROMO-001"] });
    expect(bad).toMatchObject({ ok: false, error: { code: "playtest/unknown-card" } });
  });
});
