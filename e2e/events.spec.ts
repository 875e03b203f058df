import type { Browser, Page } from "@playwright/test";
import { AuthPages, expect, newAccount, test } from "./fixtures";

/** A page in its own browser context (its own cookies), as another person's device would be. */
async function person(browser: Browser, prefix: string): Promise<{ page: Page; name: string }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const account = newAccount(prefix);
  await new AuthPages(page).signUp(account);
  return { page, name: account.displayName };
}

test("an organiser runs a table event: four players enter with decks, report and get results, and the end publishes standings and decklists", async ({ browser }) => {
  // five people sign up and act in turn, each step a server round trip: longer than the default on a loaded machine
  test.setTimeout(180_000);
  const org = await person(browser, "ev-org");
  await org.page.goto("/play");
  await org.page.getByTestId("events-link").click();
  await expect(org.page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
  await org.page.getByRole("link", { name: "Organise an event" }).click();
  await org.page.getByTestId("event-name").fill("Friday Swiss");
  await org.page.getByLabel("Format notes").fill("Starters welcome. Best of three.");
  await org.page.getByTestId("event-deadline").fill("2030-01-01T18:00");
  await org.page.getByRole("button", { name: "Create event" }).click();
  await expect(org.page.getByRole("heading", { name: "Friday Swiss" })).toBeVisible();
  const url = org.page.url();

  const players = [];
  for (const p of ["ev-ann", "ev-bob", "ev-cy", "ev-dee"]) {
    const pl = await person(browser, p);
    await pl.page.goto(url);
    await pl.page.getByTestId("event-register").click();
    await expect(pl.page.getByTestId("my-entry-status")).toContainText("You are entered");
    players.push(pl);
  }
  // before the start: my own decklist, nobody else's
  await expect(players[0].page.getByTestId("event-decklist")).toHaveCount(1);
  await expect(players[0].page.getByText("Decklists are published when the event ends.")).toBeVisible();

  await org.page.reload();
  await org.page.getByTestId("event-start").click();
  await expect(org.page.getByTestId("event-round-1")).toBeVisible();
  await expect(org.page.getByTestId("event-status")).toContainText("Under way, round 1");

  // round 1: every player reports 2-1 for the first-named player of their match; the two reports of each match agree
  for (const pl of players) {
    await pl.page.reload();
    await expect(pl.page.getByTestId("my-entry-status")).toContainText("locked");
    const form = pl.page.getByTestId("result-form-player");
    await form.locator('input[name="winsA"]').fill("2");
    await form.locator('input[name="winsB"]').fill("1");
    await form.getByRole("button", { name: "Report" }).click();
    // the page renders again with this player's report on the match
    await expect(pl.page.getByText(`${pl.name} 2–1`)).toBeVisible();
  }
  await org.page.reload();
  await expect(org.page.getByTestId("event-round-1").getByTestId("event-match-score")).toHaveText(["2–1", "2–1"]);

  // round 2: the organiser enters both results
  await org.page.getByTestId("event-advance").click();
  const round2 = org.page.getByTestId("event-round-2");
  await expect(round2).toBeVisible();
  for (let i = 0; i < 2; i++) {
    const form = round2.getByTestId("event-match").nth(i).getByTestId("result-form-organiser");
    await form.locator('input[name="winsA"]').fill("2");
    await form.locator('input[name="winsB"]').fill("0");
    await form.getByRole("button", { name: "Enter" }).click();
    await expect(round2.getByTestId("event-match-score").nth(i)).toHaveText("2–0");
  }
  await expect(org.page.getByTestId("event-audit")).toContainText("entered a result");
  await org.page.getByTestId("event-finish").click();
  await expect(org.page.getByTestId("event-status")).toContainText("Finished");

  // anyone, signed out too, sees the final standings, both rounds, every decklist and the per-card results
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(url);
  await expect(guest.getByRole("heading", { name: "Final standings" })).toBeVisible();
  await expect(guest.getByTestId("event-standings").locator("tbody tr")).toHaveCount(4);
  await expect(guest.getByTestId("event-standings").locator("tbody tr").first()).toContainText("6");
  await expect(guest.getByTestId("event-decklist")).toHaveCount(4);
  await expect(guest.getByTestId("event-card-results")).toContainText("small sample");
  await expect(guest.getByTestId("event-round-1")).toBeVisible();
  await guest.goto("/events");
  await expect(guest.getByTestId("event-list")).toContainText("Friday Swiss");
});
