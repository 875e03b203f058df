import { afterEach, describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/server/client-address";

const h = (o: Record<string, string>) => new Headers(o);

describe("clientAddress", () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set, and uses the stamped peer", () => {
    expect(clientAddress(h({ "x-forwarded-for": "6.6.6.6", "x-ringbinder-peer": "::ffff:10.0.0.5" }))).toBe("10.0.0.5");
    expect(clientAddress(h({ "x-forwarded-for": "6.6.6.6" }))).toBe("unknown");
  });

  it("behind one proxy takes the address it appended; behind two the one before", () => {
    process.env.TRUST_PROXY = "true";
    const headers = h({ "x-forwarded-for": "6.6.6.6, 203.0.113.9", "x-ringbinder-peer": "10.0.0.1" });
    expect(clientAddress(headers)).toBe("203.0.113.9");
    process.env.TRUST_PROXY = "2";
    expect(clientAddress(headers)).toBe("6.6.6.6");
    expect(clientAddress(h({ "x-ringbinder-peer": "10.0.0.1" }))).toBe("10.0.0.1");
  });
});
