import { describe, expect, it } from "vitest";
import { appUrl } from "./app-url";

describe("appUrl", () => {
  it("uses APP_URL, else AUTH_URL, without a trailing slash", () => {
    expect(appUrl({ APP_URL: "https://rb.example/", AUTH_URL: "https://auth.example" })).toEqual({ base: "https://rb.example", source: "configured" });
    expect(appUrl({ AUTH_URL: "https://auth.example/base/" })).toEqual({ base: "https://auth.example/base", source: "configured" });
  });

  it("with neither set, uses the address the server listens on, as the quick start runs it", () => {
    expect(appUrl({})).toEqual({ base: "http://localhost:3000", source: "local" });
    expect(appUrl({ PORT: "4610" })).toEqual({ base: "http://localhost:4610", source: "local" });
    expect(appUrl({ PORT: "4610", HOSTNAME: "0.0.0.0" }).base).toBe("http://localhost:4610");
    expect(appUrl({ PORT: "4610", HOSTNAME: "127.0.0.1" }).base).toBe("http://127.0.0.1:4610");
    expect(appUrl({ HOSTNAME: "::1" }).base).toBe("http://[::1]:3000");
  });

  it("names the variable that is not a URL instead of building a link from it", () => {
    expect(() => appUrl({ APP_URL: "rb.example" })).toThrow(/APP_URL is not an http\(s\) URL/);
    expect(() => appUrl({ AUTH_URL: "javascript:alert(1)" })).toThrow(/AUTH_URL/);
    expect(() => appUrl({ PORT: "80; rm" })).toThrow(/PORT is not a port number/);
    expect(() => appUrl({ HOSTNAME: "evil.example/@x" })).toThrow(/HOSTNAME/);
  });
});
