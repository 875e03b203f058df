// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { tooltipMain } from "./tooltip";

const TAILS = [
  { title: "Tails", set: "DEMO", setName: "Demo", number: 2, rings: 3, colors: ["yellow"], traits: ["Animal"], text: "When flipped: <b>x</b>" },
  { title: "Tails", set: "DEMO", setName: "Demo", number: 52, rings: 3, colors: ["blue"], traits: ["Animal"], text: "" },
];

function page(html: string) {
  document.body.innerHTML = html;
  const fetch = vi.fn(async (url: string) => new Response(JSON.stringify({ data: url.includes(encodeURIComponent('!"Tails"')) ? TAILS : [] }), { status: 200 }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the card-tooltip script", () => {
  it("turns [[Card title]] in text into links, and leaves code, textareas and plain text alone", () => {
    page(`<p>Play [[Tails]] and [[Tails|DEMO-052]] first.</p><code>[[Tails]]</code><textarea>[[Tails]]</textarea><p>No cards [here].</p>`);
    expect(tooltipMain(window, "https://rb.example/tooltip.js")).toBe(2);
    const links = [...document.querySelectorAll<HTMLAnchorElement>("a.rb-card")];
    expect(links.map((a) => a.textContent)).toEqual(["Tails", "Tails"]);
    expect(links[1].href).toBe("https://rb.example/cards/DEMO/52");
    expect(links[0].href).toContain("https://rb.example/cards?q=");
    expect(document.querySelector("p")!.textContent).toBe("Play Tails and Tails first.");
    expect(document.querySelector("code")!.textContent).toBe("[[Tails]]");
    expect(document.querySelector("textarea")!.value).toBe("[[Tails]]");
  });

  it("shows the card on keyboard focus (a tooltip the link is described by), as text, and Escape hides it", async () => {
    const fetch = page(`<p>[[Tails]]</p>`);
    tooltipMain(window, "https://rb.example/tooltip.js");
    const a = document.querySelector<HTMLAnchorElement>("a.rb-card")!;
    a.focus();
    await flush();
    await flush();
    const tip = document.getElementById(a.getAttribute("aria-describedby")!)!;
    expect(tip.getAttribute("role")).toBe("tooltip");
    expect(tip.hidden).toBe(false);
    expect(tip.querySelector("b")!.textContent).toBe("Tails");
    expect(tip.textContent).toContain("3 rings");
    expect(tip.textContent).toContain("1 more with this title");
    expect(tip.querySelector("p")!.textContent).toBe("When flipped: <b>x</b>"); // text, never HTML
    expect(a.href).toBe("https://rb.example/cards/DEMO/2");
    expect(fetch.mock.calls[0][0]).toMatch(/^https:\/\/rb\.example\/api\/v1\/cards\?q=/);
    a.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(tip.hidden).toBe(true);
    a.dispatchEvent(new MouseEvent("mouseenter"));
    await flush();
    await flush();
    expect(tip.hidden).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1); // one request a title
  });

  it("says so when no card has the title", async () => {
    page(`<p>[[Nobody]]</p>`);
    tooltipMain(window, "https://rb.example/tooltip.js");
    document.querySelector<HTMLAnchorElement>("a.rb-card")!.focus();
    await flush();
    await flush();
    expect(document.querySelector(".rb-tip")!.textContent).toBe("No card titled “Nobody”.");
  });

  it("the served script is the same function, self-contained, for any site (CORS), as JavaScript", async () => {
    const { GET } = await import("@/app/tooltip.js/route");
    const res = GET();
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const src = await res.text();
    expect(src).toContain("document.currentScript");
    page(`<p>[[Tails]]</p>`);
    Object.defineProperty(document, "currentScript", { configurable: true, value: { src: "https://rb.example/tooltip.js" } });
    new Function(src)();
    expect(document.querySelector<HTMLAnchorElement>("a.rb-card")!.href).toContain("https://rb.example/cards?q=");
  });
});
