import type { Page } from "@playwright/test";
import { test, expect, newAccount, signInAdmin } from "./fixtures";

/**
 * Imports over a few hundred rows show a progress bar while the server works
 * (docs/catalog-import.md, Progress over HTTP). On a quiet machine a step can
 * be over in a fraction of a second, faster than a locator polls, so the page
 * records every text its progress status shows (a MutationObserver) and the
 * tests check the record: the bar was shown before the result, and for the
 * catalog's 20,000 creates (the slower import) a counted step ("Checking
 * rows: 1,200 of 20,000"); a collection check can be over before the browser
 * paints its first counted step. Each test also saves a screenshot taken while
 * the import runs (test-results/import-progress-*.png, attached to the report).
 */

const ROWS = 20_000;
const COUNTED = /: [\d,]+ of [\d,]+/;

/** Start recording the progress status's texts (cleared on each call). */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __progress: string[]; __progressObserver?: MutationObserver };
    w.__progress = [];
    w.__progressObserver?.disconnect();
    const read = () => {
      const text = document.querySelector('[data-testid="import-progress"] [role="status"]')?.textContent ?? null;
      if (text && w.__progress[w.__progress.length - 1] !== text) w.__progress.push(text);
    };
    w.__progressObserver = new MutationObserver(read);
    w.__progressObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function recorded(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
}

test.describe("import progress bars", () => {

  test("the admin's catalog import shows the bar with its step and count, then the report", async ({ page, auth }, info) => {
    await signInAdmin(page, auth);
    await page.goto("/admin/import");
    // a new set: a dry run reports every row as a create and writes nothing
    const cards = Array.from({ length: ROWS }, (_, i) => ({ set: "PROGRESS", number: i + 1, title: `Progress ${i + 1}`, traits: ["Robot"], colors: ["blue"], rings: i % 10, rarity: "common", text: "", effect: null }));
    await page.getByLabel(/Catalog file/).setInputFiles({ name: "progress.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ cards })) });
    await recordProgress(page);
    await page.getByRole("button", { name: "Dry run" }).click();
    const bar = page.getByTestId("import-progress");
    const path = info.outputPath("import-progress-catalog.png");
    await page.screenshot({ path });
    await info.attach("catalog import progress", { path, contentType: "image/png" });
    await expect(page.getByRole("heading", { name: /^Dry run: 20000 create/ })).toBeVisible({ timeout: 60_000 });
    await expect(bar).toBeHidden();
    const steps = await recorded(page);
    expect(steps[0]).toMatch(/^Uploading the file/);
    expect(steps.some((s) => COUNTED.test(s)), `progress shown: ${steps.join(" | ")}`).toBe(true);
  });

  test("a collection import shows the bar while it checks and while it applies", async ({ page, auth }, info) => {
    await auth.signUp(newAccount("progress"));
    await page.goto("/collection/import");
    // 20,000 rows naming the first 50 demo cards over and over (rows naming one card are summed)
    const csv = `set,number,quantity\n${Array.from({ length: ROWS }, (_, i) => `DEMO,${(i % 50) + 1},1`).join("\n")}\n`;
    await page.getByLabel(/Collection file/).setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await recordProgress(page);
    await page.getByRole("button", { name: "Check (dry run)" }).click();
    const checkShot = info.outputPath("import-progress-collection-check.png");
    await page.screenshot({ path: checkShot });
    await info.attach("collection check progress", { path: checkShot, contentType: "image/png" });
    await expect(page.getByText("Check passed: nothing is changed until you apply.")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("import-summary")).toContainText("50 cards matched");
    expect((await recorded(page))[0]).toMatch(/^Uploading the file/);

    await recordProgress(page);
    await page.getByRole("button", { name: "Apply: add to my collection" }).click();
    const applyShot = info.outputPath("import-progress-collection-apply.png");
    await page.screenshot({ path: applyShot });
    await info.attach("collection apply progress", { path: applyShot, contentType: "image/png" });
    await expect(page.getByText("Imported 50 cards (added to your collection).")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("import-progress")).toBeHidden();
    expect((await recorded(page))[0]).toMatch(/^Uploading the file/);
  });
});
