import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

async function waitForHumanOrEnd(page: Page) {
  await page.waitForFunction(
    (sel) => document.querySelector(sel) !== null,
    '[data-testid="confirm-placement"],[data-testid="decision"],[data-testid="turn-end"],[data-testid="game-over"],button[aria-label$="you may flip here"]',
    { polling: 100, timeout: 20_000 },
  );
}

test.describe("guided first game", () => {
  test("each step's hint asks for the action the step needs, and moves on only when it is done", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Learn to play" }).first().click();
    await expect(page).toHaveURL(/\/learn$/);
    const hint = page.getByTestId("tutorial-hint");
    await expect(hint).toContainText("Place five cards");
    await expect(hint.getByRole("link", { name: /Rules §4\.1/ })).toHaveAttribute("href", "/rules#s4-1");
    // the hint stays until the step is done: five cards arranged but not confirmed are not a placement yet
    await page.getByRole("button", { name: "Fill empty slots" }).click();
    await expect(page.getByTestId("confirm-placement")).toBeEnabled();
    await expect(hint).toContainText("Place five cards");
    await page.screenshot({ path: ".tmp/shots/learn-1-place.png", fullPage: true });
    await page.getByTestId("confirm-placement").click();

    const seen = new Set<string>();
    for (let guard = 0; guard < 80 && !(seen.has("score") && seen.has("recharge") && seen.has("place-2")); guard++) {
      await waitForHumanOrEnd(page);
      if (await page.getByTestId("game-over").count()) break;
      if (await page.getByTestId("turn-end").count()) {
        const phase = (await page.getByTestId("turn-end-phase").innerText()).toLowerCase();
        if (phase.includes("score")) {
          await expect(hint).toContainText(/Score step.*you have \d+, the AI \d+/);
          seen.add("score");
        } else {
          await expect(hint).toContainText("Recharge step");
          seen.add("recharge");
        }
        await page.getByTestId("turn-end").getByRole("button", { name: /Continue/ }).click();
        continue;
      }
      if (await page.getByTestId("decision").count()) {
        await expect(hint).not.toContainText("Place five cards");
        await page.getByTestId("decision").getByRole("button").first().click();
        continue;
      }
      if (await page.getByTestId("confirm-placement").count()) {
        await expect(hint).toContainText("Place against the AI's spare row");
        seen.add("place-2");
        await page.screenshot({ path: ".tmp/shots/learn-2-place.png", fullPage: true });
        break;
      }
      await expect(hint).toContainText("Flip a card");
      seen.add("flip");
      await page.getByRole("button", { name: /you may flip here/ }).first().click();
    }
    expect([...seen].sort()).toEqual(["flip", "place-2", "recharge", "score"]);
  });
});
