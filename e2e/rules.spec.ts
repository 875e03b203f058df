import { test, expect } from "./fixtures";

test.describe("rules page", () => {
  test("the players' rules with diagrams, linked from the header, every section reachable by its anchor", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Rules", exact: true }).click();
    await expect(page).toHaveURL(/\/rules$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rules of the Sonic X Trading Card Game");
    for (const name of ["field", "play", "column-rule", "battle", "recharge"]) await expect(page.getByTestId(`diagram-${name}`)).toBeVisible();
    await expect(page.getByTestId("diagram-battle").getByRole("img")).toHaveAttribute("aria-label", /blue 6 marked out/);
    // the engine's notes for developers are not on the players' page
    await expect(page.getByText("instance ids")).toHaveCount(0);
    await page.getByRole("navigation", { name: "Rules sections" }).getByRole("link", { name: "4.3 Resolving a flip" }).click();
    await expect(page).toHaveURL(/#s4-3$/);
    await expect(page.locator("#s4-3")).toBeInViewport();
    await page.screenshot({ path: ".tmp/shots/rules.png", fullPage: true });
  });
});
