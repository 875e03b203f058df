import { test, expect, newAccount, signInAdmin } from "./fixtures";

/**
 * Imports over a few hundred rows show a progress bar while the server works
 * (docs/catalog-import.md, Progress over HTTP). Each test saves a screenshot
 * of the page with the bar showing (test-results/import-progress-*.png, also
 * attached to the report) so it can be looked at.
 */

const ROWS = 20_000;

test.describe("import progress bars", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the admin's catalog import shows the bar with its step and count, then the report", async ({ page, auth }, info) => {
    await signInAdmin(page, auth);
    await page.goto("/admin/import");
    // a new set: a dry run reports every row as a create and writes nothing
    const cards = Array.from({ length: ROWS }, (_, i) => ({ set: "PROGRESS", number: i + 1, title: `Progress ${i + 1}`, traits: ["Robot"], colors: ["blue"], rings: i % 10, rarity: "common", text: "", effect: null }));
    await page.getByLabel(/Catalog file/).setInputFiles({ name: "progress.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ cards })) });
    await page.getByRole("button", { name: "Dry run" }).click();
    const bar = page.getByTestId("import-progress");
    await expect(bar).toBeVisible();
    // a counted step, so the screenshot shows the bar part-filled
    await expect(bar.getByRole("status")).toContainText(/: [\d,]+ of [\d,]+/);
    const path = info.outputPath("import-progress-catalog.png");
    await page.screenshot({ path });
    await info.attach("catalog import progress", { path, contentType: "image/png" });
    await expect(page.getByRole("heading", { name: /^Dry run: 20000 create/ })).toBeVisible({ timeout: 120_000 });
    await expect(bar).toBeHidden();
  });

  test("a collection import shows the bar while it checks and while it applies", async ({ page, auth }, info) => {
    await auth.signUp(newAccount("progress"));
    await page.goto("/collection/import");
    // 20,000 rows naming the first 50 demo cards over and over (rows naming one card are summed)
    const csv = `set,number,quantity\n${Array.from({ length: ROWS }, (_, i) => `DEMO,${(i % 50) + 1},1`).join("\n")}\n`;
    await page.getByLabel(/Collection file/).setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Check (dry run)" }).click();
    const bar = page.getByTestId("import-progress");
    await expect(bar.getByRole("status")).toContainText(/: [\d,]+ of [\d,]+/);
    const checkShot = info.outputPath("import-progress-collection-check.png");
    await page.screenshot({ path: checkShot });
    await info.attach("collection check progress", { path: checkShot, contentType: "image/png" });
    await expect(page.getByText("Check passed: nothing is changed until you apply.")).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId("import-summary")).toContainText("50 cards matched");

    await page.getByRole("button", { name: "Apply: add to my collection" }).click();
    await expect(bar.getByRole("status")).toContainText(/: [\d,]+ of [\d,]+/);
    const applyShot = info.outputPath("import-progress-collection-apply.png");
    await page.screenshot({ path: applyShot });
    await info.attach("collection apply progress", { path: applyShot, contentType: "image/png" });
    await expect(page.getByText("Imported 50 cards (added to your collection).")).toBeVisible({ timeout: 120_000 });
    await expect(bar).toBeHidden();
  });
});
