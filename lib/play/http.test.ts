import { afterEach, describe, expect, it } from "vitest";
import { assertSameOrigin } from "./http";

afterEach(() => {
  delete process.env.TRUST_PROXY;
});

function post(headers: Record<string, string>): Request {
  return new Request("http://internal:3000/api/play/x", { method: "POST", headers });
}

describe("assertSameOrigin (the game routes)", () => {
  it("without TRUST_PROXY compares the Origin with Host, never with X-Forwarded-Host", () => {
    // a page on evil.example naming itself in X-Forwarded-Host does not pass
    expect(() => assertSameOrigin(post({ host: "rb.example", origin: "https://evil.example", "x-forwarded-host": "evil.example" }), true)).toThrow(/own pages/);
    expect(() => assertSameOrigin(post({ host: "rb.example", origin: "https://rb.example", "x-forwarded-host": "evil.example" }), true)).not.toThrow();
  });

  it("behind trusted proxies compares it with the first X-Forwarded-Host entry", () => {
    process.env.TRUST_PROXY = "1";
    expect(() => assertSameOrigin(post({ host: "internal:3000", origin: "https://rb.example", "x-forwarded-host": "rb.example" }), true)).not.toThrow();
    expect(() => assertSameOrigin(post({ host: "internal:3000", origin: "https://internal:3000", "x-forwarded-host": "rb.example" }), true)).toThrow(/own pages/);
  });

  it("refuses a cross-site fetch and, where asked, a post without Origin", () => {
    expect(() => assertSameOrigin(post({ host: "rb.example", origin: "https://rb.example", "sec-fetch-site": "cross-site" }), true)).toThrow();
    expect(() => assertSameOrigin(post({ host: "rb.example" }), true)).toThrow();
    expect(() => assertSameOrigin(post({ host: "rb.example" }), false)).not.toThrow();
  });
});
