import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { test, expect, newAccount } from "./fixtures";

/**
 * Every page at a phone (390×844) and a laptop (1366×900), in the light and
 * the dark theme (the default theme follows the system's): no horizontal
 * overflow, no serious or critical axe violation, card faces' text readable
 * (axe does not look inside a role="img" card face, so its contrast is
 * measured here). A full-page screenshot is attached to the report only for a
 * check that failed.
 */
type Viewport = { width: number; height: number };
const VIEWPORTS: readonly Viewport[] = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

const GUEST_PAGES = [
  "/",
  "/cards",
  "/cards?view=list",
  "/cards?page=2",
  "/cards/DEMO/1",
  "/cards/syntax",
  "/signin",
  "/signup",
  "/decks/public",
  "/decks/starter/team-sonic-speed",
  "/playtest",
  "/playtest?start=1&you=team-sonic-speed&opp=eggman-empire&level=random&rule=priority&seed=42",
  "/rules",
  "/learn",
  "/no-such-page",
];

const USER_PAGES = [
  "/welcome",
  "/help/collection-import",
  "/collection",
  "/collection?view=list",
  "/collection/binders",
  "/collection/binders/unsorted",
  "/collection/booster",
  "/collection/history",
  "/collection/completion",
  "/collection/import",
  "/decks",
  "/census",
  "/census/new",
  "/lab",
];

const ADMIN_PAGES = ["/admin", "/admin/cards", "/admin/cards/new", "/admin/import", "/admin/audit", "/admin/comments", "/census/admin"];

const SCHEMES = ["light", "dark"] as const;

/** The card faces' text whose contrast with the face behind it is under 4.5:1 (WCAG AA for small text). */
function cardFaceContrast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el: Element | null): number[] => {
      for (; el; el = el.parentElement) {
        const c = rgb(getComputedStyle(el).backgroundColor);
        if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) return c;
      }
      return [255, 255, 255];
    };
    const bad: string[] = [];
    for (const el of document.querySelectorAll(".cf .cf-title, .cf .cf-title-sm, .cf .cf-traits, .cf .cf-traits-sm, .cf .cf-text, .cf .cf-foot, .cf .cf-foot-sm")) {
      if (!el.textContent?.trim()) continue;
      const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(background(el))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5 && bad.length < 5) bad.push(`${el.className} "${el.textContent.trim().slice(0, 30)}": ${ratio.toFixed(2)}:1`);
    }
    return bad;
  });
}

/**
 * The axe rules that read colours. Switching the theme in place changes colours only (the page's
 * markup, names and roles stay as they were), so the second theme of a visit is checked by these
 * alone: a full axe run takes most of a page's check time.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** The checks of the page as it is shown now (`colourOnly`: the axe rules that read colours); a full-page screenshot is attached only when one of them failed. */
async function checkShown(page: Page, label: string, testInfo: TestInfo, colourOnly = false) {
  const errorsBefore = testInfo.errors.length;
  const overflow = await page.evaluate(() => {
    const doc = document.documentElement;
    if (doc.scrollWidth <= window.innerWidth) return null;
    // name the widest elements sticking out, for the failure message
    const out: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const r = el.getBoundingClientRect();
      if (r.right > window.innerWidth + 1 && r.width > 0 && out.length < 5) out.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} (right ${Math.round(r.right)})`);
    }
    return { scrollWidth: doc.scrollWidth, width: window.innerWidth, out };
  });
  expect.soft(overflow, `${label} overflows sideways`).toBeNull();
  expect.soft(await cardFaceContrast(page), `${label}: card face text under 4.5:1`).toEqual([]);
  // legacy mode: axe runs in the page itself (these pages have no cross-origin frames), not in a blank
  // page opened beside it to merge per-frame results, which took about half of each axe run
  // and violations only: axe then keeps one node of each passed, inapplicable or incomplete rule instead of them all
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  const axe = await (colourOnly ? builder.withRules(COLOUR_RULES) : builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])).analyze();
  const bad = axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(" ")} — ${v.help}`);
  expect.soft(bad, `${label}: serious or critical axe violations`).toEqual([]);
  if (testInfo.errors.length > errorsBefore) await testInfo.attach(label, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
}

/**
 * One page at each width (one visit per width), in both themes: the theme is
 * switched in place by changing the system's colour scheme, which the page
 * follows while open (components/site/theme-toggle.tsx) as on a fresh load.
 * The first theme gets every check; the second, whose markup is the same,
 * the overflow, card-face contrast and axe's colour rules.
 */
async function checkPage(page: Page, path: string, testInfo: TestInfo) {
  for (const vp of VIEWPORTS) {
    await test.step(`${path} at ${vp.width}×${vp.height}`, async () => {
      await page.emulateMedia({ colorScheme: SCHEMES[0] });
      await page.setViewportSize(vp);
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.locator("html"), `${path} follows the ${scheme} system theme`).toHaveClass(scheme === "dark" ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/);
        await checkShown(page, `${path} at ${vp.width} px, ${scheme}`, testInfo, scheme !== SCHEMES[0]);
      }
    });
  }
}

/**
 * The pages in groups of a few, each group one test with one page: every page of a group is visited
 * at both widths (one load per width) in the same browser context, so the group's later visits load the
 * app's scripts, styles and fonts from the browser's cache, and one context is made per group instead
 * of per page and width. A failure names the page, width and theme (the step and each check's label);
 * checks are soft, so a group goes on to its other pages after one fails.
 * Waiting for the network to go quiet after a load waited for Next's prefetches of every link in view
 * (11-24 s a visit on a loaded machine): the suite aborts them (e2e/fixtures.ts), and service workers are
 * blocked in this file so that every request passes through that route (e2e/offline.spec.ts checks the
 * service worker).
 */
test.use({ serviceWorkers: "block" });

/** Pages per test: small enough that the two workers share the pass evenly, large enough that few contexts are made. */
const GROUP = 4;
/** `pages` in consecutive groups of GROUP (the last one shorter). */
function groups(pages: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < pages.length; i += GROUP) out.push(pages.slice(i, i + GROUP));
  return out;
}
/** A group's time limit: 40 s per visit (a visit took 15-17 s at load 12 on one worker; the limit leaves room for a loaded machine). */
const groupTimeout = (pages: readonly string[]) => 40_000 * pages.length * VIEWPORTS.length;

async function checkPages(page: Page, paths: readonly string[], testInfo: TestInfo) {
  for (const path of paths) await checkPage(page, path, testInfo);
}

test.describe("every page on a phone and a laptop", () => {
  for (const paths of groups(GUEST_PAGES))
    test(`guest pages ${paths.join(" ")}`, async ({ page }, testInfo) => {
      test.setTimeout(groupTimeout(paths));
      await checkPages(page, paths, testInfo);
    });
});

test.describe("every signed-in page on a phone and a laptop", () => {
  test.use({ storageState: async ({ userState }, use) => use(userState) });

  for (const paths of groups(USER_PAGES))
    test(`signed-in pages ${paths.join(" ")}`, async ({ page }, testInfo) => {
      test.setTimeout(groupTimeout(paths));
      await checkPages(page, paths, testInfo);
    });

  test("signed-in pages: the deck editor, a public deck with a comment, and the popular list", async ({ page }, testInfo) => {
    test.setTimeout(groupTimeout(["editor", "deck", "popular"]));
    // the deck editor of a new deck
    await page.goto("/decks");
    await page.getByLabel("New deck name").fill("Phone deck");
    await page.getByRole("button", { name: "Create deck" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);
    await checkPage(page, new URL(page.url()).pathname, testInfo);
    // a public deck with a comment: its page shows likes, views, copies and the comments
    await page.goto("/decks");
    await page.getByRole("listitem").filter({ hasText: "Eggman Empire" }).getByRole("button", { name: "Start from this deck" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);
    await page.getByLabel("Public: listed in public decks").click();
    await expect(page.getByText("The deck is now public.")).toBeVisible();
    const deckPage = new URL(await page.getByTestId("share-link").inputValue()).pathname;
    await page.goto(deckPage);
    await page.getByLabel("Add a comment").fill("A **long** comment with a link: https://example.com/a/very/long/path/that/should/wrap/on/a/phone/screen/without/overflowing");
    await page.getByRole("button", { name: "Post comment" }).click();
    await expect(page.getByTestId("comment")).toHaveCount(1);
    await checkPages(page, [deckPage, "/decks/public?sort=popular"], testInfo);
  });
});

test.describe("every admin page on a phone and a laptop", () => {
  test.use({ storageState: async ({ adminState }, use) => use(adminState) });

  for (const paths of groups(ADMIN_PAGES))
    test(`admin pages ${paths.join(" ")}`, async ({ page }, testInfo) => {
      test.setTimeout(groupTimeout(paths));
      await checkPages(page, paths, testInfo);
    });
});

// its own account: it adds a card to the collection, which the shared account's pages must not depend on
test("an owned card's badge sits under the card on a phone, never over its title", async ({ page, auth }) => {
  await auth.signUp(newAccount("screens"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/collection");
  await page.getByTestId(/^collection-card-/).first().getByRole("button", { name: /^Add one / }).click();
  const badge = page.getByLabel("1 owned").first();
  await expect(async () => {
    await page.reload();
    await expect(badge).toBeVisible({ timeout: 2_000 });
  }).toPass();
  const item = page.locator("li.cg-item").filter({ has: badge });
  const [badgeBox, titleBox] = [await badge.boundingBox(), await item.locator(".cf-title").boundingBox()];
  expect(badgeBox!.y, "the owned badge sits below the card's title").toBeGreaterThan(titleBox!.y + titleBox!.height);
});
