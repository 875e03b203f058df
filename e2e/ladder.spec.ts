import type { Browser, Page } from "@playwright/test";
import { AuthPages, expect, newAccount, test } from "./fixtures";

/** A page in its own browser context (its own cookies), as another person's device would be. */
async function person(browser: Browser, prefix: string): Promise<{ page: Page; name: string }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const account = newAccount(prefix);
  await new AuthPages(page).signUp(account);
  return { page, name: account.displayName };
}

test("two players queue on the ladder, are paired into a ranked live game, and the leaderboard shows them after it", async ({ browser }) => {
  // two or three people, each signed up through the forms: 27-85 s measured at load 13-30 on this 2-core machine
  test.setTimeout(150_000);
  const ann = await person(browser, "ladder-ann");
  const bob = await person(browser, "ladder-bob");

  // Ann joins first and waits, with her window and the expected wait in view
  await ann.page.goto("/play/ladder");
  await expect(ann.page.getByRole("heading", { name: "Ladder", level: 1 })).toBeVisible();
  await ann.page.getByTestId("queue-join").click();
  await expect(ann.page.getByTestId("queue-waiting")).toBeVisible();
  await expect(ann.page.getByTestId("queue-window")).toContainText("1400 and 1600");
  await expect(ann.page.getByTestId("queue-expected")).toBeVisible();

  // Bob joins: the two are within ±100, and both land on the same game
  await bob.page.goto("/play/ladder");
  await bob.page.getByTestId("queue-join").click();
  await expect(bob.page).toHaveURL(/\/play\/g\/[A-Za-z0-9_-]+$/, { timeout: 30_000 });
  await expect(ann.page).toHaveURL(bob.page.url(), { timeout: 30_000 });

  // Bob concedes: the ranked game is over and rated
  await expect(bob.page.getByRole("button", { name: "Concede" })).toBeVisible({ timeout: 30_000 });
  bob.page.once("dialog", (d) => void d.accept());
  await bob.page.getByRole("button", { name: "Concede" }).click();
  await expect(ann.page.getByTestId("game-over")).toBeVisible({ timeout: 30_000 });

  await ann.page.goto("/play/ladder");
  const board = ann.page.getByTestId("leaderboard");
  await expect(board.getByRole("link", { name: ann.name })).toBeVisible();
  await expect(board.getByRole("link", { name: bob.name })).toBeVisible();
  await expect(ann.page.getByTestId("my-ladder-rating")).toContainText(/^1[5-9]\d\d\?/);
  // her page charts the game
  await board.getByRole("link", { name: ann.name }).click();
  await expect(ann.page.getByTestId("ladder-chart")).toContainText("1 rated game");
});
