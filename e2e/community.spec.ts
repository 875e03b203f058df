import type { Browser, Page } from "@playwright/test";
import { ADMIN, AuthPages, expect, newAccount, test, type Account } from "./fixtures";

/** A signed-in page in its own browser context (its own cookies), as a second person would be. */
async function personPage(browser: Browser, account: Account, mode: "signUp" | "signIn" = "signUp"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const auth = new AuthPages(page);
  if (mode === "signUp") await auth.signUp(account);
  else {
    await auth.signIn(account);
    await expect(page.getByTestId("current-user")).toBeVisible();
  }
  return page;
}

/** Publishes a copy of the Eggman Empire starter under `name`; returns its shared page's path. */
async function publishDeck(page: Page, name: string): Promise<string> {
  await page.goto("/decks");
  await page.getByRole("listitem").filter({ hasText: "Eggman Empire" }).getByRole("button", { name: "Start from this deck" }).click();
  await expect(page).toHaveURL(/\/decks\/[^/]+$/);
  await page.getByLabel("Deck name").fill(name);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("save-message")).toContainText("Saved as version 2");
  await page.getByLabel("Public: listed in public decks").click();
  await expect(page.getByText("The deck is now public.")).toBeVisible();
  await page.goto(`/decks/public?name=${encodeURIComponent(name)}`);
  const href = await page.getByRole("link", { name, exact: true }).getAttribute("href");
  expect(href).toMatch(/^\/d\//);
  return href!;
}

async function deckOrder(page: Page, prefix: string, sort: string): Promise<string[]> {
  await page.goto(`/decks/public?name=${encodeURIComponent(prefix)}${sort === "new" ? "" : `&sort=${sort}`}`);
  return page.getByTestId("public-deck").getByRole("link").filter({ hasText: prefix }).allTextContents();
}

test("two people like, copy and comment on a public deck; a report reaches the admin, who hides the comment; sorting follows", async ({ browser }) => {
  const tag = `Cmty ${Date.now().toString(36)}`;
  const owner = await personPage(browser, newAccount("owner"));
  const first = await publishDeck(owner, `${tag} one`);
  await publishDeck(owner, `${tag} two`);

  // The owner sees counts but no like button; their own views are not counted.
  await owner.goto(first);
  await expect(owner.getByTestId("deck-community-bar")).toContainText("0 likes");
  await expect(owner.getByTestId("view-count")).toHaveText("0 views");
  await expect(owner.getByTestId("like-button")).toHaveCount(0);
  await expect(owner.getByTestId("deck-comments")).toContainText("No comments yet.");

  // A guest is counted and told to sign in to like and comment.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(first);
  await expect(guest.getByTestId("view-count")).toHaveText("1 view");
  await expect(guest.getByRole("link", { name: "Sign in to like" })).toBeVisible();
  await expect(guest.getByRole("link", { name: "Sign in to comment" })).toBeVisible();
  await guest.reload();
  await expect(guest.getByTestId("view-count")).toHaveText("1 view");

  // Another person likes (a toggle), copies and comments in markdown.
  const fan = await personPage(browser, newAccount("fan"));
  await fan.goto(first);
  await expect(fan.getByTestId("view-count")).toHaveText("2 views");
  const like = fan.getByTestId("like-button");
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(fan.getByTestId("like-count")).toContainText("1");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(fan.getByTestId("like-count")).toContainText("0");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");

  const comments = fan.getByTestId("deck-comments");
  const box = comments.getByLabel("Add a comment");
  await box.fill("x".repeat(2001));
  await comments.getByRole("button", { name: "Post comment" }).click();
  await expect(comments.getByText("A comment is at most 2,000 characters; this one has 2,001.")).toBeVisible();
  await box.fill("**Great** deck, see [the rules](https://example.com/rules)");
  await comments.getByRole("button", { name: "Post comment" }).click();
  const comment = comments.getByTestId("comment");
  await expect(comment.locator("strong")).toHaveText("Great");
  await expect(comment.getByRole("link", { name: "the rules" })).toHaveAttribute("rel", /nofollow/);
  await expect(comments.getByRole("heading", { name: "Comments (1)" })).toBeVisible();
  await comment.getByRole("button", { name: "Edit" }).click();
  await comment.getByLabel("Edit your comment").fill("**Great** deck, buy [cheap rings](https://example.com/spam)");
  await comment.getByRole("button", { name: "Save" }).click();
  await expect(comment).toContainText("(edited)");
  await fan.screenshot({ path: ".tmp/shots/community-deck.png", fullPage: true });

  await expect(fan.getByTestId("copy-button-count")).toContainText("0");
  await fan.getByRole("button", { name: /Copy to my decks/ }).click();
  await expect(fan).toHaveURL(/\/decks\/[^/]+$/);
  await fan.goto(first);
  await expect(fan.getByTestId("copy-button-count")).toContainText("1");
  await expect(fan.getByTestId("copy-count")).toHaveText("Copied by 1 person");

  // The owner reports the comment (not their own) with a reason.
  await owner.goto(first);
  const seen = owner.getByTestId("comment");
  await seen.getByRole("button", { name: "Report" }).click();
  await seen.getByLabel("Why should an admin review this comment?").fill("Spam link to a ring shop");
  await seen.getByRole("button", { name: "Send report" }).click();
  await expect(seen).toContainText("Reported: an admin will review it.");
  await expect(seen.getByRole("button", { name: "Edit" })).toHaveCount(0);

  // The admin hides it from the queue.
  const admin = await personPage(browser, ADMIN, "signIn");
  await admin.goto("/admin");
  await admin.getByRole("link", { name: /Reported comments/ }).click();
  const item = admin.getByTestId("moderation-item").filter({ hasText: `${tag} one` });
  await expect(item.getByTestId("report-reason")).toHaveText("Spam link to a ring shop");
  await admin.screenshot({ path: ".tmp/shots/community-admin-queue.png", fullPage: true });
  await item.getByRole("button", { name: "Hide" }).click();
  await expect(admin.getByText("Comment hidden.")).toBeVisible();
  await expect(admin.getByTestId("moderation-item").filter({ hasText: `${tag} one` }).getByRole("button", { name: "Restore" })).toBeVisible();

  // Hidden: gone for others, marked for its author.
  await guest.goto(first);
  await expect(guest.getByTestId("deck-comments")).toContainText("No comments yet.");
  await owner.goto(first);
  await expect(owner.getByTestId("comment")).toHaveCount(0);
  await fan.goto(first);
  await expect(fan.getByTestId("comment")).toContainText("Hidden by a moderator");
  await expect(fan.getByTestId("comment").getByRole("button", { name: "Edit" })).toHaveCount(0);

  // Sorting: "one" has the views and the like; "two" is the newer one; likes and views do not make a deck "new".
  expect(await deckOrder(guest, tag, "new")).toEqual([`${tag} two`, `${tag} one`]);
  expect(await deckOrder(guest, tag, "popular")).toEqual([`${tag} one`, `${tag} two`]);
  expect(await deckOrder(guest, tag, "liked")).toEqual([`${tag} one`, `${tag} two`]);
  await expect(guest.getByTestId("sort-liked")).toHaveAttribute("aria-current", "page");
  // the sort controls are links reachable by keyboard, and the search keeps the sort
  await guest.getByTestId("sort-popular").focus();
  await guest.keyboard.press("Enter");
  await expect(guest).toHaveURL(/sort=popular/);
  await guest.getByRole("button", { name: "Search" }).click();
  await expect(guest).toHaveURL(/sort=popular/);
  await expect(guest.getByTestId("public-deck").filter({ hasText: `${tag} one` }).getByTestId("public-deck-counts")).toContainText("1 like · 2 views · 0 comments · copied by 1 person");
  await guest.screenshot({ path: ".tmp/shots/community-public-decks.png", fullPage: true });
});
