/** What the playtest specs share: the board as the human sees it, and the moves they make on it. */
import { mkdirSync } from "node:fs";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect } from "./fixtures";

/** A new game against the random AI, Team Sonic Speed against Eggman Empire (add &seed=N). */
export const GAME = "/playtest?start=1&you=team-sonic-speed&opp=eggman-empire&level=random&rule=priority";
const SHOTS = ".tmp/shots";

/** A full-page screenshot in .tmp/shots, attached to the report. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${name}.png`;
  // Screenshots are marked, so that npm run bench:playtest's long-task figures can leave them out.
  await page.evaluate(() => performance.mark("rb-shot-start"));
  await page.screenshot({ path, fullPage: true });
  await page.evaluate(() => performance.mark("rb-shot-end"));
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** Every slot's accessible description plus the status: what the human sees of the board. */
export async function boardText(page: Page): Promise<string> {
  const slots = await page.locator("[data-slot]").evaluateAll((els) =>
    els.map((e) => `${e.getAttribute("data-slot")}=${((e.firstElementChild as HTMLElement | null)?.getAttribute("aria-label") ?? "").replace(/ — .*$/, "")}`),
  );
  const hand = await page.getByRole("list", { name: /Your hand/ }).or(page.getByRole("toolbar", { name: /Your hand/ })).first().innerText();
  const emeralds = await page.getByRole("img", { name: /Chaos Emeralds/ }).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  return JSON.stringify({ slots, hand, emeralds });
}

/** Waits until the human can act (or the game ended): one cheap CSS query every 100 ms, so the harness adds no long tasks of its own. */
export async function waitForHumanOrEnd(page: Page) {
  await page.waitForFunction(
    (sel) => document.querySelector(sel) !== null,
    '[data-testid="confirm-placement"],[data-testid="decision"],[data-testid="correction"],[data-testid="turn-end"],[data-testid="game-over"],button[aria-label$="you may flip here"]',
    { polling: 100, timeout: 15_000 },
  );
}

/** An admin enters a card of a new set through the catalog form (no structured effect unless given). */
export async function createCard(page: Page, c: { set: string; number: number; title: string; rings: number; color: string; text: string }) {
  await page.goto("/admin/cards/new");
  await page.getByLabel("Set code").fill(c.set);
  await page.getByLabel("Number").fill(String(c.number));
  await page.getByLabel("Title").fill(c.title);
  await page.getByLabel("Traits").fill("Animal");
  await page.getByLabel("Rings").fill(String(c.rings));
  await page.getByRole("checkbox", { name: c.color }).check();
  await page.getByLabel("Card text").fill(c.text);
  await page.getByRole("button", { name: "Create card" }).click();
  await expect(page).toHaveURL(/\/admin\/cards\/[^/?]+\?created=1/);
}

/** Place five cards with the mouse: two by drag and drop, the rest by click-then-click. */
export async function placeWithMouse(page: Page) {
  const hand = page.getByRole("toolbar", { name: /Your hand/ });
  for (let col = 1; col <= 5; col++) {
    const card = hand.getByRole("button").first();
    if (col <= 2) await card.dragTo(page.getByTestId(`place-slot-${col}`));
    else {
      await card.click();
      await page.getByTestId(`place-slot-${col}`).click();
    }
  }
  await expect(page.getByTestId("confirm-placement")).toBeEnabled();
}


/**
 * `locator` is wholly on the screen and nothing covers it (a sheet docked over
 * the bottom of a phone's screen, say): at its centre and 8 px inside each of
 * its corners (inside rounded corners too), the topmost element is it or inside it.
 */
export async function uncovered(locator: Locator, what: string) {
  await expect(locator, `${what} is wholly on the screen`).toBeInViewport({ ratio: 1 });
  const covered = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 8, r.top + 8],
      [r.right - 8, r.top + 8],
      [r.left + 8, r.bottom - 8],
      [r.right - 8, r.bottom - 8],
    ];
    return points.flatMap(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return [];
      const by = hit?.closest("[data-testid]")?.getAttribute("data-testid") ?? hit?.tagName ?? "nothing";
      return [`(${Math.round(x)}, ${Math.round(y)}) under ${by}`];
    });
  });
  expect(covered, `nothing covers ${what}`).toEqual([]);
}
