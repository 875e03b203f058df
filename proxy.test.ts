import { afterEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { matchHas } from "next/dist/shared/lib/router/utils/prepare-destination";
import { config, proxy } from "@/proxy";
import { CACHED_LISTS, LIST_STATE_HEADER, listRewrites } from "@/lib/server/cache/list-routes.cjs";
import { decodeListState } from "@/lib/server/cache/page-state";
import { PRIVATE_KEY_HEADER, privateRewrites } from "@/lib/server/cache/private-routes.cjs";
import { makePrivateKey, openPrivateKey } from "@/lib/server/cache/private-key";
import { bumpPrivateViews } from "@/lib/server/cache/private-versions";
import { forgetSessionChecks, rememberSession, sessionMemoGeneration } from "@/lib/accounts/session-memo";

const BASE = "http://localhost:3000";

function request(url: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new NextRequest(new URL(url, BASE), init);
}

/** The request headers the proxy hands on (Next applies x-middleware-request-* to the request). */
function handedOn(res: Response, name: string): string | null {
  const overridden = (res.headers.get("x-middleware-override-headers") ?? "").split(",");
  return overridden.includes(name) ? res.headers.get(`x-middleware-request-${name}`) : null;
}

/** Where next.config.js's list rewrites send a request (the first that applies, as in beforeFiles), or null. */
function rewrite(pathname: string, query: Record<string, string>, headers: Record<string, string> = {}): string | null {
  for (const rule of listRewrites()) {
    if (rule.source !== pathname) continue;
    const params = matchHas({ headers } as never, query, rule.has, rule.missing);
    if (params) return rule.destination.replace(/:(\w+)/g, (_, k: string) => String(params[k]));
  }
  return null;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("proxy and the list pages' routing", () => {
  it("runs for a list page exactly when it has one of the page's own parameters, direct ones only when not plain", () => {
    for (const [path, { params, direct }] of Object.entries(CACHED_LISTS)) {
      const entries = config.matcher.filter((m) => m.source === path);
      expect(
        entries.map((m) => m.has?.[0].key),
        path,
      ).toEqual([...params]);
      for (const m of entries) {
        const key = m.has![0].key;
        const pattern = (direct as Record<string, string>)[key];
        expect("missing" in m ? m.missing : undefined, `${path} ${key}`).toEqual(pattern ? [{ type: "query", key, value: pattern }] : undefined);
      }
    }
  });

  /** Whether the proxy runs for a list page with this query (its matcher's has/missing, as Next applies them). */
  function proxyRuns(path: string, query: Record<string, string>): boolean {
    return config.matcher.some((m) => m.source === path && "has" in m && matchHas({ headers: {} } as never, query, m.has as Parameters<typeof matchHas>[2], ("missing" in m ? m.missing : []) as Parameters<typeof matchHas>[3]) !== false);
  }

  it("sends a plain search or page number straight to its cached route, and everything else through the proxy", async () => {
    const plain: Record<string, string>[] = [
      { q: "t:robot c:blue" },
      { q: "(t:robot or t:animal) (c:blue or c:red) r>=3 -o:discard rar>=uncommon" },
      { q: 'o:"draw a card"', page: "2" },
      { page: "3" },
    ];
    const other: Record<string, string>[] = [{ q: "a/b" }, { q: "50%" }, { q: "x~y" }, { q: "é" }, { q: "sonic", view: "list" }, { page: "0" }, { page: "two" }, { q: "sonic", sort: "rings" }, { q: "x".repeat(201) }];
    for (const query of plain) {
      expect(proxyRuns("/cards", query), JSON.stringify(query)).toBe(false);
      const to = rewrite("/cards", query)!;
      expect(to, JSON.stringify(query)).toMatch(/^\/cached\/cards\/~/);
      // Next hands the route its segment percent-encoded
      expect(decodeListState("/cards", encodeURIComponent(to.slice("/cached/cards/".length)))).toEqual(query);
    }
    for (const query of other) {
      expect(proxyRuns("/cards", query), JSON.stringify(query)).toBe(true);
      expect(rewrite("/cards", query), JSON.stringify(query)).toBeNull();
      vi.stubEnv("NODE_ENV", "production");
      const token = handedOn(await proxy(request(`/cards?${new URLSearchParams(query)}`)), LIST_STATE_HEADER)!;
      expect(rewrite("/cards", query, { [LIST_STATE_HEADER]: token })).toBe(`/cached/cards/${token}`);
    }
  });

  it("refuses a plain token nobody could have made", () => {
    expect(decodeListState("/cards", "~q~sonic~view~list")).toBeNull();
    expect(decodeListState("/cards", "~page~2~q~sonic")).toBeNull();
    expect(decodeListState("/cards", "~q~a%2Fb")).toBeNull();
    expect(decodeListState("/cards", "~q")).toBeNull();
    expect(decodeListState("/cards", "~q~%E0%A4%A")).toBeNull();
    expect(decodeListState("/decks/public", "~name~sonic")).toBeNull();
  });

  it("hands a list query on as its canonical token, and rewrites nothing itself", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const res = await proxy(request("/cards?view=list&q=t%3Arobot+c%3Ablue&utm=1"));
    expect(res.headers.get("x-middleware-rewrite")).toBeNull();
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(res.headers.get("cache-control")).toContain("s-maxage=60");
    expect(res.headers.get("content-security-policy")).toBeNull();
    const token = handedOn(res, LIST_STATE_HEADER)!;
    expect(decodeListState("/cards", token)).toEqual({ q: "t:robot c:blue", view: "list" });
    expect(rewrite("/cards", { q: "t:robot c:blue", view: "list" }, { [LIST_STATE_HEADER]: token })).toBe(`/cached/cards/${token}`);
  });

  it("replaces a token a client sent, and removes it from anything but a read", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const forged = { [LIST_STATE_HEADER]: "bm90LXRoaXM" };
    const read = await proxy(request("/decks/public?name=sonic", { headers: forged }));
    expect(decodeListState("/decks/public", handedOn(read, LIST_STATE_HEADER)!)).toEqual({ name: "sonic" });
    const post = await proxy(request("/decks/public?name=sonic", { method: "POST", headers: { ...forged, "next-action": "abc", origin: BASE, host: "localhost:3000" } }));
    expect(post.headers.get("x-middleware-override-headers")).not.toContain(LIST_STATE_HEADER);
    expect(post.headers.get("content-security-policy")).toContain("nonce-");
  });

  it("gives development pages a nonce and the list token", async () => {
    const res = await proxy(request("/cards?q=amy"));
    expect(res.headers.get("content-security-policy")).toContain("nonce-");
    expect(decodeListState("/cards", handedOn(res, LIST_STATE_HEADER)!)).toEqual({ q: "amy" });
  });

  it("sends a list page with none of its parameters to its `all` route before any header is looked at", () => {
    const forged = { [LIST_STATE_HEADER]: "bm90LXRoaXM" };
    expect(rewrite("/cards", {}, forged)).toBe("/cached/cards/all");
    expect(rewrite("/cards", { q: "", fbclid: "1" }, forged)).toBe("/cached/cards/all");
    expect(rewrite("/decks/public", { sort: "likes" }, { [LIST_STATE_HEADER]: "c29ydD1saWtlcw" })).toBe("/cached/public-decks/c29ydD1saWtlcw");
    // a token only ever names a path segment
    expect(rewrite("/cards", { q: "a/b" }, { [LIST_STATE_HEADER]: "../admin" })).toBeNull();
    // server actions are left to the page itself
    expect(rewrite("/cards", {}, { "next-action": "abc" })).toBeNull();
  });
});

describe("proxy and the private page cache (signed-in /collection and /decks)", () => {
  const SECRET = "proxy-test-secret-0123456789abcdef0123456789";
  const COOKIE = "authjs.session-token";

  /** A session cookie as Auth.js would set it over http, and its claims. */
  async function session(uid: string, sid = `sid-${uid}`) {
    const { encode } = await import("next-auth/jwt");
    const token = await encode({ token: { uid, sid, sv: 0 }, secret: SECRET, salt: COOKIE, maxAge: 3600 });
    return { cookie: `${COOKIE}=${token}`, claims: { uid, sid, sv: 0 } };
  }

  /** Where next.config.js's private rewrites send a request, or null. */
  function privateRewrite(pathname: string, headers: Record<string, string>): string | null {
    for (const rule of privateRewrites()) {
      if (rule.source !== pathname) continue;
      const params = matchHas({ headers } as never, {}, rule.has, rule.missing);
      if (params) return rule.destination.replace(/:(\w+)/, (_, k: string) => String(params[k]));
    }
    return null;
  }

  function production() {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("AUTH_SECRET", SECRET);
    vi.stubEnv("AUTH_URL", "");
    vi.stubEnv("REDIS_URL", "");
    (globalThis as { ringbinderRedis?: null }).ringbinderRedis = null;
  }

  it("runs for every path under /cached/ except the public list routes, and refuses the private ones from outside", async () => {
    production();
    const source = new RegExp(`^${config.matcher[0].source}$`);
    for (const p of ["/cached/private/collection/abc.def", "/cached/private", "/cached/other/x", "/collection", "/decks"]) expect(source.test(p), p).toBe(true);
    for (const p of ["/cached/cards/all", "/cached/public-decks/all"]) expect(source.test(p), p).toBe(false);
    const { cookie, claims } = await session("user-a");
    rememberSession(claims, true, sessionMemoGeneration());
    const key = makePrivateKey("collection", "user-a", "1", "")!;
    for (const p of [`/cached/private/collection/${key}`, "/cached/private/decks/x", "/cached/private", "/cached//private/decks/x", "/CACHED/Private/decks/x", "/cached/%70rivate/decks/x"]) {
      const res = await proxy(request(p, { headers: { cookie } }));
      expect(res.status, p).toBe(404);
      expect(res.headers.get("x-middleware-next"), p).toBeNull();
    }
  });

  it("hands on the key of a session it vouched for a moment ago, and next.config.js rewrites to it", async () => {
    production();
    const { cookie, claims } = await session("user-b");
    rememberSession(claims, true, sessionMemoGeneration());
    const res = await proxy(request("/collection?show=owned&utm=x&q=t%3Arobot&page=2", { headers: { cookie, [PRIVATE_KEY_HEADER]: "forged.key" } }));
    expect(res.headers.get("x-middleware-rewrite")).toBeNull();
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("cache-control")).toContain("private");
    // the CSP comes with the cached page
    expect(res.headers.get("content-security-policy")).toBeNull();
    const key = handedOn(res, PRIVATE_KEY_HEADER)!;
    expect(openPrivateKey("collection", key)).toMatchObject({ uid: "user-b", query: { q: "t:robot", show: "owned", page: "2" } });
    expect(openPrivateKey("decks", key)).toBeNull();
    expect(privateRewrite("/collection", { [PRIVATE_KEY_HEADER]: key })).toBe(`/cached/private/collection/${key}`);
    // the same view, version and query: the same key (repeat views share one render)
    const again = await proxy(request("/collection?page=2&q=t%3Arobot&show=owned", { headers: { cookie } }));
    expect(handedOn(again, PRIVATE_KEY_HEADER)).toBe(key);
    const decks = await proxy(request("/decks", { headers: { cookie } }));
    expect(openPrivateKey("decks", handedOn(decks, PRIVATE_KEY_HEADER)!)).toMatchObject({ uid: "user-b", query: {} });
  });

  it("moves to a new key after the user's data version moves", async () => {
    production();
    const { cookie, claims } = await session("user-v");
    rememberSession(claims, true, sessionMemoGeneration());
    const first = handedOn(await proxy(request("/decks", { headers: { cookie } })), PRIVATE_KEY_HEADER);
    await bumpPrivateViews("user-v", ["decks"]);
    const second = handedOn(await proxy(request("/decks", { headers: { cookie } })), PRIVATE_KEY_HEADER);
    expect(second).not.toBe(first);
    expect(openPrivateKey("decks", second!)!.version).not.toBe(openPrivateKey("decks", first!)!.version);
  });

  it("lets the page render per request (full session check, sign-in redirect) when it cannot vouch for the session", async () => {
    production();
    const forged = { [PRIVATE_KEY_HEADER]: makePrivateKey("collection", "victim", "1", "")! };
    const unknown = await session("user-c");
    const ended = await session("user-d");
    rememberSession(ended.claims, false, sessionMemoGeneration());
    const cases: [string, Record<string, string>][] = [
      ["no cookie", {}],
      ["a cookie that does not decrypt", { cookie: `${COOKIE}=not-a-token` }],
      ["a session this instance has no fresh answer for", { cookie: unknown.cookie }],
      ["a session that was ended", { cookie: ended.cookie }],
    ];
    for (const [what, headers] of cases) {
      for (const path of ["/collection", "/decks"]) {
        const res = await proxy(request(path, { headers: { ...headers, ...forged } }));
        expect(res.headers.get("x-middleware-next"), what).toBe("1");
        expect(res.headers.get("content-security-policy"), what).toContain("nonce-");
        // a key the client sent never reaches the rewrite
        expect(handedOn(res, PRIVATE_KEY_HEADER), what).toBeNull();
        expect(res.headers.get("x-middleware-override-headers"), what).not.toContain(PRIVATE_KEY_HEADER);
      }
    }
    // and a page with no key header is the page itself
    expect(privateRewrite("/collection", {})).toBeNull();
    expect(privateRewrite("/collection", { [PRIVATE_KEY_HEADER]: "../admin" })).toBeNull();
    expect(privateRewrite("/decks", { [PRIVATE_KEY_HEADER]: "a.b", "next-action": "x" })).toBeNull();
    // the router's prefetches (their headers are hidden from the proxy) stay the page's own, as before
    expect(privateRewrite("/collection", { [PRIVATE_KEY_HEADER]: "a.b", "next-router-prefetch": "1" })).toBeNull();
    expect(privateRewrite("/collection", { [PRIVATE_KEY_HEADER]: "a.b", rsc: "1" })).toBe("/cached/private/collection/a.b");
  });

  it("forgets every vouched-for session on a sign-out here", async () => {
    production();
    const { cookie, claims } = await session("user-f");
    rememberSession(claims, true, sessionMemoGeneration());
    expect(handedOn(await proxy(request("/decks", { headers: { cookie } })), PRIVATE_KEY_HEADER)).not.toBeNull();
    forgetSessionChecks();
    expect(handedOn(await proxy(request("/decks", { headers: { cookie } })), PRIVATE_KEY_HEADER)).toBeNull();
  });

  it("renders per request in development", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET);
    const { cookie, claims } = await session("user-g");
    rememberSession(claims, true, sessionMemoGeneration());
    const res = await proxy(request("/collection", { headers: { cookie } }));
    expect(handedOn(res, PRIVATE_KEY_HEADER)).toBeNull();
  });
});
