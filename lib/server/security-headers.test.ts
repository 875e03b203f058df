import { afterEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { contentSecurityPolicy, imageHosts, isAllowedImageUrl, shownImageUrl } from "@/lib/server/security-headers";
import { cachedPagePolicy, inlineScriptHashes } from "@/lib/server/csp-policy.cjs";
import { parseCatalogCard } from "@/lib/catalog/schemas";

afterEach(() => {
  delete process.env.IMAGE_HOSTS;
});

describe("Content-Security-Policy", () => {
  it("production: scripts only by nonce, no eval, no framing, images from self and the allowed hosts", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123", dev: false, https: true, imageHosts: ["https://img.example.com"] });
    const directives = Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));
    expect(directives["script-src"]).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(csp).not.toContain("unsafe-eval");
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["img-src"]).toEqual(["'self'", "data:", "blob:", "https://img.example.com"]);
    expect(directives["upgrade-insecure-requests"]).toEqual([]);
  });

  it("development adds only what Next's dev server needs", () => {
    const csp = contentSecurityPolicy({ nonce: "n", dev: true, https: false, imageHosts: [] });
    expect(csp).toContain("'unsafe-eval'");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });
});

describe("the policy of cached pages (no nonce: script hashes)", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
  const html =
    '<html><head><script>theme()</script><script src="/_next/static/chunks/a.js" async=""></script></head>' +
    '<body><script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"x<\\/script>"])</script>' +
    '<script>theme()</script><script></script><script type="application/ld+json">{"a":1}</script></body></html>';

  it("hashes exactly the inline scripts of the page, once each, and not the external ones", () => {
    expect(inlineScriptHashes(html)).toEqual([sha("theme()"), sha("(self.__next_f=self.__next_f||[]).push([0])"), sha('self.__next_f.push([1,"x<\\/script>"])'), sha('{"a":1}')]);
  });

  it("allows the app's files and those hashes: no nonce, no unsafe-inline, no unsafe-eval, no framing", () => {
    process.env.IMAGE_HOSTS = "https://img.example.com";
    const csp = cachedPagePolicy(html);
    const directives = Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));
    expect(directives["script-src"]).toEqual(["'self'", ...inlineScriptHashes(html)]);
    expect(csp).not.toMatch(/'nonce-|unsafe-eval/);
    expect(directives["script-src"]).not.toContain("'unsafe-inline'");
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["img-src"]).toEqual(["'self'", "data:", "blob:", "https://img.example.com"]);
  });
});

describe("image host allow-list", () => {
  it("reads https origins from IMAGE_HOSTS and ignores anything else", () => {
    process.env.IMAGE_HOSTS = "https://img.example.com, cdn.example.org ,http://plain.example, not a url";
    expect(imageHosts()).toEqual(["https://img.example.com", "https://cdn.example.org"]);
    expect(isAllowedImageUrl("https://img.example.com/a.png")).toBe(true);
    expect(isAllowedImageUrl("https://evil.example/a.png")).toBe(false);
    expect(isAllowedImageUrl("/cards/a.png")).toBe(true);
    expect(isAllowedImageUrl("//evil.example/a.png")).toBe(false);
    expect(shownImageUrl("https://evil.example/a.png")).toBeNull();
  });

  it("a card with an image from another host is refused with a message naming the setting", () => {
    process.env.IMAGE_HOSTS = "https://img.example.com";
    const base = { set: "DEMO", number: "5", title: "Knuckles", traits: ["Echidna"], colors: ["red"], rings: "3", rarity: "common", text: "", effect: "" };
    const bad = parseCatalogCard({ ...base, imageUrl: "https://evil.example/k.png" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.fieldErrors.imageUrl?.[0]).toMatch(/https:\/\/img\.example\.com.*IMAGE_HOSTS/);
    expect(parseCatalogCard({ ...base, imageUrl: "https://img.example.com/k.png" }).ok).toBe(true);
  });
});

describe("framing: only the embed pages may be framed by other sites", () => {
  it("the embed pages' policy allows any ancestor; every other page's allows none", async () => {
    const { isEmbedPath } = await import("@/lib/server/security-headers");
    const frame = (embed: boolean) => contentSecurityPolicy({ nonce: "n", dev: false, https: true, imageHosts: [], embed }).split("; ").find((d) => d.startsWith("frame-ancestors"));
    expect(frame(true)).toBe("frame-ancestors *");
    expect(frame(false)).toBe("frame-ancestors 'none'");
    expect(["/embed/d/abc", "/embed", "/embed/"].every(isEmbedPath)).toBe(true);
    expect(["/", "/d/abc", "/embedded", "/cards/embed/1"].some(isEmbedPath)).toBe(false);
  });

  it("X-Frame-Options: DENY on every path but /embed and below (next.config.js)", async () => {
    const { createRequire } = await import("node:module");
    const require = createRequire(import.meta.url);
    const config = require("../../next.config.js") as { headers: () => Promise<{ source: string; headers: { key: string; value: string }[] }[]> };
    const rules = (await config.headers()).filter((r) => r.headers.some((h) => h.key === "X-Frame-Options"));
    expect(rules).toHaveLength(1);
    expect(rules[0].headers).toContainEqual({ key: "X-Frame-Options", value: "DENY" });
    // "/:path(<regex>)": one named segment holding the whole path, matched as the regex
    const m = /^\/:path\((.*)\)$/.exec(rules[0].source);
    expect(m).not.toBeNull();
    const re = new RegExp(`^/(?:${m![1]})$`);
    for (const p of ["/", "/d/abc", "/cards/DEMO/1", "/embedded", "/api/v1/cards", "/play/g/abc"]) expect(re.test(p), p).toBe(true);
    for (const p of ["/embed", "/embed/d/abc"]) expect(re.test(p), p).toBe(false);
  });
});
