import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { test, expect, newAccount, signInAdmin } from "./fixtures";
import { DIST_DIR } from "./server";

/**
 * Node's polyfills as Next bundles them for the browser (next/dist/compiled/…): a client module importing a Node
 * built-in brings one in (node:crypto brought crypto-browserify and vm-browserify, whose eval the CSP saw on the card
 * form's pages). Only `process` (process.env) is Next's own and allowed.
 */
const NODE_POLYFILL = /next\/dist\/compiled\/(buffer|crypto-browserify|vm-browserify|stream-browserify|events|util|assert|browserify-zlib|stream-http|https-browserify|os-browserify|path-browserify|querystring-es3|timers-browserify|tty-browserify|string_decoder|constants-browserify|domain-browser|punycode)\//;

const GAME = "/playtest?start=1&you=team-sonic-speed&opp=eggman-empire&level=heuristic&rule=priority&seed=3";

/** Collects every Content-Security-Policy violation the browser reports on a page. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  // a blocked eval that the page's own code catches (a library probing whether it may compile) logs nothing: the event still fires
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`));
  });
  page.on("console", (msg) => {
    const text = msg.text();
    if (!/Content Security Policy|CSP violation|Refused to (load|execute|evaluate|apply|connect|frame|create)/i.test(text)) return;
    violations.push(`${page.url()}: ${text}`);
  });
  return violations;
}

async function visit(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res, path).not.toBeNull();
  // hydrated: Next's scripts ran (they would not under a wrong nonce)
  await page.waitForFunction(() => document.readyState === "complete");
  await page.waitForLoadState("networkidle");
  return res!;
}

// real prefetches here (the suite aborts them elsewhere, e2e/fixtures.ts): their RSC requests and what the
// pages do with the answers are under the same CSP as the rest
test.use({ prefetch: "allow" });

test.describe("security headers", () => {
  test("no client chunk of the build carries a Node polyfill (the bundle guard; test/client-modules.test.ts checks the sources)", () => {
    const chunks = path.join(DIST_DIR, "static", "chunks");
    const files = readdirSync(chunks, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
    expect(files.length).toBeGreaterThan(0);
    const polyfilled = files.flatMap((f) => {
      const m = NODE_POLYFILL.exec(readFileSync(path.join(chunks, f), "utf8"));
      return m ? [`${f}: ${m[1]}`] : [];
    });
    expect(polyfilled).toEqual([]);
  });

  test("pages rendered per request carry a nonce CSP without unsafe-eval and the other headers; static assets are nosniff", async ({ page }) => {
    const res = await visit(page, "/signin");
    const h = res.headers();
    const csp = h["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'( 'sha256-[A-Za-z0-9+/=]+')* 'strict-dynamic'/);
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["permissions-policy"]).toContain("camera=()");
    // a fresh nonce every request
    const again = (await page.request.get("/signin")).headers()["content-security-policy"];
    expect(again).not.toBe(csp);
    // the nonce is on Next's scripts
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    expect(await page.locator("script[src]").first().evaluate((s: HTMLScriptElement) => s.nonce)).toBe(nonce);
    const script = await page.locator("script[src]").first().getAttribute("src");
    const asset = await page.request.get(script!);
    expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
    const api = await page.request.get("/api/health");
    expect(api.headers()["content-security-policy"]).toContain("default-src 'self'");
  });

  // what these two check is each page's own response (cache, headers, nonce): the link prefetches are answered
  // with a network error as in the rest of the suite (e2e/fixtures.ts). The prefetches' RSC requests of these
  // pages are loaded under the CSP by the three no-violation tests below, which keep them.
  test.describe("cached and per-request pages", () => {
    test.use({ prefetch: "abort" });

    test("cached public pages come from the cache with a hash CSP (no nonce, no unsafe-inline) that lets every inline script run", async ({ page }) => {
      const violations = watchCsp(page);
      for (const path of ["/", "/cards/DEMO/3", "/decks/starter/team-sonic-speed", "/cards/syntax", "/rules", "/learn"]) {
        await page.request.get(path); // fills the cache
        const res = await visit(page, path);
        const h = res.headers();
        expect(h["x-nextjs-cache"], path).toMatch(/HIT|STALE/);
        expect(h["cache-control"], path).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
        const csp = h["content-security-policy"];
        expect(csp, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
        expect(csp, path).not.toMatch(/nonce-|unsafe-eval/);
        expect(csp.match(/script-src [^;]*/)![0], path).not.toContain("unsafe-inline");
        expect(csp, path).toContain("frame-ancestors 'none'");
        // one policy only (a second, stricter one from the proxy would block the page's scripts)
        expect(csp.split(",").length, path).toBe(1);
        // hydrated: the account corner asked /api/me and shows Sign in
        await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
      }
      expect(violations).toEqual([]);
    });

    test("the list pages and signed-in /collection and /decks are rendered per request: a nonce CSP, never from the cache", async ({ page, auth }) => {
      // sixteen page loads and a sign-up in one test: 1.3 min alone on this machine with real prefetches
      test.slow();
      const violations = watchCsp(page);
      const perRequest = async (path: string, cacheControl: RegExp) => {
        await page.request.get(path);
        const res = await visit(page, path);
        const h = res.headers();
        expect(h["x-nextjs-cache"], path).toBeUndefined();
        expect(h["cache-control"], path).toMatch(cacheControl);
        const csp = h["content-security-policy"];
        expect(csp, path).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]+'/);
        expect(csp.split(",").length, path).toBe(1);
      };
      for (const path of ["/cards", "/cards?q=t%3Aanimal", "/cards?q=t%3Aanimal&view=list", "/decks/public", "/decks/public?sort=likes"]) {
        await perRequest(path, /no-store/);
        await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
      }
      await auth.signUp(newAccount("private-csp"));
      for (const path of ["/collection", "/collection?show=missing&view=list", "/decks"]) {
        await perRequest(path, /^private, no-cache, no-store/);
        // hydrated: the account corner asked /api/me and shows the user
        await expect(page.getByTestId("current-user")).toContainText("private-csp", { ignoreCase: true });
      }
      expect(violations).toEqual([]);
    });
  });

  // every kind of page loads with no CSP violation: three tests (guest with the board and its AI worker, signed-in user, admin)
  test("guest pages and the playtest board with its AI worker load with no CSP violation", async ({ page }) => {
    // fourteen page loads, each waiting for the network to go quiet after its real prefetches: over the 90 s default
    // at load 20 (7 December), as the sixteen-load test above was
    test.slow();
    const violations = watchCsp(page);

    for (const path of ["/", "/cards", "/cards?q=c%3Ablue+r%3E%3D3", "/cards/syntax", "/cards/DEMO/001", "/decks/public", "/decks/starter/team-sonic-speed", "/signin", "/signup", "/no-such-page", "/playtest", "/playtest/replay"]) {
      await visit(page, path);
    }
    const code = await page.goto("/decks/starter/team-sonic-speed").then(() => page.getByTestId("deck-code-link").getAttribute("href"));
    if (code) await visit(page, code);

    // the board, with the AI answering from its Web Worker
    await visit(page, GAME);
    await expect(page.getByRole("heading", { name: "Playtest" })).toBeVisible();
    // the board is interactive (hydrated) and the AI's worker has answered at least once or waits for us
    await page.waitForFunction(
      (sel) => document.querySelector(sel) !== null,
      '[data-testid="confirm-placement"],[data-testid="decision"],[data-testid="turn-end"],[data-testid="game-over"],button[aria-label$="you may flip here"]',
      { polling: 100, timeout: 30_000 },
    );

    expect(violations).toEqual([]);
  });

  test("a signed-in user's pages, the deck editor and a shared deck load with no CSP violation", async ({ page, auth, browser }) => {
    const violations = watchCsp(page);
    const user = newAccount("csp");
    await auth.signUp(user);
    for (const path of ["/decks", "/collection", "/collection/booster", "/collection/import", "/collection/history", "/collection/completion", "/census/new"]) {
      await visit(page, path);
    }
    // a legal deck (a starter copy) opens in the editor and is shared
    await visit(page, "/decks/starter/team-sonic-speed");
    await page.getByRole("button", { name: "Copy to my decks" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);
    await expect(page.getByTestId("legality")).toContainText("Legal");
    await page.getByLabel("Unlisted: anyone with the link").click();
    await expect(page.getByText("The deck is now unlisted.")).toBeVisible();
    const link = await page.getByTestId("share-link").inputValue();
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    const guestViolations = watchCsp(guest);
    await visit(guest, link);
    await guestContext.close();
    violations.push(...guestViolations);
    expect(violations).toEqual([]);
  });

  test("admin pages load with no CSP violation", async ({ page, auth }) => {
    const violations = watchCsp(page);
    await signInAdmin(page, auth);
    for (const path of ["/admin", "/admin/cards", "/admin/cards/new", "/admin/import", "/admin/audit", "/census/admin"]) {
      await visit(page, path);
    }

    expect(violations).toEqual([]);
  });
});
