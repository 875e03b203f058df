import type { Browser, Page } from "@playwright/test";
import { AuthPages, expect, newAccount, test } from "./fixtures";

/** A page in its own browser context (its own cookies), as another person's device would be. */
async function freshPage(browser: Browser, baseURL: string, width = 1366): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return context.newPage();
}

async function importCards(page: Page, csv: string) {
  await page.goto("/collection/import");
  await page.getByLabel(/Collection file/).setInputFiles({ name: "mine.csv", mimeType: "text/csv", buffer: Buffer.from(`set,number,title,quantity\n${csv}`) });
  await page.getByRole("button", { name: "Check (dry run)" }).click();
  await page.getByRole("button", { name: "Apply: add to my collection" }).click();
  await expect(page.getByText(/Imported \d+ cards?/)).toBeVisible();
}

async function addToList(page: Page, term: string, key: string, button: "Want" | "Trade away") {
  await page.getByLabel("Find a card to add (number or title)").fill(term);
  await page.getByTestId("trade-find-result").filter({ hasText: key }).getByRole("button", { name: button }).click();
  await expect(page.getByTestId(button === "Want" ? "want-list" : "have-list")).toContainText(key);
}

async function makePublic(page: Page) {
  await page.getByLabel("Make my lists public").check();
  await expect(page.getByText("Your lists are public")).toBeVisible();
}

const owned = async (page: Page, n: number) => {
  const doc = (await (await page.request.get("/api/collection/export?format=json")).json()) as { cards: { set: string; number: number; quantity: number }[] };
  return doc.cards.find((c) => c.set === "DEMO" && c.number === n)?.quantity ?? 0;
};

test("two players: lists, a match, a proposal, accept, both mark done, and the copies move", async ({ page, auth, browser, baseURL }) => {
  const alice = newAccount("alice");
  await auth.signUp(alice);
  await importCards(page, "DEMO,1,Sonic the Hedgehog,3\n");
  await page.goto("/trades");
  await expect(page.getByText("No matches yet")).toBeVisible();
  await addToList(page, "Tails", "DEMO-002", "Want");
  await addToList(page, "Sonic the Hedgehog", "DEMO-001", "Trade away");
  await makePublic(page);

  const bobPage = await freshPage(browser, baseURL!);
  const bob = newAccount("bob");
  await new AuthPages(bobPage).signUp(bob);
  await importCards(bobPage, "DEMO,2,Tails,2\n");
  await bobPage.goto("/trades");
  await addToList(bobPage, "Sonic the Hedgehog", "DEMO-001", "Want");
  await addToList(bobPage, "Tails", "DEMO-002", "Trade away");
  await makePublic(bobPage);

  // Alice sees Bob as a match, by display name (never an email), and proposes what the match suggests
  await page.reload();
  const match = page.getByTestId("match").filter({ hasText: bob.displayName });
  await expect(match).toContainText("They give: 1 × Tails (DEMO-002)");
  await expect(match).toContainText("You give: 1 × Sonic the Hedgehog (DEMO-001)");
  await expect(page.locator("body")).not.toContainText(bob.email);
  await match.getByLabel(/Message to/).fill("Swap?");
  await match.getByRole("button", { name: "Propose this trade" }).click();
  await expect(match.getByText("Proposal sent.")).toBeVisible();

  // Bob's badge counts it; he accepts
  await bobPage.reload();
  await expect(bobPage.getByTestId("trade-badge")).toHaveText("1");
  const bobTrade = bobPage.getByTestId("trade").filter({ hasText: alice.displayName });
  await expect(bobTrade).toContainText("Swap?");
  await bobTrade.getByRole("button", { name: "Accept" }).click();
  await expect(bobPage.getByTestId("trade").first()).toHaveAttribute("data-status", "accepted");

  // nothing moved on acceptance; Alice marks done, still nothing; Bob marks done, the copies move
  expect(await owned(page, 1)).toBe(3);
  await page.reload();
  await page.getByTestId("trade").first().getByRole("button", { name: "Mark done" }).click();
  await expect(page.getByText("Marked done; the cards move when the other side marks it too.")).toBeVisible();
  expect(await owned(bobPage, 1)).toBe(0);
  await bobPage.reload();
  await bobPage.getByTestId("trade").first().getByRole("button", { name: "Mark done" }).click();
  await expect(bobPage.getByText("Trade complete")).toBeVisible();
  await bobPage.reload();
  await expect(bobPage.getByTestId("trade").first()).toHaveAttribute("data-status", "completed");
  expect([await owned(page, 1), await owned(page, 2)]).toEqual([2, 1]);
  expect([await owned(bobPage, 1), await owned(bobPage, 2)]).toEqual([1, 1]);
  // what was traded came off both lists, so the match is gone
  await expect(bobPage.getByText("No matches yet")).toBeVisible();

  for (const [p, who] of [[page, "alice"], [bobPage, "bob"]] as const) {
    for (const scheme of ["light", "dark"] as const) {
      await p.emulateMedia({ colorScheme: scheme });
      for (const width of [1366, 390]) {
        await p.setViewportSize({ width, height: 900 });
        await p.screenshot({ path: `test-results/trades-${who}-${scheme}-${width}.png`, fullPage: true });
      }
    }
  }
  await bobPage.context().close();
});

test("a starter deck's page puts the cards a signed-in viewer is missing on their want list in one click", async ({ page, auth }) => {
  await page.goto("/decks/starter/team-sonic-speed");
  // guests are not offered it: there is no want list to fill
  await expect(page.getByRole("button", { name: "Copy to my decks" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add missing cards to my want list" })).toHaveCount(0);
  await auth.signUp(newAccount("deckwants"));
  await page.goto("/decks/starter/team-sonic-speed");
  await page.getByRole("button", { name: "Add missing cards to my want list" }).click();
  await expect(page.getByText(/^Added \d+ cards of Team Sonic Speed to your wants\.$/)).toBeVisible();
  await page.getByRole("button", { name: "Add missing cards to my want list" }).click();
  await expect(page.getByText("Your wants already cover what Team Sonic Speed is missing.")).toBeVisible();
  await page.goto("/trades");
  await expect(page.getByTestId("want-list")).toContainText("DEMO-");
});
