import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, newAccount, signInAdmin } from "./fixtures";

/** Distinct cards owned and catalog size, as the completion page shows them ("9 / 80 cards · 11%"). */
async function overallOwned(page: Page): Promise<{ owned: number; total: number }> {
  await page.goto("/collection/completion");
  const text = (await page.getByTestId("completion-overall-all").getByTestId("owned-figure").textContent()) ?? "";
  const m = /^(\d+) \/ (\d+) cards/.exec(text);
  if (!m) throw new Error(`Unexpected completion figure: ${text}`);
  return { owned: Number(m[1]), total: Number(m[2]) };
}

/** Types a term into the booster combobox, waits for the option to be the active one, and presses Enter. */
async function enterCard(page: Page, term: string, expectedKey: string, arrowsDown = 0) {
  const box = page.getByRole("combobox", { name: "Card number or title" });
  await expect(box).toBeFocused();
  await page.keyboard.type(term);
  await expect(page.getByRole("option").first()).toBeVisible();
  for (let i = 0; i < arrowsDown; i++) await page.keyboard.press("ArrowDown");
  const selected = page.getByRole("option", { selected: true });
  await expect(selected).toContainText(expectedKey);
  await expect(selected).not.toContainText("not in the catalog");
  await page.keyboard.press("Enter");
  await expect(box).toHaveValue("");
  await expect(page.getByRole("list", { name: "Cards in this pack" })).toContainText(expectedKey);
}

test.describe("collection", () => {
  // multi-page journeys on a shared 2-core machine: give them room beyond the 60 s default

  test("guests are sent to sign in", async ({ page }) => {
    await page.goto("/collection/booster");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fcollection%2Fbooster/);
    const res = await page.request.get("/api/collection/export?format=csv");
    expect(res.status()).toBe(401);
  });

  test("enter a booster pack with the keyboard alone, see completion rise, undo it", async ({ page, auth }) => {
    await auth.signUp(newAccount("booster"));
    const before = await overallOwned(page);
    expect(before.owned).toBe(0);

    await page.goto("/collection/booster");
    await enterCard(page, "1", "DEMO-001");
    await enterCard(page, "007", "DEMO-007");
    await enterCard(page, "demo-12", "DEMO-012");
    await enterCard(page, "2", "DEMO-002");
    await enterCard(page, "3", "DEMO-003");
    await enterCard(page, "4", "DEMO-004");
    await enterCard(page, "5", "DEMO-005");
    await enterCard(page, "6", "DEMO-006");
    await expect(page.getByTestId("pack-size-warning")).toContainText("this one has 8");
    // a title fragment, choosing the second match with the arrow key
    const box = page.getByRole("combobox", { name: "Card number or title" });
    await page.keyboard.type("sonic");
    const options = page.getByRole("option");
    await expect(options.nth(1)).toBeVisible();
    const second = (await options.nth(1).textContent()) ?? "";
    const secondKey = /DEMO-\d{3}/.exec(second)?.[0] ?? "";
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("option", { selected: true })).toContainText(secondKey);
    await page.keyboard.press("Enter");
    await expect(box).toHaveValue("");
    // a wrong card: Backspace in the empty box removes it, then the right one
    await enterCard(page, "8", "DEMO-008");
    await page.keyboard.press("Backspace");
    await expect(page.getByTestId("pack-count")).toHaveText("9 / 10 cards");
    // a number that is not in the catalog is not a dead end
    await page.keyboard.type("999");
    await expect(page.getByRole("option", { selected: true })).toContainText("DEMO-999 is not in the catalog: suggest it");
    await expect(page.getByRole("link", { name: "Suggest it" })).toHaveAttribute("href", "/census/new?set=DEMO&number=999");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(box).toHaveValue("");
    await enterCard(page, "1", "DEMO-001"); // a second copy
    await expect(page.getByTestId("pack-count")).toHaveText("10 / 10 cards");
    await expect(page.getByTestId("pack-size-warning")).toHaveCount(0);

    // the pack survives a reload (kept in localStorage, per account)
    await page.reload();
    await expect(page.getByTestId("pack-count")).toHaveText("10 / 10 cards");
    await page.keyboard.press("Control+Enter");
    await expect(page.getByText("Saved a pack of 10 cards.")).toBeVisible();
    await expect(page.getByTestId("pack-count")).toHaveText("0 / 10 cards");

    expect(await overallOwned(page)).toEqual({ owned: 9, total: before.total });
    await page.goto("/collection?show=owned");
    await expect(page.getByRole("textbox", { name: "Quantity of Sonic the Hedgehog (DEMO-001)" })).toHaveValue("2");

    await page.goto("/collection/history");
    const pack = page.getByTestId("pack-opening").first();
    await expect(pack).toContainText("10 cards");
    await expect(pack).toContainText("2× Sonic the Hedgehog");
    // one click only asks; Cancel keeps the pack, and the confirm button (focused) undoes it from the keyboard
    await page.getByRole("button", { name: "Undo last pack (10 cards)" }).click();
    await expect(page.getByRole("group", { name: /Take the 10 cards of your last pack out of your collection\?/ })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Yes, undo the pack" })).toHaveCount(0);
    await page.getByRole("button", { name: "Undo last pack (10 cards)" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Yes, undo the pack" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Undid the pack of 10 cards.")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("pack-opening").first()).toContainText("Undone");
    expect(await overallOwned(page)).toEqual({ owned: 0, total: before.total });
  });

  test("+ / − and typed quantities save at once, and a failed save rolls back and says so", { tag: "@postgres" }, async ({ page, auth }) => {
    await auth.signUp(newAccount("qty"));
    await page.goto("/collection");
    const qty = page.getByRole("textbox", { name: "Quantity of Tails (DEMO-002)" });
    await expect(qty).toHaveValue("0");
    await page.getByRole("button", { name: "Add one Tails (DEMO-002)" }).click();
    await page.getByRole("button", { name: "Add one Tails (DEMO-002)" }).click();
    await expect(qty).toHaveValue("2");
    await qty.fill("7");
    await qty.press("Enter");
    await expect(qty).toHaveValue("7");
    // the count shows at once and the saves run one after another: wait until the server holds
    // the typed count before reloading (a reload cancels the saves still queued)
    await expect
      .poll(async () => {
        const doc = await (await page.request.get("/api/collection/export?format=json")).json();
        return (doc.cards as { set: string; number: number; quantity: number }[]).find((c) => c.set === "DEMO" && c.number === 2)?.quantity;
      }, { timeout: 30_000 })
      .toBe(7);
    await page.reload();
    await expect(qty).toHaveValue("7");
    await page.goto("/collection?show=duplicates");
    await expect(page.getByTestId("collection-card-DEMO-002")).toContainText("+2 tradeable");

    // the server cannot be reached: the count shows the change, then rolls back with a message
    await page.route("**/collection*", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    await page.getByRole("button", { name: "Remove one Tails (DEMO-002)" }).click();
    await expect(page.getByTestId("collection-card-DEMO-002").getByRole("alert")).toContainText("Not saved");
    await expect(page.getByRole("textbox", { name: "Quantity of Tails (DEMO-002)" })).toHaveValue("7");
    await page.unroute("**/collection*");
  });

  test("import a CSV (dry run first), export it, and the export imports back", { tag: "@postgres" }, async ({ page, auth }) => {
    await auth.signUp(newAccount("import"));
    await page.goto("/collection/import");
    const fileInput = page.getByLabel(/Collection file/);
    await fileInput.setInputFiles({
      name: "mine.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("set,number,title,quantity\nDEMO,1,Sonic the Hedgehog,3\nDEMO,999,,1\nDEMO,2,Tails,x\n"),
    });
    await page.getByRole("button", { name: "Check (dry run)" }).click();
    const errors = page.getByTestId("import-errors");
    await expect(errors).toContainText("No card DEMO-999 in the catalog.");
    await expect(errors).toContainText('Quantity "x" must be a whole number');
    await expect(page.getByRole("button", { name: "Apply: add to my collection" })).toBeDisabled();

    await fileInput.setInputFiles({
      name: "mine.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("set,number,title,quantity\nDEMO,1,Sonic the Hedgehog,3\nDEMO,12,,1\nDEMO,2,Tails,6\n"),
    });
    await page.getByRole("button", { name: "Check (dry run)" }).click();
    await expect(page.getByText("Check passed: nothing is changed until you apply.")).toBeVisible();
    await expect(page.getByTestId("import-summary")).toContainText("3 cards matched");
    await page.getByRole("button", { name: "Apply: add to my collection" }).click();
    await expect(page.getByText("Imported 3 cards (added to your collection).")).toBeVisible();

    await page.goto("/collection?show=owned");
    await expect(page.getByRole("textbox", { name: "Quantity of Tails (DEMO-002)" })).toHaveValue("6");
    await expect(page.getByTestId("collection-summary")).toContainText(/^3 of [\d,]+ cards owned · 10 copies/);

    await page.goto("/collection/import");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ringbinder-collection-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv).toBe("set,number,title,quantity\nDEMO,1,Sonic the Hedgehog,3\nDEMO,2,Tails,6\nDEMO,12,Chuck Thorndyke,1\n");

    // change the collection, then replace it with the export: back to the same
    await page.goto("/collection");
    await page.getByRole("button", { name: "Add one Amy Rose (DEMO-004)" }).click();
    await expect(page.getByRole("textbox", { name: "Quantity of Amy Rose (DEMO-004)" })).toHaveValue("1");
    await page.goto("/collection/import");
    await page.getByLabel(/Collection file/).setInputFiles({ name: "export.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByLabel("Replace my collection with the file").check();
    await page.getByRole("button", { name: "Check (dry run)" }).click();
    await expect(page.getByTestId("import-summary")).toContainText("1 card not in the file would drop to 0");
    await page.getByRole("button", { name: "Apply: replace my collection" }).click();
    await expect(page.getByText("Imported 3 cards (replaced your collection).")).toBeVisible();
    await page.goto("/collection?show=owned");
    await expect(page.getByTestId("collection-summary")).toContainText(/^3 of [\d,]+ cards owned · 10 copies/);

    const json = await page.request.get("/api/collection/export?format=json");
    expect(json.status()).toBe(200);
    const doc = (await json.json()) as { format: string; cards: { set: string; number: number; quantity: number }[] };
    expect(doc.format).toBe("ringbinder-collection");
    expect(doc.cards.map((c) => `${c.set}-${c.number}x${c.quantity}`)).toEqual(["DEMO-1x3", "DEMO-2x6", "DEMO-12x1"]);
  });

  test("a number missing from the catalog: an admin adds it in a new tab and keeps entering the pack", async ({ page, auth }) => {
    await signInAdmin(page, auth);
    await page.goto("/collection/booster");
    await enterCard(page, "2", "DEMO-002");
    const number = 700 + Math.floor(Math.random() * 200);
    await page.keyboard.type(String(number));
    await expect(page.getByRole("option", { selected: true })).toContainText(`DEMO-${number} is not in the catalog: add it`);
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Enter")]);
    await expect(popup.getByLabel("Set code")).toHaveValue("DEMO");
    await expect(popup.getByLabel("Number")).toHaveValue(String(number));
    await popup.getByLabel("Title").fill(`Inline Card ${number}`);
    await popup.getByLabel("Traits").fill("Thing");
    await popup.getByLabel("Rings").fill("2");
    await popup.getByLabel("Gray").check();
    await popup.getByRole("button", { name: "Create card" }).click();
    await expect(popup).toHaveURL(/\/admin\/cards\/.+\?created=1/);
    await popup.close();

    // back in the pack: nothing lost, and the number is found now
    await expect(page.getByRole("list", { name: "Cards in this pack" })).toContainText("DEMO-002");
    const box = page.getByRole("combobox", { name: "Card number or title" });
    await box.fill("");
    await box.focus();
    await enterCard(page, String(number), `DEMO-${number}`);
    await expect(page.getByTestId("pack-count")).toHaveText("2 / 10 cards");
    await page.keyboard.press("Control+Enter");
    await expect(page.getByText("Saved a pack of 2 cards.")).toBeVisible();
  });

  test("the census form opens prefilled for a number missing from the catalog", async ({ page, auth }) => {
    await auth.signUp(newAccount("suggest"));
    await page.goto("/census/new?set=DEMO&number=999");
    await expect(page.getByLabel("Set code")).toHaveValue("DEMO");
    await expect(page.getByLabel("Number")).toHaveValue("999");
  });

  test("the collection takes the catalog's search language with the ownership filters", async ({ page, auth }) => {
    await auth.signUp(newAccount("search"));
    await page.goto("/collection");
    // the control shows the new count at once (optimistic); wait for the save itself before leaving the page
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/collection");
    await page.getByRole("button", { name: "Add one Knuckles the Echidna (DEMO-003)" }).click();
    await expect(page.getByRole("textbox", { name: "Quantity of Knuckles the Echidna (DEMO-003)" })).toHaveValue("1");
    await saved;
    await page.goto("/collection?show=owned&q=c%3Ared");
    await expect(page.getByTestId("result-count")).toContainText("1 card");
    await page.goto("/collection?show=missing&q=knuckles");
    await expect(page.getByTestId("collection-card-DEMO-003")).toHaveCount(0);
    await page.goto("/collection?q=c%3A");
    await expect(page.getByTestId("query-error-panel")).toBeVisible();
  });

  test("binders and decks: import a Deckbox file, make a binder, move copies, reserve them in a deck, see free / in another deck / missing", async ({ page, auth }) => {
    // the longest journey of the feature (an import, a binder, two decks built from search): room on a loaded machine
    test.slow();
    await auth.signUp(newAccount("binders"));
    await page.goto("/collection/import");
    await page.getByLabel("…or paste it here").fill(
      "Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil,Signed,Artist Proof,Altered Art,Misprint,Promo,Textless,My Price\n" +
        "3,0,Sonic the Hedgehog,Ringbinder Demo Set (unofficial),1,Near Mint,English,,,,,,,,\n1,0,Tails,Ringbinder Demo Set (unofficial),2,,,,,,,,,,\n",
    );
    await page.getByRole("button", { name: "Check (dry run)" }).click();
    await expect(page.getByTestId("import-source")).toHaveText("Read as Deckbox CSV");
    await page.getByRole("button", { name: "Apply: add to my collection" }).click();
    await expect(page.getByText("Imported 2 cards (added to your collection).")).toBeVisible();

    // a binder, and one copy moved into it: the collection keeps its 4 copies
    await page.getByRole("navigation", { name: "Collection" }).getByRole("link", { name: "Binders" }).click();
    await page.getByLabel("Name").fill("Trade binder");
    await page.getByRole("button", { name: "Make binder" }).click();
    await expect(page.getByText('Made the binder "Trade binder".')).toBeVisible();
    await page.getByRole("link", { name: /^Unsorted/ }).click();
    const sonic = page.getByTestId("binder-lot").filter({ hasText: "DEMO-001" });
    await expect(sonic.getByTestId("lot-details")).toHaveText("NM · English");
    await sonic.getByLabel("Copies of Sonic the Hedgehog DEMO-001 to move").fill("1");
    await sonic.getByLabel("Move Sonic the Hedgehog DEMO-001 to").selectOption({ label: "Trade binder" });
    await sonic.getByRole("button", { name: "Move copies of Sonic the Hedgehog DEMO-001" }).click();
    await expect(page.getByTestId("binder-lot").filter({ hasText: "DEMO-001" }).getByTestId("lot-quantity")).toHaveText("×2");
    await page.goto("/collection/binders");
    await expect(page.getByTestId("binder-list")).toContainText("Trade binder1 copy · 1 card");
    await expect(page.getByTestId("binder-list")).toContainText("Unsorted3 copies · 2 cards");

    // deck A holds 2 Sonic; deck B then sees 1 free, 2 in deck A, and Amy Rose missing
    const makeDeck = async (name: string, cards: [RegExp, number][]) => {
      await page.goto("/decks");
      await page.getByLabel("New deck name").fill(name);
      await page.getByRole("button", { name: "Create deck" }).click();
      await expect(page).toHaveURL(/\/decks\/[^/]+$/);
      await expect(page.getByLabel("Deck name", { exact: true })).toHaveValue(name);
      for (const [button, times] of cards) {
        await page.getByLabel("Search the catalog").fill(button.source.includes("Sonic") ? "sonic" : button.source.includes("Tails") ? "tails" : "amy");
        for (let i = 0; i < times; i++) await page.getByRole("button", { name: button }).click();
      }
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByTestId("save-message")).toContainText("Saved as version 2");
    };
    await makeDeck("Deck A", [[/^Add Sonic the Hedgehog DEMO-001/, 2]]);
    await page.getByRole("button", { name: "Reserve my copies for this deck" }).click();
    await expect(page.getByText("Reserved all 2 copies for this deck.")).toBeVisible();
    await makeDeck("Deck B", [[/^Add Sonic the Hedgehog DEMO-001/, 3], [/^Add Tails DEMO-002/, 1], [/^Add Amy Rose DEMO-004/, 1]]);
    await page.reload();
    const line = (key: string) => page.getByTestId("deck-entry").filter({ hasText: key }).getByTestId("copy-state");
    await expect(line("DEMO-001")).toHaveAttribute("data-state", "elsewhere");
    await expect(line("DEMO-001")).toHaveText("1 free2 in Deck A");
    await expect(line("DEMO-002")).toHaveAttribute("data-state", "free");
    await expect(line("DEMO-004")).toHaveAttribute("data-state", "missing");
    await expect(line("DEMO-004")).toHaveText("missing 1");
  });
});
