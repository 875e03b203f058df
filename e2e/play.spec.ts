import type { Browser, Page } from "@playwright/test";
import { AuthPages, expect, newAccount, test } from "./fixtures";

/** A page in its own browser context (its own cookies), as another person's device would be. */
async function freshPage(browser: Browser, width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/**
 * The journey of a live game between two people in browsers, through the server: what needs the stream, the
 * session and the pages. A whole game played move by move on both boards and a spectator's, with the leak checks
 * after every move, is components/play/online-game.test.tsx (the real referee, in process).
 */
test("two people play a live game through the server: invite through sign-up, secret placements, a spectator, a reload back to the same seat, a concession and a rematch", async ({ browser }) => {
  const host = await freshPage(browser);
  await new AuthPages(host).signUp(newAccount("host"));
  await host.goto("/play");
  await host.getByRole("button", { name: "Create game" }).click();
  await expect(host).toHaveURL(/\/play\/g\/[A-Za-z0-9_-]+$/);
  const gameUrl = host.url();
  const invite = await host.getByTestId("invite-link").inputValue();
  expect(invite).toMatch(/\/play\/i\/[A-Za-z0-9_-]{20,}$/);
  await expect(host.getByTestId("waiting")).toBeVisible();

  // the guest opens the invite signed out: sign-in first, then sign-up, then back to the seat
  const guest = await freshPage(browser, 390);
  await guest.goto(invite);
  await expect(guest).toHaveURL(/\/signin\?callbackUrl=/);
  const callback = new URL(guest.url()).searchParams.get("callbackUrl")!;
  expect(callback).toBe(new URL(invite).pathname);
  const account = newAccount("guest");
  await guest.getByRole("link", { name: "Create an account" }).click();
  await expect(guest).toHaveURL(/\/signup\?callbackUrl=/);
  await guest.getByLabel("Email").fill(account.email);
  await guest.getByLabel("Display name").fill(account.displayName);
  await guest.getByLabel("Password").fill(account.password);
  await guest.getByRole("button", { name: "Create account" }).click();
  // sign-up lands on sign-in (it never tells a taken email apart), which goes on to the seat
  await expect(guest.getByTestId("signup-notice")).toBeVisible();
  await guest.getByLabel("Email").fill(account.email);
  await guest.getByLabel("Password").fill(account.password);
  await guest.getByRole("button", { name: "Sign in" }).click();
  await expect(guest).toHaveURL(new RegExp(`${callback}$`));
  await guest.getByTestId("join-game").click();
  await expect(guest).toHaveURL(gameUrl);

  // the host's waiting page learns of it by itself
  await expect(host.getByTestId("instruction")).toContainText("Play step");
  await expect(guest.getByTestId("instruction")).toContainText("Play step");

  // a spectator with the game link, signed out
  const watcher = await freshPage(browser);
  await watcher.goto(gameUrl);
  await expect(watcher.getByTestId("instruction")).toContainText("Watching");
  await expect(host.getByTestId("spectators")).toHaveText("1 watching");

  // both place their cards face down: the game goes on to the rush step on every page
  for (const p of [host, guest]) {
    await p.getByRole("button", { name: "Fill empty slots" }).click();
    await p.getByTestId("confirm-placement").click();
    await expect(p.getByTestId("confirm-placement")).toBeHidden();
  }
  for (const p of [host, guest, watcher]) await expect(p.getByTestId("step-label").first()).not.toHaveText(/Play step/);
  const instruction = await guest.getByTestId("instruction").textContent();

  // a reload (a dropped connection, another device) returns to the same seat and view
  await guest.reload();
  await expect(guest.getByTestId("connection")).toContainText("Connected");
  await expect(guest.getByTestId("instruction")).toHaveText(instruction!);
  // the invite panel went once the guest sat down
  await expect(host.getByTestId("invite-link")).toHaveCount(0);
  // the spectator never sees a hand, and no face-down card of either side
  await expect(watcher.getByRole("list", { name: /Your hand/ })).toHaveCount(0);
  await expect(watcher.locator('[aria-label$="(face down)"]')).toHaveCount(0);

  // a concession ends it; both deck lists are shown then, and a rematch is offered
  host.once("dialog", (d) => void d.accept());
  await host.getByRole("button", { name: "Concede" }).click();
  await expect(guest.getByTestId("game-over")).toBeVisible();
  await expect(guest.getByTestId("deck-list")).toHaveCount(2);
  await expect(watcher.getByTestId("game-over")).toBeVisible();
  await guest.getByRole("button", { name: /Rematch/ }).click();
  await expect(guest).not.toHaveURL(gameUrl);
  await expect(guest).toHaveURL(/\/play\/g\/[A-Za-z0-9_-]+$/);
  await expect(guest.getByTestId("instruction")).toContainText("Play step");
  await guest.screenshot({ path: "test-results/play-phone.png" });
});
