import { afterEach, describe, expect, it, vi } from "vitest";
import { canonicalPrivateQuery, makePrivateKey, openPrivateKey } from "@/lib/server/cache/private-key";

afterEach(() => vi.unstubAllEnvs());

describe("private page keys", () => {
  it("names a user's view at a version and canonical query, under an HMAC", () => {
    vi.stubEnv("AUTH_SECRET", "key-test-secret-0123456789abcdef");
    const query = canonicalPrivateQuery("/collection", new URLSearchParams("view=list&utm=1&q=t%3Arobot&q=second&show=&page=3"));
    expect(query).toBe("q=t%3Arobot&page=3&view=list");
    const key = makePrivateKey("collection", "user-1", "1700000000000", query)!;
    expect(key).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(openPrivateKey("collection", key)).toEqual({ uid: "user-1", version: "1700000000000", query: { q: "t:robot", page: "3", view: "list" } });
    // deterministic: repeat views share one cached render
    expect(makePrivateKey("collection", "user-1", "1700000000000", query)).toBe(key);
    expect(canonicalPrivateQuery("/decks", new URLSearchParams("q=x"))).toBe("");
  });

  it("cannot be made to name another user, version, view or query", () => {
    vi.stubEnv("AUTH_SECRET", "key-test-secret-0123456789abcdef");
    const key = makePrivateKey("collection", "user-1", "5", "show=owned")!;
    const [payload, mac] = key.split(".");
    const forge = (text: string) => `${Buffer.from(text).toString("base64url")}.${mac}`;
    for (const text of ["collection\nuser-2\n5\nshow=owned", "collection\nuser-1\n4\nshow=owned", "collection\nuser-1\n5\nshow=missing", "decks\nuser-1\n5\nshow=owned"]) {
      expect(openPrivateKey("collection", forge(text)), text).toBeNull();
    }
    expect(openPrivateKey("decks", key)).toBeNull();
    expect(openPrivateKey("collection", `${payload}.${mac.slice(0, -2)}AA`)).toBeNull();
    expect(openPrivateKey("collection", payload)).toBeNull();
    expect(openPrivateKey("collection", "../../admin")).toBeNull();
    // a key made under another secret is not genuine here
    vi.stubEnv("AUTH_SECRET", "another-secret-0123456789abcdef0123");
    expect(openPrivateKey("collection", key)).toBeNull();
    // and without a secret there are no keys at all
    vi.stubEnv("AUTH_SECRET", "");
    vi.stubEnv("NEXTAUTH_SECRET", "");
    expect(makePrivateKey("collection", "user-1", "5", "")).toBeNull();
  });

  it("refuses a genuine payload that holds parameters the page does not read", () => {
    vi.stubEnv("AUTH_SECRET", "key-test-secret-0123456789abcdef");
    expect(openPrivateKey("collection", makePrivateKey("collection", "u", "1", "admin=1")!)).toBeNull();
    expect(openPrivateKey("collection", makePrivateKey("collection", "u", "1", "q=a&q=b")!)).toBeNull();
    expect(openPrivateKey("collection", makePrivateKey("collection", "", "1", "")!)).toBeNull();
  });
});
