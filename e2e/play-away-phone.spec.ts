import type { Browser, Page } from "@playwright/test";
import { AuthPages, expect, newAccount, test } from "./fixtures";
import { uncovered } from "./playtest-helpers";

/**
 * A live game on a phone (390×844) when the opponent's connection drops: the
 * board, the clocks (the reconnect clock replaces the paused move clock), the
 * opponent's status (away, and that it has placed) and what to do next (the
 * instruction, the hand and Confirm / Fill / Clear) are all on the first
 * screen, with no scrolling and nothing under the placement tray, in light and
 * dark, before and after placing 5 of 7 cards; and on a laptop (1366×900) the
 * field, the hand and its buttons fit the first screen too.
 * Screenshots: test-results/away-phone-*.png, test-results/away-laptop-*.png.
 */

async function freshPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500 });
  return context.newPage();
}

async function screenshots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** The field, the hand and the placement buttons: on the first screen (no scroll) and uncovered. */
async function placingOnOneScreen(page: Page) {
  expect(await page.evaluate(() => window.scrollY), "the page did not scroll").toBe(0);
  await uncovered(page.getByRole("grid"), "the field");
  await uncovered(page.getByRole("toolbar", { name: /Your hand/ }), "the hand");
  await uncovered(page.getByTestId("confirm-placement"), "Confirm placement");
  await uncovered(page.getByRole("button", { name: "Fill empty slots" }), "Fill empty slots");
  await uncovered(page.getByRole("button", { name: "Clear", exact: true }), "Clear");
}

/**
 * Everything a player needs to act is on the first screen, not covered by the
 * placement tray: the status bar with the clocks (the reconnect clock there:
 * the away line itself is read out to screen readers only) and the opponent's
 * placement, the instruction, the whole board, the hand and its buttons.
 */
async function oneScreen(page: Page, name: string) {
  await placingOnOneScreen(page);
  await uncovered(page.getByTestId("phone-bar"), "the status bar");
  await expect(page.getByTestId("phone-clocks")).toContainText(/away · \d+:\d\d to reconnect · has placed$/);
  await expect(page.getByTestId("away-clock")).toContainText("lost the connection");
  await uncovered(page.getByTestId("instruction"), "the instruction");
  await screenshots(page, `away-phone-${name}`);
}

test("a phone shows the board, the clocks, the away opponent, the hand and Confirm on one screen", async ({ browser }) => {
  // two people signed up through the forms, a phone and a laptop screen checked before and after placing
  test.setTimeout(180_000);
  const host = await freshPage(browser, { width: 390, height: 844 });
  // names as long as a long run's counters make them: the title once wrapped and pushed the field under the tray
  await new AuthPages(host).signUp({ ...newAccount("awayhost"), displayName: "awayhost 26" });
  await host.goto("/play");
  await host.locator('select[name="listing"]').selectOption("open");
  await host.getByRole("button", { name: "Create game" }).click();
  await expect(host).toHaveURL(/\/play\/g\/[A-Za-z0-9_-]+$/);

  const guest = await freshPage(browser, { width: 1366, height: 900 });
  await new AuthPages(guest).signUp({ ...newAccount("awayguest"), displayName: "awayguest 27" });
  await guest.goto(host.url());
  await guest.getByTestId("join-game").click();
  await expect(host.getByTestId("instruction")).toContainText("Play step");

  // on a laptop the field, the hand and its buttons fit the first screen as well
  await expect(guest.getByTestId("instruction")).toContainText("Play step");
  await placingOnOneScreen(guest);
  await screenshots(guest, "away-laptop-placing");

  // the guest places and leaves (closes the tab): the host, still placing, sees the reconnect clock and that the guest has placed
  await guest.getByRole("button", { name: "Fill empty slots" }).click();
  await guest.getByTestId("confirm-placement").click();
  await expect(guest.getByTestId("confirm-placement")).toBeHidden();
  await guest.context().close();
  await expect(host.getByTestId("away-clock")).toContainText("lost the connection", { timeout: 30_000 });
  await oneScreen(host, "placing");

  // 5 of the 7 cards placed by tapping a card, then a slot: the 2 left stay in the tray, and Confirm is still in reach
  const hand = host.getByRole("toolbar", { name: /Your hand/ });
  for (let col = 1; col <= 5; col++) {
    await hand.getByRole("button").first().tap();
    await host.getByTestId(`place-slot-${col}`).tap();
  }
  await expect(hand.getByRole("button")).toHaveCount(2);
  await expect(host.getByTestId("confirm-placement")).toBeEnabled();
  await oneScreen(host, "placed");
  await host.getByTestId("confirm-placement").tap();
  await expect(host.getByTestId("confirm-placement")).toBeHidden();
  expect(await host.evaluate(() => window.scrollY), "confirming took no scroll").toBe(0);
});
