import { test, expect, newAccount, signInAdmin } from "./fixtures";
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";

// The demo set grows: counts that depend on it are computed from its file (the e2e database holds only it here).
type DemoCard = { traits: string[]; rarity: string };
const DEMO: DemoCard[] = JSON.parse(readFileSync("data/demo-set.json", "utf8")).cards;
const count = (f: (c: DemoCard) => boolean) => DEMO.filter(f).length;
const cards = (n: number) => `${n} ${n === 1 ? "card" : "cards"}`;
const hasTrait = (c: DemoCard, t: string) => c.traits.some((x) => x.toLowerCase() === t);

const results = (page: Page) => page.getByRole("list", { name: "Card results" });
const queryBox = (page: Page) => page.getByLabel("Search cards");

test.describe("card catalog", () => {
  test("search by typing a query", async ({ page }) => {
    await page.goto("/cards");
    await expect(page.getByTestId("result-count")).toContainText(cards(DEMO.length));
    await queryBox(page).fill("t:robot r>=7");
    await expect(page).toHaveURL(/q=t%3Arobot\+r%3E%3D7|q=t%3Arobot%20r%3E%3D7/);
    await expect(page.getByTestId("result-count")).toHaveText("4 cards");
    await expect(results(page).getByRole("link")).toHaveCount(4);
    await expect(results(page).getByRole("link", { name: /Metal Sonic/ })).toBeVisible();
    // the typed query is reflected as chips
    await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Trait robot");
    await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Rings at least 7");

    // an invalid query says where and what was expected, and keeps the results
    await queryBox(page).fill("c:blue (t:robot");
    await expect(page.getByTestId("query-error")).toContainText("never closed");
    await expect(page.getByTestId("query-error")).toContainText("At position 16");
    await expect(page.getByTestId("result-count")).toHaveText("4 cards");

    // a link with an invalid query shows the error instead of an empty page
    await page.goto("/cards?q=c%3Apurple");
    await expect(page.getByTestId("query-error-panel")).toContainText("Unknown color “purple”");
  });

  test("search by clicking filters, which write the query", async ({ page }) => {
    test.slow();
    await page.goto("/cards");
    await page.getByRole("button", { name: "Red", exact: true }).click();
    await expect(queryBox(page)).toHaveValue("c:red");
    await expect(page).toHaveURL(/q=c%3Ared/);
    await page.getByRole("button", { name: "Blue", exact: true }).click();
    await expect(queryBox(page)).toHaveValue("c:br");
    await page.getByLabel("Color match").selectOption("exactly");
    await expect(queryBox(page)).toHaveValue("c=br");
    await expect(page.getByTestId("result-count")).toHaveText("2 cards");
    await page.getByLabel("Trait", { exact: true }).selectOption("robot");
    await expect(queryBox(page)).toHaveValue("c=br t:robot");
    await expect(page.getByTestId("result-count")).toHaveText("2 cards");
    // editing the query updates the controls
    await queryBox(page).fill("t:thing rar:rare");
    await expect(page.getByLabel("Trait", { exact: true })).toHaveValue("thing");
    await expect(page.getByLabel("Rarity", { exact: true })).toHaveValue("rare");
    await expect(page.getByRole("button", { name: "Red", exact: true })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("result-count")).toHaveText(cards(count((c) => hasTrait(c, "thing") && c.rarity === "rare")));
    // removing a chip rewrites the query
    await page.getByRole("button", { name: "Remove filter: Rarity is rare" }).click();
    await expect(queryBox(page)).toHaveValue("t:thing");
    await expect(page.getByTestId("result-count")).toHaveText(cards(count((c) => hasTrait(c, "thing"))));
    // list view and sorting are in the URL too
    await page.getByRole("button", { name: "List" }).click();
    await page.getByLabel("Sort by").selectOption("rings");
    await expect(page).toHaveURL(/view=list/);
    await expect(page).toHaveURL(/sort=rings/);
    await expect(page.getByRole("table", { name: "Card results" }).getByRole("row").nth(1)).toContainText("Ring");
  });

  test("a query typed while a filter's results load is kept and applied", async ({ page }) => {
    await page.goto("/cards");
    await expect(page.getByTestId("result-count")).toContainText(cards(DEMO.length));
    // the results of the filter click arrive only once the user has typed (a busy server)
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/cards\?q=c%3Ablue&_rsc=/, async (route) => {
      const response = await route.fetch();
      await released;
      await route.fulfill({ response }).catch(() => {}); // the router may have dropped the request by then
    });
    const blueResults = page.waitForResponse(/\/cards\?q=c%3Ablue&_rsc=/);
    await page.getByRole("search").getByRole("button", { name: "Blue", exact: true }).click();
    await expect(queryBox(page)).toHaveValue("c:blue");
    await queryBox(page).focus();
    await queryBox(page).fill("t:robot");
    release();
    await blueResults;
    // the late results neither take the text back nor drop the typed query, and the box keeps the focus
    await expect(page).toHaveURL(/q=t%3Arobot(&|$)/);
    await expect(page.getByTestId("result-count")).toHaveText(cards(count((c) => hasTrait(c, "robot"))));
    await expect(queryBox(page)).toHaveValue("t:robot");
    await expect(queryBox(page)).toBeFocused();
    // the typed query took the filter's place in the history: back is the whole catalog, forward the typed query
    await page.goBack();
    await expect(queryBox(page)).toHaveValue("");
    await expect(page.getByTestId("result-count")).toContainText(cards(DEMO.length));
    await page.goForward();
    await expect(queryBox(page)).toHaveValue("t:robot");
    await expect(page.getByTestId("result-count")).toHaveText(cards(count((c) => hasTrait(c, "robot"))));
    // a filter clicked twice in quick succession is off again, in the box and in the results
    await page.getByRole("search").getByRole("button", { name: "Red", exact: true }).dblclick();
    await expect(queryBox(page)).toHaveValue("t:robot");
    await expect(page.getByRole("search").getByRole("button", { name: "Red", exact: true })).toHaveAttribute("aria-pressed", "false");
    await expect(page).toHaveURL(/q=t%3Arobot$/);
    await expect(page.getByTestId("result-count")).toHaveText(cards(count((c) => hasTrait(c, "robot"))));
  });

  test("syntax help examples run when clicked", async ({ page }) => {
    await page.goto("/cards/syntax");
    await page.getByRole("link", { name: "c=br", exact: true }).click();
    await expect(queryBox(page)).toHaveValue("c=br");
    await expect(page.getByTestId("result-count")).toHaveText("2 cards");
  });

  test("open a card page and track owned copies", async ({ page, auth }) => {
    await page.goto("/cards?q=%21%22Dr.%20Eggman%22");
    await results(page).getByRole("link", { name: /Dr\. Eggman/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dr. Eggman");
    await expect(page).toHaveURL(/\/cards\/DEMO\/18$/);
    // the automated effect is explained in words
    await expect(page.getByTestId("effect-description")).toContainText("When flipped, if a face-up Robot card is on your field");
    await expect(page.getByText("Sign in to track how many you own")).toBeVisible();
    // padded numbers work too, vanilla cards say so, and other printings are listed
    await page.goto("/cards/DEMO/001");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sonic the Hedgehog");
    await expect(page.getByTestId("effect-description")).toContainText("Text not automated");
    await expect(page.getByRole("list", { name: "Other printings" })).toContainText("DEMO-053");

    await auth.signUp(newAccount());
    await page.goto("/cards/DEMO/18");
    await expect(page.getByTestId("owned-quantity")).toContainText("0 owned");
    await page.getByRole("button", { name: "Add one Dr. Eggman to my collection" }).click();
    await expect(page.getByTestId("owned-quantity")).toContainText("1 owned");
    await page.getByRole("button", { name: "Add one Dr. Eggman to my collection" }).click();
    await expect(page.getByTestId("owned-quantity")).toContainText("2 owned");
    await page.reload();
    await expect(page.getByTestId("owned-quantity")).toContainText("2 owned");
    await page.getByRole("button", { name: "Remove one Dr. Eggman from my collection" }).click();
    await expect(page.getByTestId("owned-quantity")).toContainText("1 owned");
  });

  test("admin edits a card and sees it in the audit log", async ({ page, auth }) => {
    test.slow();
    await signInAdmin(page, auth);
    await page.goto("/admin");
    await page.getByRole("link", { name: /Catalog/ }).click();
    await page.getByLabel("Search cards").fill("!tornado");
    await page.getByRole("link", { name: "Edit Tornado (DEMO-043)" }).click();
    await expect(page.getByRole("heading", { name: /Edit Tornado/ })).toBeVisible();
    // invalid input is refused with field errors
    await page.getByLabel("Rings").fill("-3");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Rings cannot be negative")).toBeVisible();
    await page.getByLabel("Rings").fill("5");
    await page.getByLabel("Card text").fill("Draw a card.");
    await page.getByLabel(/Structured effect/).fill('{"trigger":"flip","actions":[{"type":"draw","count":1}]}');
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Card saved.")).toBeVisible();

    await page.goto("/admin/audit");
    const entry = page.getByTestId("audit-entry").first();
    await expect(entry).toContainText("update");
    await expect(entry).toContainText("DEMO-043");
    await expect(entry).toContainText("Admin");
    await expect(entry.getByRole("row", { name: /rings/ })).toContainText("4");
    await expect(entry.getByRole("row", { name: /rings/ })).toContainText("5");

    await page.goto("/cards/DEMO/43");
    await expect(page.getByTestId("effect-description")).toContainText("When flipped");
  });

  test("the old suggestion links lead to the census, with the card's details carried over", async ({ page, auth }) => {
    await auth.signUp(newAccount("suggester"));
    // booster entry and card pages link here: proposing a card is the census's job now (e2e/census.spec.ts)
    await page.goto("/cards/suggest?set=SX1&number=120&title=Cheese%20and%20Chocola");
    await expect(page).toHaveURL(/\/census\/new\?/);
    await expect(page.getByLabel("Number")).toHaveValue("120");
    await expect(page.getByLabel("Title")).toHaveValue("Cheese and Chocola");
    await page.goto("/cards/suggestions");
    await expect(page).toHaveURL(/\/census\?filter=mine/);
    // a card page's correction link opens the census form prefilled with the card; the old correction link does too
    await page.goto("/cards/DEMO/1");
    const title = await page.getByRole("heading", { level: 1 }).innerText();
    await page.getByRole("link", { name: "Propose a correction" }).click();
    await expect(page).toHaveURL(/\/census\/new\?correct=/);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByLabel("Set code")).toHaveValue("DEMO");
    const id = new URL(page.url()).searchParams.get("correct")!;
    await page.goto(`/cards/suggest?card=${id}`);
    await expect(page).toHaveURL(new RegExp(`/census/new\\?correct=${id}$`));
    await page.goto("/admin/suggestions");
    await expect(page).toHaveURL(/\/census$/);
  });

  test("admin pages are closed to non-admins and guests", async ({ page, auth }) => {
    const res = await page.goto("/admin/cards");
    expect(page.url()).toContain("/signin");
    expect(res?.ok()).toBe(true);
    await auth.signUp(newAccount());
    const forbidden = await page.goto("/admin/cards/new");
    expect(forbidden?.status()).toBe(403);
    await expect(page.getByText("This page is for catalog admins only.")).toBeVisible();
    const api = await page.request.get("/api/catalog/export");
    expect(api.status()).toBe(403);
  });
});
