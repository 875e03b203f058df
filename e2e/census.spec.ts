import sharp from "sharp";
import type { Browser, Page } from "@playwright/test";
import { AuthPages, expect, newAccount, test } from "./fixtures";

async function personPage(browser: Browser, width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await new AuthPages(page).signUp(newAccount("census"));
  return page;
}

const FIELDS = ["set", "number", "title", "traits", "colors", "rings", "rarity", "text"];

/** Confirms every field of the submission at `path` as the signed-in person on `page`. */
async function confirmAll(page: Page, path: string) {
  await page.goto(path);
  for (const f of FIELDS) {
    const form = page.getByTestId(`confirm-${f}`);
    await form.getByRole("button").click();
    await expect(page.getByTestId(`confirm-${f}`)).toHaveCount(0);
  }
}

test("a printing submitted with a photo, confirmed by two other people, enters the catalog and shows verified on its set page; a correction starts from the card page", async ({ browser }) => {
  // three people and sixteen confirmations, each a server round trip: longer than the default on a loaded machine
  test.setTimeout(180_000);
  const set = `E${Date.now().toString(36).slice(-7).toUpperCase()}`;
  const title = `Census Sonic ${set}`;
  const photo = await sharp({ create: { width: 50, height: 70, channels: 3, background: "#1d4ed8" } })
    .jpeg()
    .withExif({ IFD0: { Artist: "Private Person" } })
    .toBuffer();

  const submitter = await personPage(browser);
  await submitter.goto("/census");
  await expect(submitter.getByRole("heading", { name: "Card census" })).toBeVisible();
  await submitter.getByTestId("census-new").click();
  await expect(submitter).toHaveURL(/\/census\/new$/);
  await submitter.getByLabel("Set code").fill(set);
  await submitter.getByLabel("Number").fill("92");
  await submitter.getByLabel("Title").fill(title);
  await submitter.getByLabel("Traits").fill("Animal");
  await submitter.getByLabel("Rings").fill("3");
  await submitter.getByLabel("Rarity").selectOption("rare");
  await submitter.getByLabel("blue").check();
  await submitter.getByLabel("Front (required)").setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: photo });
  await submitter.getByRole("button", { name: "Submit printing" }).click();
  await expect(submitter).toHaveURL(/\/census\/[^/?]+\?sent=1$/);
  const path = new URL(submitter.url()).pathname;
  await expect(submitter.getByRole("heading", { name: `${set}-092 ${title}` })).toBeVisible();
  // the submitter cannot confirm their own fields
  await expect(submitter.getByTestId("confirm-title")).toHaveCount(0);
  // the stored photo carries none of the upload's metadata
  const src = await submitter.getByRole("img", { name: "Front" }).getAttribute("src");
  expect(src).toMatch(/^\/census-photos\/[0-9a-f]{64}\.jpg$/);
  const stored = Buffer.from(await (await submitter.request.get(src!)).body());
  expect(stored.includes("Private Person")).toBe(false);

  // not in the catalog yet
  expect((await submitter.request.get(`/cards/${set}/92`)).status()).toBe(404);

  const first = await personPage(browser);
  await confirmAll(first, path);
  await expect(first.getByTestId("field-title")).toContainText("1 of 2 confirmations");
  expect((await first.request.get(`/cards/${set}/92`)).status()).toBe(404);

  const second = await personPage(browser, 390);
  await confirmAll(second, path);
  await expect(second.getByTestId("field-title")).toContainText("Verified ✓");
  await expect(second.getByTestId("catalog-link")).toBeVisible();

  await second.getByTestId("catalog-link").click();
  await expect(second).toHaveURL(new RegExp(`/cards/${set}/92$`));
  await expect(second.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(second.getByTestId("card-evidence")).toContainText("Verified ✓");

  await submitter.goto(`/sets/${set}`);
  await expect(submitter.getByTestId("checklist-92")).toHaveAttribute("data-state", "verified");
  await expect(submitter.getByTestId("checklist-92")).toContainText("092 ✓");
  await expect(submitter.getByTestId("checklist-91")).toHaveAttribute("data-state", "unknown");

  // a correction goes through the census too: from the card page, prefilled, with a photo, verified before the card changes
  await submitter.goto(`/cards/${set}/92`);
  await submitter.getByRole("link", { name: "Propose a correction" }).click();
  await expect(submitter).toHaveURL(/\/census\/new\?correct=/);
  await expect(submitter.getByRole("heading", { name: `Propose a correction to ${set}-092` })).toBeVisible();
  await expect(submitter.getByLabel("Title")).toHaveValue(title);
  await expect(submitter.getByLabel("Set code")).toHaveValue(set);
  await expect(submitter.getByLabel("Number")).toHaveValue("92");
  await submitter.getByLabel("Card text").fill("Draw a card.");
  await submitter.getByLabel("Front (required)").setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await sharp({ create: { width: 50, height: 70, channels: 3, background: "#b91c1c" } }).jpeg().toBuffer() });
  await submitter.getByRole("button", { name: "Propose correction" }).click();
  await expect(submitter).toHaveURL(/\/census\/[^/?]+\?sent=1$/);
  await expect(submitter.getByTestId("corrects")).toContainText(`A correction of ${set}-092`);
  await expect(submitter.getByTestId("field-text")).toContainText("Catalog now: (no text)");
  await expect(submitter.getByTestId("confirm-text")).toHaveCount(0);
  await submitter.goto(`/cards/${set}/92`);
  await expect(submitter.getByRole("region", { name: "Card text" })).not.toContainText("Draw a card.");
  // the admin's confirmations of every field of the correction, and the card changed by them, are
  // lib/census/data/corrections.test.ts's ("a verified printing is corrected, not submitted again; an admin's
  // confirmations verify it"): the same data functions the confirm buttons above call
});
