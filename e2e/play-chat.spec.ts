import type { Browser, Page } from "@playwright/test";
import { AuthPages, expect, newAccount, test } from "./fixtures";

/** A signed-up person in their own browser context, as another device would be. */
async function person(browser: Browser, prefix: string, width = 1280): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await new AuthPages(page).signUp(newAccount(prefix));
  return page;
}

test("two players exchange chat messages; a spectator sees only the spectators' room, and the game a move behind", async ({ browser }) => {
  // two or three people, each signed up through the forms: 27-85 s measured at load 13-30 on this 2-core machine
  test.setTimeout(150_000);
  const host = await person(browser, "chathost");
  await host.goto("/play");
  await host.getByTestId("spectator-delay-select").selectOption("1");
  await host.getByRole("button", { name: "Create game" }).click();
  await expect(host).toHaveURL(/\/play\/g\/[A-Za-z0-9_-]+$/);
  const gameUrl = host.url();
  const invite = await host.getByTestId("invite-link").inputValue();

  const guest = await person(browser, "chatguest", 390);
  await guest.goto(invite);
  await guest.getByTestId("join-game").click();
  await expect(guest).toHaveURL(gameUrl);
  await expect(guest.getByTestId("instruction")).toContainText("Play step");

  // a typed message and a preset, between the two players
  const players = (p: Page) => p.getByTestId("chat-players");
  await players(host).getByLabel("Message to your opponent").fill("have fun <b>friend</b>");
  await players(host).getByRole("button", { name: "Send" }).click();
  await expect(players(guest).getByTestId("chat-message")).toContainText(["have fun <b>friend</b>"]);
  await players(guest).getByRole("button", { name: "Good luck" }).click();
  await expect(players(host).getByTestId("chat-message").last()).toContainText("Good luck");

  // a signed-in spectator: the spectators' room only, and the delay said
  const watcher = await person(browser, "chatwatcher");
  await watcher.goto(gameUrl);
  await expect(watcher.getByTestId("instruction")).toContainText("Watching");
  await expect(watcher.getByTestId("spectator-delay")).toContainText("1 move behind");
  const stands = watcher.getByTestId("chat-spectators");
  await expect(stands).toContainText("No messages yet.");
  await stands.getByLabel("Message to the other spectators").fill("hello from the stands");
  await stands.getByRole("button", { name: "Send" }).click();
  await expect(stands.getByTestId("chat-message")).toContainText(["hello from the stands"]);
  await expect(players(watcher)).toHaveCount(0);
  await expect(watcher.locator("body")).not.toContainText("have fun");

  // a player may show the spectators' room beside their own (read only)
  await host.getByLabel("Show the spectators' chat").check();
  await expect(host.getByTestId("chat-spectators").getByTestId("chat-message")).toContainText(["hello from the stands"]);
});
