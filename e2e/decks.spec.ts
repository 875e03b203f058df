import { readFileSync } from "node:fs";
import { test, expect, newAccount, AuthPages } from "./fixtures";
import type { Page } from "@playwright/test";

async function addFromSearch(page: Page, query: string, times: number) {
  const box = page.getByLabel("Search the catalog");
  await box.fill(query);
  await expect(page.getByTestId("search-results").getByRole("button").first()).toBeVisible();
  // wait for the results of this query (the first result's title contains the query)
  await expect(page.getByTestId("search-results").getByRole("button").first()).toHaveAccessibleName(new RegExp(query, "i"));
  for (let i = 0; i < times; i++) await box.press("Enter");
}

async function createDeck(page: Page, name: string) {
  await page.goto("/decks");
  await page.getByLabel("New deck name").fill(name);
  await page.getByRole("button", { name: "Create deck" }).click();
  await expect(page).toHaveURL(/\/decks\/[^/]+$/);
  await expect(page.getByLabel("Deck name")).toHaveValue(name);
}

test.describe("deck builder and sharing", () => {
  test("build a 30-card deck from search, hit the 5-copy limit, save, share, open signed out, copy as another user", async ({ page, auth, browser }) => {
    const alice = newAccount("alice");
    await auth.signUp(alice);
    await createDeck(page, "Speed test");
    const editorUrl = page.url();

    // click to add: five Sonic the Hedgehog DEMO-001
    await page.getByLabel("Search the catalog").fill("sonic");
    const sonic1 = page.getByRole("button", { name: /^Add Sonic the Hedgehog DEMO-001/ });
    for (let i = 0; i < 5; i++) await sonic1.click();
    await expect(page.getByTestId("deck-entry").filter({ hasText: "DEMO-001" }).getByTestId("entry-quantity")).toHaveText("5");
    // a sixth copy of the title, through the other printing, is refused with the reason
    await page.getByRole("button", { name: /^Add Sonic the Hedgehog DEMO-053/ }).click();
    await expect(page.getByTestId("editor-notice")).toHaveText(/Sonic the Hedgehog: already 5 copies, at most 5 per title/);
    await expect(page.getByTestId("deck-entry").filter({ hasText: "DEMO-053" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add one Sonic the Hedgehog DEMO-001" })).toHaveAttribute("aria-disabled", "true");

    // Enter adds the first result
    await addFromSearch(page, "Cream the Rabbit", 5);
    await addFromSearch(page, "Cheese the Chao", 5);
    await addFromSearch(page, "Froggy", 5);
    await addFromSearch(page, "Chris Thorndyke", 5);
    await expect(page.getByTestId("legality")).toContainText("25 cards: at least 30 needed.");
    // drag and drop adds too: a real mouse drag of a result that was never clicked
    await addFromSearch(page, "Ella", 0);
    for (let i = 1; i <= 5; i++) {
      await page.getByRole("button", { name: /^Add Ella DEMO-013/ }).dragTo(page.getByTestId("deck-drop-zone"));
      await expect(page.getByTestId("legality")).toContainText(`${25 + i} cards`);
    }
    await expect(page.getByTestId("legality")).toContainText("Legal");
    await expect(page.getByTestId("legality")).toContainText("30 cards: OK.");
    await page.screenshot({ path: ".tmp/shots/deck-editor.png", fullPage: true });

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("save-message")).toContainText("Saved as version 2. Legal.");
    await expect(page.getByTestId("version-history")).toContainText("v2");
    await expect(page.getByTestId("version-history")).toContainText("+5 Cheese the Chao");

    await page.getByLabel("Unlisted: anyone with the link").click();
    await expect(page.getByText("The deck is now unlisted.")).toBeVisible();
    const link = await page.getByTestId("share-link").inputValue();
    expect(link).toMatch(/\/d\/[A-Za-z0-9_-]{22}$/);

    // a signed-out browser opens the link
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(link);
    await expect(guest.getByTestId("deck-name")).toHaveText("Speed test");
    await expect(guest.getByTestId("legality")).toContainText("30 cards: OK.");
    await expect(guest.getByRole("link", { name: "Sign in to copy this deck" })).toBeVisible();
    await expect(guest.getByRole("link", { name: "Playtest this deck" })).toHaveAttribute("href", /\/playtest\?slug=/);
    await expect(guest.getByTestId("exposure-matrix")).toBeVisible();
    await guest.screenshot({ path: ".tmp/shots/deck-shared-guest.png", fullPage: true });
    // the export files are built in the browser on download (components/decks/deck-export.tsx), in the formats' bytes
    const [json] = await Promise.all([guest.waitForEvent("download"), guest.getByRole("button", { name: "Download JSON" }).click()]);
    expect(json.suggestedFilename()).toBe("speed-test.json");
    const doc = JSON.parse(readFileSync((await json.path())!, "utf8")) as { name: string; cards: { set: string; number: number; quantity: number }[] };
    expect(doc.name).toBe("Speed test");
    expect(doc.cards.reduce((n, c) => n + c.quantity, 0)).toBe(30);
    const [cod] = await Promise.all([guest.waitForEvent("download"), guest.getByRole("button", { name: "Download .cod (Cockatrice)" }).click()]);
    expect(cod.suggestedFilename()).toBe("speed-test.cod");
    expect(readFileSync((await cod.path())!, "utf8")).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<cockatrice_deck version="1">\n  <deckname>Speed test<\/deckname>/);
    // printing shows the plain list, built when print starts (components/decks/print-deck-list.tsx), not the card grid
    await expect(guest.getByTestId("print-list")).toHaveCount(0);
    const printings = await guest.getByRole("list", { name: "Cards in the deck" }).getByRole("listitem").count();
    await guest.emulateMedia({ media: "print" });
    await expect(guest.getByTestId("print-list")).toBeVisible();
    await expect(guest.getByTestId("print-list")).toContainText("30 cards: OK.");
    await expect(guest.getByTestId("print-list").getByRole("row")).toHaveCount(printings);
    await expect(guest.getByTestId("print-list")).toContainText("Ella");
    await expect(guest.getByRole("list", { name: "Cards in the deck" })).toBeHidden();
    await guest.emulateMedia({ media: "screen" });
    await expect(guest.getByTestId("print-list")).toBeHidden();
    await expect(guest.getByRole("list", { name: "Cards in the deck" })).toBeVisible();
    // without JavaScript the page is whole in its HTML (no loading boundary to reveal by script): the deck and its list
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(link);
    await expect(plain.getByTestId("deck-name")).toHaveText("Speed test");
    await expect(plain.getByRole("list", { name: "Cards in the deck" }).getByRole("listitem")).toHaveCount(printings);
    await expect(plain.getByTestId("export-text")).toHaveValue(/5 Ella \[DEMO-013\]/);
    await noJs.close();
    const ogTitle = await guest.locator('meta[property="og:title"]').getAttribute("content");
    expect(ogTitle).toContain("Speed test");
    // the deck code opens the same list with no database row
    const codeHref = await guest.getByTestId("deck-code-link").getAttribute("href");
    expect(codeHref).toMatch(/^\/d\/code\/[A-Za-z0-9_-]+$/);
    await guest.goto(codeHref!);
    await expect(guest.getByTestId("legality")).toContainText("30 cards: OK.");
    await expect(guest.getByTestId("export-text")).toHaveValue(/5 Ella \[DEMO-013\]/);
    // the editor is not reachable for a guest
    await guest.goto(editorUrl);
    await expect(guest).toHaveURL(/\/signin/);
    await guestContext.close();

    // another user copies it
    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    const bobAuth = new AuthPages(bobPage);
    await bobAuth.signUp(newAccount("bob"));
    await bobPage.goto(editorUrl);
    await expect(bobPage.getByRole("heading", { name: "This page ran off too fast" })).toBeVisible();
    await bobPage.goto(link);
    await bobPage.getByRole("button", { name: "Copy to my decks" }).click();
    await expect(bobPage).toHaveURL(/\/decks\/[^/]+$/);
    await expect(bobPage.getByLabel("Deck name")).toHaveValue("Copy of Speed test");
    await expect(bobPage.getByTestId("legality")).toContainText("30 cards: OK.");
    await expect(bobPage.getByTestId("deck-entry").filter({ hasText: "DEMO-001" })).toContainText("missing 5");

    // once private again, the link is a 404 for Bob
    await page.getByLabel("Private: only you").click();
    await expect(page.getByText("The deck is now private.")).toBeVisible();
    await bobPage.goto(link);
    await expect(bobPage.getByRole("heading", { name: "This page ran off too fast" })).toBeVisible();
    await bobContext.close();
  });

  test("two tabs editing the same deck: the second save is told of the conflict and shown the difference", { tag: "@postgres" }, async ({ page, auth, context }) => {
    await auth.signUp(newAccount("tabs"));
    await createDeck(page, "Two tabs");
    const second = await context.newPage();
    await second.goto(page.url());

    await addFromSearch(page, "Froggy", 2);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("save-message")).toContainText("Saved as version 2");

    await addFromSearch(second, "Ella", 1);
    await second.getByRole("button", { name: "Save", exact: true }).click();
    await expect(second.getByTestId("conflict")).toContainText("now version 2");
    await expect(second.getByTestId("conflict")).toContainText("−1 Ella, +2 Froggy");
    await second.screenshot({ path: ".tmp/shots/deck-conflict.png" });
    await second.getByRole("button", { name: "Keep mine and save over it" }).click();
    await expect(second.getByTestId("save-message")).toContainText("Saved as version 3");
    await expect(second.getByTestId("version-history")).toContainText("−2 Froggy");
  });

  test("a description-only save is labelled, and restoring asks first, says what comes back and unpublishes an illegal version", async ({ page, auth }) => {
    await auth.signUp(newAccount("restore"));
    await page.goto("/decks");
    await page.getByRole("listitem").filter({ hasText: "Eggman Empire" }).getByRole("button", { name: "Start from this deck" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);
    await page.getByLabel("Description (markdown)").fill("Egg Pawns early.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("save-message")).toContainText("Saved as version 2. Legal.");
    await expect(page.getByTestId("version").first()).toContainText("description edited");
    await page.getByLabel("Public: listed in public decks").click();
    await expect(page.getByText("The deck is now public.")).toBeVisible();
    // an illegal version 3, then back to 2
    await page.getByRole("button", { name: /^Remove one Egg Pawn/ }).first().click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("save-message")).toContainText("private now (it was public)");
    await expect(page.getByLabel("Private: only you")).toBeChecked();
    await page.getByLabel("Public: listed in public decks").click();
    await expect(page.getByText("Only a legal deck can be shared")).toBeVisible();

    await page.getByRole("button", { name: "Restore version 1" }).click();
    const confirm = page.getByTestId("restore-confirm");
    await expect(confirm).toContainText("compared with now: +1 Egg Pawn; description edited.");
    await page.screenshot({ path: ".tmp/shots/deck-restore-confirm.png", fullPage: true });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByLabel("Description (markdown)")).toHaveValue("Egg Pawns early.");
    await page.getByRole("button", { name: "Restore version 1" }).click();
    await page.getByRole("button", { name: "Yes, restore version 1" }).click();
    await expect(page.getByText("Version 1 restored as version 4 (its cards, name and description).")).toBeVisible();
    await expect(page.getByLabel("Description (markdown)")).not.toHaveValue("Egg Pawns early.");
    await expect(page.getByLabel("Description (markdown)")).not.toHaveValue("");
    await expect(page.getByTestId("legality")).toContainText("30 cards: OK.");
  });

  test("start from a starter deck, import text with errors, and list public decks", async ({ page, auth }) => {
    await auth.signUp(newAccount("starter"));
    await page.goto("/decks");
    await page.getByRole("listitem").filter({ hasText: "Eggman Empire" }).getByRole("button", { name: "Start from this deck" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);
    await expect(page.getByTestId("legality")).toContainText("30 cards: OK.");
    await page.getByLabel("Public: listed in public decks").click();
    await expect(page.getByText("The deck is now public.")).toBeVisible();

    await page.goto("/decks/public?card=egg+pawn");
    await expect(page.getByRole("link", { name: "Eggman Empire" }).first()).toBeVisible();
    await page.screenshot({ path: ".tmp/shots/decks-public.png" });

    await page.goto("/decks");
    const importBox = page.getByLabel(/Paste a deck/);
    await importBox.fill("3 Tails\n2 Nobody Here\n\n7 Ring");
    await page.getByRole("button", { name: "Preview import" }).click();
    await expect(page.getByTestId("import-errors")).toContainText('Line 1: "Tails" has 2 printings');
    await expect(page.getByTestId("import-errors")).toContainText('Line 2: no card titled "Nobody Here".');
    await importBox.fill("3 Tails [DEMO-002]\n4 Ring");
    await page.getByRole("button", { name: "Preview import" }).click();
    await expect(page.getByTestId("import-preview")).toContainText("7 cards: at least 30 needed.");
    await expect(page.getByTestId("import-format")).toHaveText("Read as Ringbinder text. Nothing is saved until you confirm.");
    await page.screenshot({ path: ".tmp/shots/decks-list.png", fullPage: true });
    await page.getByRole("button", { name: "Create deck from import" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);
    await expect(page.getByTestId("legality")).toContainText("7 cards: at least 30 needed.");
    // not legal: no Playtest, but Practice (the playtest says why it is not legal)
    await expect(page.getByRole("main").getByRole("link", { name: "Playtest", exact: true })).toHaveCount(0);
    await page.getByRole("main").getByRole("link", { name: "Practice", exact: true }).click();
    await expect(page.getByTestId("deck-option").filter({ has: page.getByRole("radio", { checked: true }) })).toContainText("Not legal: 7 cards: at least 30 needed. Plays in practice mode.");
    await page.getByRole("button", { name: "Start game" }).click();
    await expect(page.getByTestId("practice-mode")).toContainText("is not a legal deck (7 cards: at least 30 needed.)");
    await expect(page.locator("[data-slot]").first()).toBeVisible();
    await page.screenshot({ path: ".tmp/shots/playtest-practice.png", fullPage: true });

    // duplicate, then delete with a confirmation step
    await page.goto("/decks");
    await page.getByRole("button", { name: "Duplicate Eggman Empire" }).click();
    await expect(page.getByTestId("deck-row").filter({ hasText: "Copy of Eggman Empire" })).toHaveCount(1);
    await page.getByRole("button", { name: "Delete Copy of Eggman Empire" }).click();
    await expect(page.getByText("Delete “Copy of Eggman Empire” and its history?")).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByTestId("deck-row").filter({ hasText: "Copy of Eggman Empire" })).toHaveCount(0);
    await expect(page.getByTestId("deck-row").filter({ hasText: "Eggman Empire" })).toHaveCount(1);
  });
});
