import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { artHref, artVersion, cardArtSvg, type ArtInput } from "@/lib/catalog/art";

const demo = JSON.parse(readFileSync("data/demo-set.json", "utf8")) as { set: { code: string }; cards: Omit<ArtInput, "set">[] };
const cards: ArtInput[] = demo.cards.map((c) => ({ ...c, set: demo.set.code }));

describe("generated card art", () => {
  it("draws every demo card differently", () => {
    const svgs = cards.map(cardArtSvg);
    expect(new Set(svgs).size).toBe(cards.length);
  });

  it("is deterministic and changes with the card's data", () => {
    const c = cards[0];
    expect(cardArtSvg(c)).toBe(cardArtSvg({ ...c }));
    expect(cardArtSvg({ ...c, title: `${c.title} EX` })).not.toBe(cardArtSvg(c));
    expect(artVersion({ ...c, colors: ["red"] })).not.toBe(artVersion(c));
    expect(artHref(c)).toMatch(new RegExp(`^/art/${c.set}/${c.number}\\.svg\\?v=[0-9a-z]+$`));
  });

  it("escapes the title and references nothing outside itself", () => {
    const svg = cardArtSvg({ ...cards[0], title: `<script>"x"&'y'</script>` });
    expect(svg).not.toContain("<script>");
    expect(svg).not.toMatch(/href=|url\((?!#g\))/);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it("draws one ring per printed ring, and an emblem per trait", () => {
    const five = cardArtSvg({ ...cards[0], rings: 5 });
    expect(five.match(/stroke="#f59e0b"/g)).toHaveLength(5);
    const robot = cardArtSvg({ ...cards[0], traits: ["Robot"] });
    const place = cardArtSvg({ ...cards[0], traits: ["Place"] });
    expect(robot).not.toBe(place);
  });
});
