import { afterEach, describe, expect, it } from "vitest";
import { requestHost, requestIsHttps, sameOriginRequest } from "./request-host";

afterEach(() => {
  delete process.env.TRUST_PROXY;
});
const h = (o: Record<string, string>) => new Headers(o);

describe("requestHost and sameOriginRequest", () => {
  it("without TRUST_PROXY ignores X-Forwarded-Host, and refuses a post whose X-Forwarded-Host contradicts Host", () => {
    expect(requestHost(h({ host: "rb.example", "x-forwarded-host": "evil.example" }))).toBe("rb.example");
    expect(sameOriginRequest(h({ host: "rb.example", origin: "https://evil.example", "x-forwarded-host": "evil.example" }))).toBe(false);
    expect(sameOriginRequest(h({ host: "rb.example", origin: "https://rb.example", "x-forwarded-host": "evil.example" }))).toBe(false);
    expect(sameOriginRequest(h({ host: "rb.example", origin: "https://rb.example" }))).toBe(true);
    expect(sameOriginRequest(h({ host: "rb.example", origin: "https://rb.example", "x-forwarded-host": "rb.example" }))).toBe(true);
  });

  it("behind trusted proxies uses the first X-Forwarded-Host entry", () => {
    process.env.TRUST_PROXY = "1";
    expect(requestHost(h({ host: "internal:3000", "x-forwarded-host": "rb.example, internal" }))).toBe("rb.example");
    expect(sameOriginRequest(h({ host: "internal:3000", origin: "https://rb.example", "x-forwarded-host": "rb.example" }))).toBe(true);
    expect(sameOriginRequest(h({ host: "internal:3000", origin: "https://evil.example", "x-forwarded-host": "rb.example" }))).toBe(false);
  });

  it("no Origin, or one that is not a URL, is not same-origin", () => {
    expect(sameOriginRequest(h({ host: "rb.example" }))).toBe(false);
    expect(sameOriginRequest(h({ host: "rb.example", origin: "null" }))).toBe(false);
  });
});

describe("requestIsHttps", () => {
  it("without TRUST_PROXY believes only the URL's own scheme, never X-Forwarded-Proto", () => {
    expect(requestIsHttps(h({ "x-forwarded-proto": "https" }), "http:")).toBe(false);
    expect(requestIsHttps(h({}), "https:")).toBe(true);
  });

  it("behind trusted proxies takes the first X-Forwarded-Proto entry", () => {
    process.env.TRUST_PROXY = "true";
    expect(requestIsHttps(h({ "x-forwarded-proto": "https, http" }), "http:")).toBe(true);
    expect(requestIsHttps(h({ "x-forwarded-proto": "http" }), "http:")).toBe(false);
    expect(requestIsHttps(h({}), "http:")).toBe(false);
  });
});
