import { encodeDeckCode } from "@/lib/decks/deck-code";
import { expect, signInAdmin, test } from "./fixtures";
import { createCard, shot, waitForHumanOrEnd } from "./playtest-helpers";

test.describe("solo playtest prompts", () => {
  test("the card-choice prompt (Emerald Radar: a card from the discard pile) works with the keyboard and looks right at 1366 and 390 px", async ({ page }, testInfo) => {
    // A deck of effect language v2 demo cards with 5 Emerald Radar (recover 1); Radars are kept for turn 2, when the discard pile has cards.
    const code = encodeDeckCode([90, 73, 74, 72, 85, 93].map((number) => ({ set: "DEMO", number, quantity: 5 })));
    await page.goto(`/playtest?code=${code}&you=linked&start=1&opp=eggman-empire&level=random&rule=priority&seed=4`);
    const decision = page.getByTestId("decision");
    let found = false;
    for (let guard = 0; guard < 300 && !found; guard++) {
      await waitForHumanOrEnd(page);
      if (await page.getByTestId("game-over").count()) break;
      if (await page.getByTestId("turn-end").count()) {
        await page.getByTestId("turn-end").getByRole("button", { name: /Continue/ }).click();
        continue;
      }
      if (await decision.count()) {
        if (/Choose a card/.test(await page.locator("#decision-title").innerText())) found = true;
        else await decision.getByRole("button").first().click();
        continue;
      }
      if (await page.getByTestId("confirm-placement").count()) {
        const turn1 = (await page.getByText(/^Turn 1$/).count()) > 0;
        const hand = page.getByRole("toolbar", { name: /Your hand/ });
        for (let col = 1; col <= 5; col++) {
          const pick = hand.getByRole("button", { name: turn1 ? /^(?!Emerald Radar)/ : /^Emerald Radar/ });
          await ((await pick.count()) ? pick.first() : hand.getByRole("button").first()).click();
          await page.getByTestId(`place-slot-${col}`).click();
        }
        await page.getByTestId("confirm-placement").click();
        continue;
      }
      const radar = page.getByRole("button", { name: /Emerald Radar.*you may flip here/ });
      await ((await radar.count()) ? radar.first() : page.getByRole("button", { name: /you may flip here/ }).first()).click();
    }
    expect(found).toBe(true);
    await expect(decision.getByRole("heading")).toHaveText("Choose a card from your discard pile");
    await expect(decision).toContainText("Emerald Radar: choose a card of your discard pile to return to your hand");
    const options = decision.getByRole("button");
    const first = options.first();
    const name = (await first.innerText()).replace(/^\S+ \d+ /, "");
    await expect(decision.getByRole("button", { name: "Done (no more cards)" })).toBeVisible();
    await shot(page, testInfo, "12-card-choice-1366");
    await page.setViewportSize({ width: 390, height: 844 });
    await decision.scrollIntoViewIfNeeded();
    await shot(page, testInfo, "13-card-choice-390");
    await page.setViewportSize({ width: 1366, height: 900 });
    // Keyboard: focus starts on the first card; Tab goes through every card of the pile (one or more, as the game
    // went) to "Done", Shift+Tab comes back the same way, Enter chooses.
    await expect(first).toBeFocused();
    const count = await options.count();
    for (let i = 1; i < count; i++) {
      await page.keyboard.press("Tab");
      await expect(options.nth(i)).toBeFocused();
    }
    await expect(options.last()).toHaveText("Done (no more cards)");
    for (let i = count - 2; i >= 0; i--) {
      await page.keyboard.press("Shift+Tab");
      await expect(options.nth(i)).toBeFocused();
    }
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("game-log")).toContainText(`${name} returned from the discard pile to their hand`);
  });

  test("manual correction for a card whose text is not automated (an admin-entered card of a new set)", async ({ page, auth }, testInfo) => {
    await signInAdmin(page, auth);
    const text = "When flipped, discard one of your opponent's face-up cards.";
    await createCard(page, { set: "PTX", number: 1, title: "Playtest Knuckles", rings: 4, color: "red", text });
    await createCard(page, { set: "PTX", number: 2, title: "Playtest Rouge", rings: 5, color: "gray", text });
    // A legal deck: ten unautomated PTX cards and five copies each of four demo titles.
    const code = encodeDeckCode([
      { set: "PTX", number: 1, quantity: 5 },
      { set: "PTX", number: 2, quantity: 5 },
      ...[1, 2, 3, 4].map((number) => ({ set: "DEMO", number, quantity: 5 })),
    ]);
    await page.goto(`/playtest?code=${code}&you=linked&start=1&opp=eggman-empire&level=random&rule=priority&seed=4`);
    await expect(page.getByTestId("confirm-placement")).toBeVisible();
    let corrected = false;
    for (let guard = 0; guard < 80 && !corrected; guard++) {
      await waitForHumanOrEnd(page);
      if (await page.getByTestId("game-over").count()) break;
      if (await page.getByTestId("correction").count()) {
        const panel = page.getByTestId("correction");
        await expect(panel).toContainText("text not automated");
        await expect(panel).toContainText(text);
        await shot(page, testInfo, "50-correction-panel");
        const logBefore = await page.getByTestId("game-log").innerText();
        await panel.getByRole("radio", { name: /Change a card's rings/ }).check();
        await panel.getByLabel(/Rings to add/).fill("2");
        // Targets are highlighted on the field too.
        await expect(page.getByRole("button", { name: /choose this card/ }).first()).toBeVisible();
        await panel.getByRole("group", { name: "Targets" }).getByRole("button").first().click();
        await expect(page.getByTestId("game-log")).toContainText(/\+2 rings for battle comparisons \(a manual correction for .* \(text not automated\)\)/);
        await expect(page.getByTestId("correction")).toBeVisible();
        await shot(page, testInfo, "51-correction-applied");
        // Undo takes the correction back: the log line goes, the window is still open.
        await page.getByRole("button", { name: "Undo" }).click();
        await expect(page.getByTestId("correction")).toBeVisible();
        await expect.poll(() => page.getByTestId("game-log").innerText()).toBe(logBefore);
        await page.getByTestId("correction").getByRole("radio", { name: /Draw 1 card/ }).check();
        await page.getByTestId("correction").getByRole("button", { name: "Draw 1 card" }).click();
        await expect(page.getByTestId("game-log")).toContainText(/drew .* \(a manual correction for .* \(text not automated\)\)/);
        await page.getByTestId("correction-done").click();
        await expect(page.getByTestId("correction")).toHaveCount(0);
        await expect(page.getByTestId("game-log")).toContainText("finished manual corrections for");
        corrected = true;
        break;
      }
      if (await page.getByTestId("turn-end").count()) await page.getByTestId("turn-end").getByRole("button", { name: /Continue/ }).click();
      else if (await page.getByTestId("decision").count()) await page.getByTestId("decision").getByRole("button").first().click();
      else if (await page.getByTestId("confirm-placement").count()) {
        await page.getByRole("button", { name: "Fill empty slots" }).click();
        await page.getByTestId("confirm-placement").click();
      } else await page.getByRole("button", { name: /you may flip here/ }).first().click();
    }
    expect(corrected).toBe(true);
  });
});
