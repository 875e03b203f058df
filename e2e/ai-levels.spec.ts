import { expect, test } from "./fixtures";

test.describe("AI levels", () => {
  test("/play and /lab place every level on one rating scale, and the board and the lab offer the expert", async ({ page }) => {
    for (const path of ["/play", "/lab"]) {
      await page.goto(path);
      const scale = page.getByTestId("level-scale");
      await expect(scale.getByRole("heading", { name: "How strong is each AI?" })).toBeVisible();
      for (const name of ["Rookie", "Racer", "Champion", "Legend (expert)"]) await expect(scale.getByRole("rowheader", { name, exact: true })).toBeVisible();
      await expect(scale.getByTestId("scale-expert")).toContainText(/≈ \d{3,4}/);
    }
    for (const width of [1366, 390])
      for (const scheme of ["light", "dark"] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto("/play");
        await page.getByTestId("level-scale").scrollIntoViewIfNeeded();
        await page.getByTestId("level-scale").screenshot({ path: `.tmp/shots/level-scale-${width}-${scheme}.png` });
      }
    await page.goto("/lab");
    await expect(page.getByLabel("Your side is played by").locator("option", { hasText: "Legend" })).toHaveCount(1);
    await page.goto("/playtest");
    await page.getByLabel("AI level").selectOption("expert");
    await expect(page.getByLabel("AI level")).toHaveValue("expert");
  });
});
