import type { Browser, Page } from "@playwright/test";
import { AuthPages, expect, newAccount, test } from "./fixtures";

/** A page in its own browser context (its own cookies), as another person's device would be. */
async function freshPage(browser: Browser, width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** What the player whose page this is can do now, if anything. */
async function whatCanBeDone(page: Page): Promise<"place" | "flip" | "decide" | "over" | null> {
  if (await page.getByTestId("game-over").isVisible()) return "over";
  if (await page.getByTestId("confirm-placement").isVisible()) return "place";
  if (await page.getByTestId("decision").isVisible()) return "decide";
  if ((await page.getByRole("button", { name: /you may flip here/ }).count()) > 0) return "flip";
  return null;
}

/**
 * Does it: fills the placement and confirms, flips the first legal card, or
 * answers with the first option. The view may change under the click (the
 * other player acted meanwhile): then the caller looks again.
 */
async function act(page: Page, what: "place" | "flip" | "decide"): Promise<void> {
  const click = { timeout: 10_000 };
  try {
    if (what === "place") {
      await page.getByRole("button", { name: "Fill empty slots" }).click(click);
      await page.getByTestId("confirm-placement").click(click);
      await expect(page.getByTestId("confirm-placement")).toBeHidden();
    } else if (what === "flip") {
      await page.getByRole("button", { name: /you may flip here/ }).first().click(click);
    } else {
      await page.getByTestId("decision").getByRole("button").first().click(click);
    }
  } catch (e) {
    if (!(e instanceof Error) || !/Timeout|detached/.test(e.message)) throw e;
  }
}

async function turnOf(page: Page): Promise<number> {
  const t = await page.getByText(/^Turn \d+$/).first().textContent();
  return Number(t?.replace("Turn ", "") ?? 0);
}

test("two people play a live game through the server: invite through sign-up, secret placements, flips, a spectator, a reload back to the same seat", async ({ browser }) => {
  test.setTimeout(600_000);
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

  let reloaded = false;
  for (let steps = 0; steps < 400; steps++) {
    let what = null as Awaited<ReturnType<typeof whatCanBeDone>>;
    let who: Page = host;
    await expect
      .poll(async () => {
        for (const p of [host, guest]) {
          what = await whatCanBeDone(p);
          who = p;
          if (what) return what;
        }
        return null;
      }, { timeout: 30_000 })
      .not.toBeNull();
    if (what === "over") break;
    await act(who, what as "place" | "flip" | "decide");
    const turn = await turnOf(host);
    if (!reloaded && turn >= 2) {
      // a reload (a dropped connection, another device) returns to the same seat and view
      await guest.reload();
      await expect(guest.getByTestId("instruction")).not.toContainText("Watching");
      await expect(guest.getByTestId("connection")).toContainText("Connected");
      reloaded = true;
    }
    if (turn >= 3) break;
  }
  expect(reloaded).toBe(true);
  expect(await turnOf(host)).toBeGreaterThanOrEqual(3);
  // the invite panel went once the guest sat down
  await expect(host.getByTestId("invite-link")).toHaveCount(0);
  expect(await turnOf(watcher)).toBe(await turnOf(host));
  // the spectator never sees a hand, and no face-down card of either side
  await expect(watcher.getByRole("list", { name: /Your hand/ })).toHaveCount(0);
  await expect(watcher.locator('[aria-label$="(face down)"]')).toHaveCount(0);

  // a concession ends it; both deck lists are shown then, and a rematch is offered
  if (!(await host.getByTestId("game-over").isVisible())) {
    host.once("dialog", (d) => void d.accept());
    await host.getByRole("button", { name: "Concede" }).click();
  }
  await expect(guest.getByTestId("game-over")).toBeVisible();
  await expect(guest.getByTestId("deck-list")).toHaveCount(2);
  await expect(watcher.getByTestId("game-over")).toBeVisible();
  await guest.getByRole("button", { name: /Rematch/ }).click();
  await expect(guest).not.toHaveURL(gameUrl);
  await expect(guest).toHaveURL(/\/play\/g\/[A-Za-z0-9_-]+$/);
  await expect(guest.getByTestId("instruction")).toContainText("Play step");
  await guest.screenshot({ path: "test-results/play-phone.png" });
});
