import type { Page } from "@playwright/test";
import { test, expect, newAccount } from "./fixtures";

/** Types a term into the booster combobox and adds the selected card. */
async function enterCard(page: Page, term: string, expectedKey: string) {
  const box = page.getByRole("combobox", { name: "Card number or title" });
  await box.fill(term);
  await expect(page.getByRole("option", { selected: true })).toContainText(expectedKey);
  await box.press("Enter");
  await expect(page.getByRole("list", { name: "Cards in this pack" })).toContainText(expectedKey);
}

test.describe("installable app, booster entry offline", () => {
  test("the app has a manifest and a service worker", async ({ page }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const manifest = (await (await page.request.get(href!)).json()) as { name: string; display: string; icons: { sizes: string; purpose?: string }[] };
    expect(manifest.display).toBe("standalone");
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
    for (const icon of ["/icons/icon-192.png", "/icons/icon-512.png", "/icons/maskable-512.png"]) expect((await page.request.get(icon)).headers()["content-type"]).toBe("image/png");
    const sw = await page.request.get("/serwist/sw.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["service-worker-allowed"]).toBe("/");
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe("/");
  });

  test("a pack entered with no connection is counted once when the connection returns", async ({ page, context, auth }) => {
    await auth.signUp(newAccount("offline"));
    await page.evaluate(async () => navigator.serviceWorker.ready);
    const indexLoaded = page.waitForResponse((r) => r.url().endsWith("/api/collection/lookup-index") && r.ok());
    await page.goto("/collection/booster");
    await indexLoaded;
    // the device holds its copy of the catalog
    await expect(page.locator('[data-offline-ready="true"]')).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByTestId("offline-status")).toContainText("You are offline.");
    await enterCard(page, "7", "DEMO-007");
    await enterCard(page, "1", "DEMO-001");
    await page.getByRole("button", { name: /Save pack \(2 cards\)/ }).click();
    await expect(page.getByTestId("pack-queued")).toContainText("kept on this device");
    await expect(page.getByTestId("packs-waiting")).toContainText("1 pack waiting to sync");

    // the page comes back without a connection (the service worker's copy), and the pack still waits
    await page.reload();
    await expect(page.getByRole("heading", { name: "Open a booster" })).toBeVisible();
    await expect(page.getByTestId("packs-waiting")).toContainText("1 pack waiting to sync");

    await context.setOffline(false);
    await expect(page.getByTestId("offline-status")).toBeHidden({ timeout: 30_000 });

    await page.goto("/collection/history");
    await expect(page.getByTestId("pack-opening")).toHaveCount(1);
    await expect(page.getByTestId("pack-opening")).toContainText("2 cards");
    // a second tab that syncs again finds nothing to send
    await page.goto("/collection/booster");
    await expect(page.getByTestId("offline-status")).toBeHidden();
    await page.goto("/collection/history");
    await expect(page.getByTestId("pack-opening")).toHaveCount(1);
  });
});
