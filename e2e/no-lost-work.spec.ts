import { test, expect, newAccount } from "./fixtures";
import type { Dialog, Page } from "@playwright/test";

async function addFromSearch(page: Page, query: string, times: number) {
  const box = page.getByLabel("Search the catalog");
  await box.fill(query);
  await expect(page.getByTestId("search-results").getByRole("button").first()).toHaveAccessibleName(new RegExp(query, "i"));
  for (let i = 0; i < times; i++) await box.press("Enter");
}

/** Answers the next dialog and returns what it asked. */
function answerNextDialog(page: Page, accept: boolean): Promise<Dialog> {
  return new Promise((resolve) =>
    page.once("dialog", async (d) => {
      if (accept) await d.accept();
      else await d.dismiss();
      resolve(d);
    }),
  );
}

test.describe("no lost work", () => {
  test("the deck editor asks before an in-app link leaves unsaved changes, and offers them back after leaving or reloading", async ({ page, auth }) => {
    await auth.signUp(newAccount("drafts"));
    await page.goto("/decks");
    await page.getByLabel("New deck name").fill("Unsaved work");
    await page.getByRole("button", { name: "Create deck" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);
    const editorUrl = page.url();
    await expect(page.getByTestId("save-status")).toContainText("all changes saved");
    await expect(page.getByTestId("save-status")).toContainText("Autosave off");

    await addFromSearch(page, "Froggy", 3);
    await page.getByLabel("Description (markdown)").fill("Frogs first.");
    await expect(page.getByTestId("save-status")).toContainText("unsaved changes, kept on this device");

    // the editor's own link: the user stays, nothing changes
    const stay = answerNextDialog(page, false);
    await page.getByRole("link", { name: "Syntax help" }).click();
    expect((await stay).message()).toContain("You have unsaved changes");
    await expect(page).toHaveURL(editorUrl);
    await expect(page.getByTestId("deck-entry").filter({ hasText: "Froggy" }).getByTestId("entry-quantity")).toHaveText("3");

    // the breadcrumb: the user leaves, then comes back with Back; the changes are offered
    const leave = answerNextDialog(page, true);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "My decks" }).click();
    await leave;
    await expect(page).toHaveURL(/\/decks$/);
    await page.goBack();
    await expect(page.getByTestId("draft-offer")).toContainText("3 cards, named “Unsaved work”");
    await page.screenshot({ path: ".tmp/shots/deck-draft-offer.png" });
    await expect(page.getByTestId("deck-entry")).toHaveCount(0);
    await page.getByRole("button", { name: "Restore my changes" }).click();
    await expect(page.getByTestId("deck-entry").filter({ hasText: "Froggy" }).getByTestId("entry-quantity")).toHaveText("3");
    await expect(page.getByLabel("Description (markdown)")).toHaveValue("Frogs first.");

    // a reload (or a crash) keeps them too; the browser asks before unloading
    page.once("dialog", (d) => {
      expect(d.type()).toBe("beforeunload");
      void d.accept();
    });
    await page.reload();
    await page.getByRole("button", { name: "Restore my changes" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("save-message")).toContainText("Saved as version 2");
    await expect(page.getByTestId("version-history")).toContainText("+3 Froggy");

    // once saved there is nothing to offer, and links are not guarded
    await page.reload();
    await expect(page.getByTestId("deck-entry")).toHaveCount(1);
    await expect(page.getByTestId("draft-offer")).toHaveCount(0);
    await page.getByRole("link", { name: "Syntax help" }).click();
    await expect(page).toHaveURL(/\/cards\/syntax/);
  });

  test("autosave, when chosen, saves a new version after a pause and is remembered", async ({ page, auth }) => {
    await auth.signUp(newAccount("autosave"));
    await page.goto("/decks");
    await page.getByLabel("New deck name").fill("Autosaved");
    await page.getByRole("button", { name: "Create deck" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);
    await page.getByLabel("Autosave").check();
    await expect(page.getByTestId("save-status")).toContainText("Autosave on");
    await addFromSearch(page, "Ella", 2);
    await expect(page.getByTestId("save-message")).toContainText("Saved as version 2");
    await expect(page.getByTestId("save-status")).toContainText("all changes saved");
    await page.reload();
    await expect(page.getByLabel("Autosave")).toBeChecked();
    await expect(page.getByTestId("deck-entry").filter({ hasText: "Ella" }).getByTestId("entry-quantity")).toHaveText("2");
    await page.getByLabel("Autosave").uncheck();
  });

  test("the census submission form keeps a draft: asks before leaving, offers it back", async ({ page, auth }) => {
    await auth.signUp(newAccount("formdraft"));
    await page.goto("/census/new");
    await page.getByLabel("Title").fill("Draft Chao");
    await page.getByLabel("Rings").fill("4");
    const leave = answerNextDialog(page, true);
    await page.getByRole("banner").getByRole("link", { name: "Cards", exact: true }).click();
    await leave;
    await expect(page).toHaveURL(/\/cards$/);
    await page.goto("/census/new");
    await expect(page.getByTestId("draft-offer")).toBeVisible();
    await page.getByRole("button", { name: "Restore my changes" }).click();
    await expect(page.getByLabel("Title")).toHaveValue("Draft Chao");
    await expect(page.getByLabel("Rings")).toHaveValue("4");
    // after a reload the draft is still offered; discarding forgets it
    page.once("dialog", (d) => void d.accept());
    await page.reload();
    await expect(page.getByTestId("draft-offer")).toBeVisible();
    await page.getByRole("button", { name: "Discard them" }).click();
    await expect(page.getByTestId("draft-offer")).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("Title")).toHaveValue("");
    await expect(page.getByTestId("draft-offer")).toHaveCount(0);
  });
});
