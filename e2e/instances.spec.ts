import { test, expect, newAccount, signInAdmin } from "./fixtures";
import { secondInstancePort, startNext } from "./server";

/**
 * Two production instances of one build on one PostgreSQL database, sharing
 * Redis: what is written through one is read through the other, and the
 * other's cached public pages follow the write once Redis has delivered the
 * invalidation. The first instance is the worker's PostgreSQL server (project
 * "postgres", e2e/server.ts); this spec starts a second one with the same
 * environment on E2E_SECOND_PORT + the worker's index.
 */
let B = "";
/** How long to wait for the other instance's cached page to follow a write: an eventual-consistency wait, not a latency claim (the figure is only reported). */
const FOLLOW_MS = 15_000;

test.describe("two app instances on one PostgreSQL", () => {
  test.skip(!process.env.TEST_POSTGRES_URL, "needs PostgreSQL: set TEST_POSTGRES_URL (as .ci/run does) to run the two-instance test");
  test.describe.configure({ mode: "serial" });
  let stopSecond: (() => Promise<void>) | null = null;

  test.beforeAll(async ({ server, database }, workerInfo) => {
    test.skip(database !== "postgres", "runs in the postgres project");
    const second = await startNext(server.env, secondInstancePort(workerInfo.parallelIndex));
    B = second.url;
    stopSecond = second.stop;
  });

  test.afterAll(async () => {
    await stopSecond?.();
  });

  test("a deck saved through one instance is read through the other, and a later save shows on its cached page", async ({ page, auth, browser }) => {
    await auth.signUp(newAccount("instances"));
    await page.goto("/decks");
    await page.getByRole("listitem").filter({ hasText: "Eggman Empire" }).getByRole("button", { name: "Start from this deck" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);
    await page.getByLabel("Unlisted: anyone with the link").click();
    await expect(page.getByText("The deck is now unlisted.")).toBeVisible();
    const slug = new URL(await page.getByTestId("share-link").inputValue()).pathname;

    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`${B}${slug}`);
    await expect(guest.getByTestId("deck-name")).toHaveText("Eggman Empire");
    // the second instance now has the page in its cache
    expect((await guest.request.get(`${B}${slug}`)).headers()["x-nextjs-cache"]).toMatch(/HIT|STALE/);

    // rename through the first instance; the second's cached page follows
    await page.getByLabel("Deck name").fill("Eggman Empire, tuned");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("save-message")).toContainText("Saved as version 2");
    const saved = Date.now();
    await expect(async () => {
      await guest.goto(`${B}${slug}`);
      await expect(guest.getByTestId("deck-name")).toHaveText("Eggman Empire, tuned", { timeout: 500 });
    }).toPass({ timeout: FOLLOW_MS, intervals: [200] });
    test.info().annotations.push({ type: "propagation", description: `${Date.now() - saved} ms` });
  });

  test("a catalog edit made through one instance shows on the other's cached card page", async ({ page, auth, browser }) => {
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`${B}/cards/DEMO/44`);
    const title = (await guest.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
    expect(title).not.toBe("");
    expect((await guest.request.get(`${B}/cards/DEMO/44`)).headers()["x-nextjs-cache"]).toMatch(/HIT|STALE/);

    await signInAdmin(page, auth);
    await page.goto("/admin");
    await page.getByRole("link", { name: /Catalog/ }).click();
    await page.getByLabel("Search cards").fill(`!"${title}"`);
    await page.getByRole("link", { name: `Edit ${title} (DEMO-044)` }).click();
    // a fill made before the form hydrated is reset by it ("Nothing changed."): fill and save until saved
    await expect(async () => {
      await page.getByLabel("Card text").fill("Edited through the first instance.");
      await expect(page.getByLabel("Card text")).toHaveValue("Edited through the first instance.");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText("Card saved.")).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    const saved = Date.now();
    await expect(async () => {
      await guest.goto(`${B}/cards/DEMO/44`);
      await expect(guest.getByText("Edited through the first instance.").first()).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: FOLLOW_MS, intervals: [200] });
    test.info().annotations.push({ type: "propagation", description: `${Date.now() - saved} ms` });
  });

  test("signed-in /collection and /decks on one instance show a write made through the other at once, never from a cache", async ({ page, auth }) => {
    // (cookies belong to the host, not the port: the session signed in on the first instance is sent to the second)
    await auth.signUp(newAccount("private-cache"));
    const copies = async (path: string) => {
      const res = await page.request.get(`${B}${path}`);
      expect(res.status()).toBe(200);
      const html = await res.text();
      // the collection's summary line ("0 of 109 cards owned · 0 copies"), as text
      const summary = (/data-testid="collection-summary"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "").replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");
      return { cache: res.headers()["x-nextjs-cache"] ?? null, cacheControl: res.headers()["cache-control"], copies: Number(/([\d,]+) cop(?:y|ies)/.exec(summary)?.[1] ?? NaN), html };
    };
    /** A signed-in page: rendered per request (no page cache answers), private, no-store. */
    const cached = async (path: string) => {
      const r = await copies(path);
      expect(r.cache, `${path} is not served from a cache`).toBeNull();
      expect(r.cacheControl).toMatch(/^private, no-cache, no-store/);
      return r;
    };

    expect((await cached("/collection")).copies).toBe(0);
    expect((await cached("/collection")).copies).toBe(0);

    // a write through the first instance: the second's next view shows it
    await page.goto("/collection");
    await page.getByRole("button", { name: "Add one Tails (DEMO-002)" }).click();
    await expect(page.getByTestId("collection-summary")).toContainText("1 copy");
    const after = await cached("/collection");
    expect(after.copies).toBe(1);

    // the same for the deck list
    const before = await cached("/decks");
    // (the starter decks are listed on the page too: a deck of the user's own is a row of the table)
    expect(before.html).not.toContain('data-testid="deck-row"');
    await page.goto("/decks");
    await page.getByRole("listitem").filter({ hasText: "Eggman Empire" }).getByRole("button", { name: "Start from this deck" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);
    const decks = await cached("/decks");
    expect(decks.html).toContain('data-testid="deck-row"');
  });
});
