import type { Browser, Page } from "@playwright/test";
import { AuthPages, expect, newAccount, test } from "./fixtures";

/** A page in its own browser context (its own cookies), as another person's device would be. */
async function freshPage(browser: Browser, width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** Both players place their cards for the first play step (the view may move under the click: the placement is confirmed once). */
async function placeBoth(players: Page[]): Promise<void> {
  for (const p of players) {
    await p.getByRole("button", { name: "Fill empty slots" }).click();
    await p.getByTestId("confirm-placement").click();
    await expect(p.getByTestId("confirm-placement")).toBeHidden();
  }
}

test("a finished game is a replay: opened from the game-over panel and from my games, seeked by step and turn, viewed from either side and the public view", async ({ browser }) => {
  test.setTimeout(300_000);
  const host = await freshPage(browser);
  await new AuthPages(host).signUp(newAccount("rhost"));
  await host.goto("/play");
  await host.locator('select[name="listing"]').selectOption("open");
  await host.getByRole("button", { name: "Create game" }).click();
  await expect(host).toHaveURL(/\/play\/g\/[A-Za-z0-9_-]+$/);
  const gameUrl = host.url();

  const guest = await freshPage(browser, 390);
  await new AuthPages(guest).signUp(newAccount("rguest"));
  await guest.goto(gameUrl);
  await guest.getByTestId("join-game").click();
  await expect(guest.getByTestId("instruction")).toContainText("Play step");
  await expect(host.getByTestId("instruction")).toContainText("Play step");

  // a spectator sees both players named, not "You"
  const watcher = await freshPage(browser, 390);
  await watcher.goto(gameUrl);
  await expect(watcher.getByTestId("instruction")).toContainText("Watching");
  await expect(watcher.getByRole("grid")).toHaveAttribute("aria-label", /rows on top, .+ rows below$/);
  await expect(watcher.getByRole("grid")).not.toHaveAttribute("aria-label", /your rows/);

  await placeBoth([host, guest]);
  await expect(host.getByTestId("step-label")).toHaveText(/Rush/);
  // the game chat is one tap away on a phone, above the log
  await guest.getByTestId("dock-chat-toggle").click();
  await expect(guest.getByRole("region", { name: /chat/i }).first()).toBeInViewport();
  await guest.screenshot({ path: "test-results/replay-chat-phone.png" });
  await watcher.screenshot({ path: "test-results/replay-spectator-phone.png" });
  await guest.getByRole("button", { name: "Back to the board" }).click();

  host.once("dialog", (d) => void d.accept());
  await host.getByRole("button", { name: "Concede" }).click();
  await expect(guest.getByTestId("game-over")).toBeVisible();
  const link = guest.getByTestId("replay-link");
  await expect(link).toBeVisible();
  await expect(watcher.getByTestId("replay-link")).toBeVisible();
  const replayPath = (await link.getAttribute("href"))!;
  expect(replayPath).toMatch(/^\/r\/[A-Za-z0-9_-]{12}$/);

  // the guest opens it from the game-over panel: their own side, at the end, with the result
  await link.click();
  await expect(guest).toHaveURL(new RegExp(`${replayPath}$`));
  await expect(guest.getByTestId("replay-result")).toContainText("won");
  const position = guest.getByTestId("replay-position");
  const total = Number(/of (\d+)/.exec((await position.textContent())!)![1]);
  expect(total).toBeGreaterThanOrEqual(3);
  await expect(guest.getByRole("link", { name: /\(you\)$/ })).toHaveAttribute("aria-current", "true");
  await guest.screenshot({ path: "test-results/replay-phone.png", fullPage: true });

  // the coach analyses the guest's own decisions in the browser's workers: progress, then the end of the run
  await expect(guest.getByTestId("win-bar-text")).toContainText("%");
  await guest.getByRole("button", { name: "Analyse my play" }).click();
  const progress = guest.getByRole("progressbar", { name: "Coach progress" });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuemax", /^[1-9]\d*$/);
  await expect(guest.getByTestId("coach-status")).toHaveText(/^Analysed (\d+) of \1 decisions: \d+ cost more than 10 points\.$/, { timeout: 120_000 });
  const first = guest.getByTestId("coach-results").getByRole("button").first();
  await first.focus();
  await guest.keyboard.press("Enter");
  await expect(guest.getByTestId("coach-verdict")).toContainText(/^You played .+ \(win \d+%\)/);
  await guest.screenshot({ path: "test-results/coach-phone.png", fullPage: true });
  await guest.emulateMedia({ colorScheme: "dark" });
  await guest.screenshot({ path: "test-results/coach-phone-dark.png", fullPage: true });
  await guest.emulateMedia({ colorScheme: "light" });
  await guest.keyboard.press("End");

  // seek: the keyboard, the buttons, the turn menu
  await guest.keyboard.press("Home");
  await expect(position).toHaveText(`Action 0 of ${total}`);
  await expect(guest.getByTestId("replay-step")).toContainText("The deal");
  await guest.keyboard.press("ArrowRight");
  await expect(position).toHaveText(`Action 1 of ${total}`);
  await guest.getByTestId("replay-forward").click();
  await expect(position).toHaveText(`Action 2 of ${total}`);
  await guest.getByTestId("replay-back").click();
  await expect(position).toHaveText(`Action 1 of ${total}`);

  // switch side at the same step: the host's side, then the public view (no hand before the end)
  await guest.getByTestId("replay-sides").getByRole("link").first().click();
  await expect(guest).toHaveURL(/side=0&at=1$/);
  await expect(position).toHaveText(`Action 1 of ${total}`);
  await guest.getByTestId("replay-sides").getByRole("link", { name: "Public view" }).click();
  await expect(guest).toHaveURL(/side=public&at=1$/);
  await expect(guest.getByRole("list", { name: /hand: \d+ cards$/ }).getByRole("listitem")).toHaveCount(0);

  // a lobby game's replay opens for anyone with the link, signed out too
  await watcher.goto(replayPath);
  await expect(watcher.getByTestId("replay-position")).toHaveText(`Action ${total} of ${total}`);

  // and it is in the host's finished games
  await host.goto("/play");
  await expect(host.getByTestId("game-replay-link").first()).toHaveAttribute("href", replayPath);
  await host.getByTestId("game-replay-link").first().click();
  await expect(host.getByTestId("replay-result")).toBeVisible();
  // a lobby game: either seat may be analysed; another seat's play is analysed from its own side
  await host.getByTestId("coach-seat").selectOption({ index: 1 });
  await expect(host.getByTestId("coach-open-side")).toBeVisible();
  await host.screenshot({ path: "test-results/replay-desktop.png", fullPage: true });
  await host.emulateMedia({ colorScheme: "dark" });
  await host.screenshot({ path: "test-results/replay-desktop-dark.png", fullPage: true });
});
