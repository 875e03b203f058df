import { afterEach, describe, expect, it } from "vitest";
import { contentSecurityPolicy, imageHosts, isAllowedImageUrl, shownImageUrl } from "@/lib/security-headers";
import { parseCatalogCard } from "@/lib/validation/catalog";

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
