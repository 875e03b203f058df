import { test, expect } from "./fixtures";

test("home says what Ringbinder is and that the data is an unofficial demo set", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sonic X Trading Card Game");
  await expect(page.getByText("unofficial demo set").first()).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Cards" }).click();
  await expect(page).toHaveURL(/\/cards/);
});

test("guests see the demo catalog", async ({ page }) => {
  await page.goto("/cards");
  await expect(page.getByText("Unofficial demo set").first()).toBeVisible();
  await expect(page.getByRole("img", { name: /Sonic the Hedgehog, blue 5 rings/ })).toBeVisible();
});

test("unknown pages get the designed 404", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page ran off too fast" })).toBeVisible();
});
