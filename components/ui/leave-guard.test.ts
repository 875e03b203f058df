import { describe, expect, it } from "vitest";
import { isInAppLeave } from "./leave-guard";

const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const here = { href: "https://app.test/decks/abc?x=1", origin: "https://app.test" };
const a = (href: string, target = "", attrs: string[] = []) => ({ href, target, hasAttribute: (n: string) => attrs.includes(n) });

describe("isInAppLeave", () => {
  it("guards plain clicks on links to other pages of the app", () => {
    expect(isInAppLeave(click, a("https://app.test/cards/syntax"), here)).toBe(true);
    expect(isInAppLeave(click, a("/decks"), here)).toBe(true);
    expect(isInAppLeave(click, a("https://app.test/decks/abc?x=2"), here)).toBe(true);
    expect(isInAppLeave(click, a("https://app.test/decks/abc", "_self"), here)).toBe(true);
  });

  it("leaves alone what opens elsewhere, stays on the page or unloads it (beforeunload asks then)", () => {
    expect(isInAppLeave({ ...click, ctrlKey: true }, a("/decks"), here)).toBe(false);
    expect(isInAppLeave({ ...click, metaKey: true }, a("/decks"), here)).toBe(false);
    expect(isInAppLeave({ ...click, button: 1 }, a("/decks"), here)).toBe(false);
    expect(isInAppLeave({ ...click, defaultPrevented: true }, a("/decks"), here)).toBe(false);
    expect(isInAppLeave(click, a("/decks", "_blank"), here)).toBe(false);
    expect(isInAppLeave(click, a("/api/export", "", ["download"]), here)).toBe(false);
    expect(isInAppLeave(click, a("https://app.test/decks/abc?x=1#stats"), here)).toBe(false);
    expect(isInAppLeave(click, a("https://elsewhere.test/"), here)).toBe(false);
    expect(isInAppLeave(click, a("mailto:a@b.test"), here)).toBe(false);
  });
});
