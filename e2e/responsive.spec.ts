import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { test, expect, newAccount, signInAdmin } from "./fixtures";

/**
 * Every page at a phone (390×844) and a laptop (1366×900), in the light and
 * the dark theme (the default theme follows the system's): no horizontal
 * overflow, no serious or critical axe violation, card faces' text readable
 * (axe does not look inside a role="img" card face, so its contrast is
 * measured here), and a full-page screenshot saved for review under
 * test-results/screens/.
 */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

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
  "/collection/booster",
  "/collection/history",
  "/collection/completion",
  "/collection/import",
  "/decks",
  "/cards/suggest",
  "/cards/suggestions",
  "/lab",
];

const ADMIN_PAGES = ["/admin", "/admin/cards", "/admin/cards/new", "/admin/import", "/admin/audit", "/admin/suggestions", "/admin/comments"];

const SCHEMES = ["light", "dark"] as const;

function shotName(path: string, width: number, scheme: (typeof SCHEMES)[number]): string {
  const slug = path.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "_") || "home";
  return `${slug}-${width}-${scheme}.png`;
}

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

type Viewport = (typeof VIEWPORTS)[number];

async function checkPage(page: Page, path: string, testInfo: TestInfo, viewports: readonly Viewport[] = VIEWPORTS) {
  for (const scheme of SCHEMES) {
    for (const vp of viewports) {
      await test.step(`${path} at ${vp.width}×${vp.height}, ${scheme}`, async () => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(vp);
        await page.goto(path);
        await page.waitForLoadState("networkidle");
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
        await page.screenshot({ path: join(testInfo.project.outputDir, "screens", shotName(path, vp.width, scheme)), fullPage: true });
        expect.soft(overflow, `${path} at ${vp.width} px overflows sideways`).toBeNull();
        expect.soft(await cardFaceContrast(page), `${path} at ${vp.width} px, ${scheme}: card face text under 4.5:1`).toEqual([]);
        const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const bad = axe.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(" ")} — ${v.help}`);
        expect.soft(bad, `${path} at ${vp.width} px, ${scheme}: serious or critical axe violations`).toEqual([]);
      });
    }
  }
}

// One test per page and width (they run in parallel across workers); the signed-in and admin ones sign in first.
test.describe("every page on a phone and a laptop", () => {
  for (const vp of VIEWPORTS) {
    for (const path of GUEST_PAGES) {
      test(`guest page ${path} at ${vp.width} px`, async ({ page }, testInfo) => {
        await checkPage(page, path, testInfo, [vp]);
      });
    }

    for (const path of USER_PAGES) {
      test(`signed-in page ${path} at ${vp.width} px`, async ({ page, auth }, testInfo) => {
        await auth.signUp(newAccount("screens"));
        await checkPage(page, path, testInfo, [vp]);
      });
    }

    test(`signed-in page: the deck editor at ${vp.width} px`, async ({ page, auth }, testInfo) => {
      await auth.signUp(newAccount("screens"));
      await page.goto("/decks");
      await page.getByLabel("New deck name").fill("Phone deck");
      await page.getByRole("button", { name: "Create deck" }).click();
      await expect(page).toHaveURL(/\/decks\/[^/]+$/);
      await checkPage(page, new URL(page.url()).pathname, testInfo, [vp]);
    });

    test(`signed-in pages: a public deck with a comment, and the popular list, at ${vp.width} px`, async ({ page, auth }, testInfo) => {
      await auth.signUp(newAccount("screens"));
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
      for (const path of [deckPage, "/decks/public?sort=popular"]) await checkPage(page, path, testInfo, [vp]);
    });

    for (const path of ADMIN_PAGES) {
      test(`admin page ${path} at ${vp.width} px`, async ({ page, auth }, testInfo) => {
        await signInAdmin(page, auth);
        await checkPage(page, path, testInfo, [vp]);
      });
    }
  }

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
});
