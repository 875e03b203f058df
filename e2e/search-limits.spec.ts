import { test, expect, newAccount } from "./fixtures";

/**
 * Queries that used to reach the database and come back as a 500 — an integer
 * beyond 64 bits, 101 nested “-(”, 40 nested “(x or (… y))”, a page number
 * past any offset — and LIKE wildcards the collection and the deck editor used
 * to pass through unescaped. Every page answers with its error panel or an
 * honest result, never a server error.
 */

const DEEP_NOT = "-(".repeat(101) + "sonic" + ")".repeat(101);
const DEEP_OR = "x " + "(x or ".repeat(40) + "y" + ")".repeat(40);

const REFUSED: { q: string; message: RegExp }[] = [
  { q: "n>9223372036854775807", message: /numbers in a search go up to 99999/ },
  { q: DEEP_NOT, message: /nested too deeply: at most 12 levels/ },
  { q: DEEP_OR, message: /nested too deeply: at most 12 levels/ },
  { q: "sonic ".repeat(200), message: /too long: at most 1,000 characters|too many terms: at most 50/ },
];

test.describe("search limits and escaping on every page", () => {
  test("the catalog and the collection show the error panel for refused queries, and treat % and _ literally", async ({ page, auth }) => {
    for (const { q, message } of REFUSED) {
      const res = await page.goto(`/cards?q=${encodeURIComponent(q)}`);
      expect(res?.status(), q).toBe(200);
      await expect(page.getByTestId("query-error-panel")).toContainText(message);
    }
    const farPage = await page.goto("/cards?page=153722867280912931");
    expect(farPage?.status()).toBe(200);
    await expect(page.getByText("This page is past the last result.")).toBeVisible();

    await auth.signUp(newAccount("searcher"));
    for (const { q, message } of REFUSED) {
      const res = await page.goto(`/collection?q=${encodeURIComponent(q)}`);
      expect(res?.status(), q).toBe(200);
      await expect(page.getByTestId("query-error-panel")).toContainText(message);
    }
    await page.goto(`/collection?q=${encodeURIComponent('"%"')}`);
    await expect(page.getByTestId("result-count")).toHaveText("0 cards");
    await page.goto(`/collection?q=${encodeURIComponent("o:_")}`);
    await expect(page.getByTestId("result-count")).toHaveText("0 cards");
    await page.goto(`/cards?q=${encodeURIComponent('"%"')}`);
    await expect(page.getByTestId("result-count")).toHaveText("0 cards");
    await page.screenshot({ path: ".tmp/shots/search-limit-collection.png", fullPage: true });
  });

  test("the deck editor's search says which limit was hit and keeps working", async ({ page, auth }) => {
    await auth.signUp(newAccount("editor"));
    await page.goto("/decks");
    await page.getByLabel("New deck name").fill("Limits");
    await page.getByRole("button", { name: "Create deck" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);
    const box = page.getByLabel("Search the catalog");
    const results = page.getByTestId("search-results");
    for (const { q, message } of REFUSED.slice(0, 3)) {
      await box.fill(q);
      await expect(page.getByTestId("query-error")).toContainText(message);
    }
    await page.screenshot({ path: ".tmp/shots/search-limit-editor.png", fullPage: true });
    await box.fill('"%"');
    await expect(page.getByText("No card matches.")).toBeVisible();
    await box.fill("sonic");
    await expect(results.getByRole("button", { name: /^Add Sonic the Hedgehog DEMO-001/ })).toBeVisible();
  });
});
