import { expect, test } from "./fixtures";
import { boardText, GAME, placeWithMouse, shot, uncovered, waitForHumanOrEnd } from "./playtest-helpers";

test.describe("solo playtest board", () => {
  test("plays a turn with the mouse: drag and drop and click-then-click placement, the rush step, the turn's end", async ({ page }, testInfo) => {
    // (a whole game, every step to its end, is components/playtest/playtest-board.test.tsx's, with the in-process AI)
    await page.goto(`${GAME}&seed=42`);
    await expect(page.getByRole("heading", { name: "Playtest" })).toBeVisible();
    await shot(page, testInfo, "01-play-step");
    await placeWithMouse(page);
    await shot(page, testInfo, "02-play-step-arranged");
    await page.getByTestId("confirm-placement").click();
    let flips = 0;
    for (let guard = 0; guard < 60 && !(await page.getByTestId("turn-end").count()); guard++) {
      await waitForHumanOrEnd(page);
      if (await page.getByTestId("turn-end").count()) break;
      if (await page.getByTestId("decision").count()) {
        await shot(page, testInfo, "04-decision");
        await page.getByTestId("decision").getByRole("button").first().click();
        continue;
      }
      if (await page.getByTestId("correction").count()) {
        await page.getByTestId("correction-done").click();
        continue;
      }
      if (!flips) await shot(page, testInfo, "03-rush-step");
      await page.getByRole("button", { name: /you may flip here/ }).first().click();
      flips++;
    }
    expect(flips).toBeGreaterThan(0);
    await expect(page.getByTestId("turn-end-phase")).toHaveText(/Score/);
    await shot(page, testInfo, "05-score-step");
    await expect(page.getByTestId("game-log")).toContainText(/Score: Player 1 \(you\) \d+ rings/);
    // Continue walks the score and recharge steps to the next turn's play step
    for (let i = 0; i < 4 && (await page.getByTestId("turn-end").count()); i++) await page.getByTestId("turn-end").getByRole("button", { name: /Continue/ }).click();
    await expect(page.getByTestId("confirm-placement")).toBeVisible();
    await expect(page.getByText(/^Turn 2$/)).toBeVisible();
  });

  test("on a phone (390×844) the board, the hand, the step and the next action share the first screen through a turn", async ({ browser }, testInfo) => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
    const noScroll = async () => expect(await page.evaluate(() => window.scrollY), "the page did not scroll").toBe(0);
    await page.goto(`${GAME}&seed=42`);
    // the play step: the field above the tray, the hand with Confirm / Fill / Clear beside it, none under anything
    await expect(page.getByTestId("phone-step")).toHaveText("Play step");
    const hand = page.getByRole("toolbar", { name: /Your hand/ });
    for (let col = 1; col <= 5; col++) {
      await hand.getByRole("button").first().tap();
      await page.getByTestId(`place-slot-${col}`).tap();
    }
    await noScroll();
    await uncovered(page.getByTestId("phone-bar"), "the status bar");
    await uncovered(page.getByRole("grid"), "the field");
    await uncovered(hand, "the hand");
    for (const name of [/^Confirm placement/, /^Fill empty slots$/, /^Clear$/]) await uncovered(page.getByRole("button", { name }), `the button ${name}`);
    await shot(page, testInfo, "50-phone-play-step");
    await page.getByTestId("confirm-placement").tap();
    // the rush step: the field and the (read-only) hand with the step in the status bar
    await expect(page.getByRole("button", { name: /you may flip here/ }).first()).toBeVisible({ timeout: 15_000 });
    await noScroll();
    await expect(page.getByTestId("phone-step")).toHaveText(/^Rush/);
    await uncovered(page.getByRole("grid"), "the field");
    await uncovered(page.getByRole("list", { name: /Your hand/ }), "the hand");
    await shot(page, testInfo, "51-phone-rush-step");
    for (let guard = 0; guard < 60 && !(await page.getByTestId("turn-end").count()); guard++) {
      await waitForHumanOrEnd(page);
      if (await page.getByTestId("turn-end").count()) break;
      if (await page.getByTestId("decision").count()) await page.getByTestId("decision").getByRole("button").first().tap();
      else if (await page.getByTestId("correction").count()) await page.getByTestId("correction-done").tap();
      else await page.getByRole("button", { name: /you may flip here/ }).first().tap();
    }
    // the score step: the totals and Continue docked at the bottom, the whole field above them, the step at the top
    await expect(page.getByTestId("turn-end-phase")).toHaveText(/Score/);
    await noScroll();
    await expect(page.getByTestId("phone-step")).toHaveText("Score & recharge");
    await uncovered(page.getByTestId("phone-bar"), "the status bar");
    await uncovered(page.getByLabel("Ring totals"), "the ring totals");
    await uncovered(page.getByTestId("turn-end").getByRole("button", { name: /Continue/ }), "Continue");
    await uncovered(page.getByRole("grid"), "the field");
    await shot(page, testInfo, "52-phone-score-step");
  });

  test("plays a turn using only the keyboard", async ({ page }, testInfo) => {
    await page.goto(`${GAME}&seed=7`);
    await expect(page.getByTestId("confirm-placement")).toBeVisible();
    const focusedIn = (sel: string) => page.evaluate((s) => !!document.activeElement?.closest(s), sel);
    // Tab into the hand.
    for (let i = 0; i < 80 && !(await focusedIn('[role="toolbar"]')); i++) await page.keyboard.press("Tab");
    expect(await focusedIn('[role="toolbar"]')).toBe(true);
    // Arrow keys move in the hand; Enter selects; then Tab to a chaos slot and Enter places it.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("toolbar", { name: /Your hand/ }).getByRole("button", { pressed: true })).toHaveCount(1);
    // The field is one tab stop (roving tabindex): Shift+Tab enters it, End goes to the row's last cell.
    for (let i = 0; i < 20 && !(await focusedIn('[role="grid"]')); i++) await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("End");
    await expect(page.getByTestId("place-slot-5")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("place-slot-5")).toHaveAccessibleName(/Chaos slot 5: (?!empty)/);
    // Number keys place the focused hand card in that column.
    for (let i = 0; i < 40 && !(await focusedIn('[role="toolbar"]')); i++) await page.keyboard.press("Tab");
    for (const k of ["1", "2", "3", "4"]) await page.keyboard.press(k);
    await expect(page.getByTestId("confirm-placement")).toBeEnabled();
    await shot(page, testInfo, "10-keyboard-arranged");
    // Confirm is the next tab stop after the hand (the hand is one tab stop: the arrow keys move in it).
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("confirm-placement")).toBeFocused();
    await page.keyboard.press("Enter");
    // Rush: Tab to a legal slot and press Enter, answering any prompt with Enter, until the turn ends.
    for (let guard = 0; guard < 60; guard++) {
      await waitForHumanOrEnd(page);
      if (await page.getByTestId("turn-end").count()) break;
      if (await page.getByTestId("decision").count()) {
        await expect(page.getByTestId("decision").getByRole("button").first()).toBeFocused(); // focus moves to the first option in the next frame
        await page.keyboard.press("Enter");
        continue;
      }
      // Focus moves by itself to the first card that may be flipped: no Tab needed.
      await expect(page.locator(":focus")).toHaveAttribute("aria-label", /you may flip here/);
      await page.keyboard.press("Enter");
    }
    await expect(page.getByTestId("turn-end")).toBeVisible();
    await shot(page, testInfo, "11-keyboard-turn-end");
    // The Continue button has focus: Enter walks the score and recharge steps.
    for (let i = 0; i < 4 && (await page.getByTestId("turn-end").count()); i++) {
      await expect(page.getByTestId("turn-end").getByRole("button", { name: /Continue/ })).toBeFocused();
      await page.keyboard.press("Enter");
    }
    await expect(page.getByTestId("turn-end")).toHaveCount(0);
    await expect(page.getByTestId("lead")).toBeVisible();
  });

  test("the setup form starts a game with the chosen decks, AI level and rule", async ({ page }, testInfo) => {
    await page.goto("/playtest");
    await expect(page.getByRole("button", { name: "Start game" })).toBeVisible();
    await page.getByRole("radio", { name: /Chaotix Mix/ }).check();
    await page.getByLabel("Opponent's deck").selectOption({ label: "Team Sonic Speed" });
    await page.getByLabel("AI level").selectOption("heuristic");
    await page.getByLabel("Column rule").selectOption("no-mirror");
    await shot(page, testInfo, "00-setup-form");
    await page.getByRole("button", { name: "Start game" }).click();
    await expect(page.getByTestId("confirm-placement")).toBeVisible();
    await expect(page.getByText(/Chaotix Mix vs Team Sonic Speed · AI: Racer · column rule: No mirror/)).toBeVisible();
    await page.goto("/playtest?start=1&you=no-such-deck");
    await expect(page.getByRole("alert").filter({ hasText: "no starter deck" })).toBeVisible();
  });

  test("a deck link (deck code) starts the setup with that deck", async ({ page }, testInfo) => {
    await page.goto("/decks/starter/chaotix-mix");
    await page.getByRole("link", { name: "Playtest this deck" }).click();
    await expect(page.getByRole("radio", { name: /From a deck code/ })).toBeChecked();
    await shot(page, testInfo, "00-setup-from-deck-link");
    await page.getByRole("button", { name: "Start game" }).click();
    await expect(page.getByTestId("confirm-placement")).toBeVisible();
    await expect(page.getByText(/Deck from a code vs Eggman Empire/)).toBeVisible();
    await page.goto("/playtest?code=not-a-deck-code");
    await expect(page.getByTestId("deck-link-error")).toBeVisible();
    await page.goto("/playtest?slug=no-such-deck");
    await expect(page.getByTestId("deck-link-error")).toContainText("does not exist");
    // Your own deck by id asks you to sign in first.
    await page.goto("/playtest?deck=some-id");
    await expect(page).toHaveURL(/\/signin/);
  });

  test("an illegal flip shows the column rule's reason", async ({ page }, testInfo) => {
    await page.goto(`${GAME}&seed=3`);
    await page.getByRole("button", { name: "Fill empty slots" }).click();
    await page.getByTestId("confirm-placement").click();
    for (let guard = 0; guard < 12; guard++) {
      await waitForHumanOrEnd(page);
      const illegal = page.getByRole("button", { name: /not allowed now/ });
      if (await illegal.count()) {
        await illegal.first().click();
        await expect(page.getByTestId("action-error")).toContainText("Column rule (priority)");
        await shot(page, testInfo, "20-illegal-flip");
        // the rule the reason cites opens at its section of the rules page
        const ref = page.getByTestId("action-error").getByRole("link", { name: /rules section 4\.2/ });
        await expect(ref).toHaveAttribute("href", "/rules#s4-2");
        const [rules] = await Promise.all([page.waitForEvent("popup"), ref.click()]);
        await expect(rules.getByRole("heading", { name: "4.2 Rush step" })).toBeInViewport();
        await rules.close();
        return;
      }
      if (await page.getByTestId("decision").count()) await page.getByTestId("decision").getByRole("button").first().click();
      else await page.getByRole("button", { name: /you may flip here/ }).first().click();
    }
    throw new Error("this game never offered an illegal flip");
  });

  test("cards named in the log zoom on hover and open as a dialog from the mouse or the keyboard", async ({ page }) => {
    await page.goto(`${GAME}&seed=7`);
    await placeWithMouse(page);
    await page.getByTestId("confirm-placement").click();
    const log = page.getByTestId("game-log");
    // my placements name my cards; the AI's placements name none of its (hidden) cards
    const chip = log.getByTestId("log-card").first();
    await expect(chip).toBeVisible();
    const title = (await chip.innerText()).trim();
    await chip.hover();
    const panel = page.locator("[data-card-zoom-panel]");
    await expect(panel).toBeVisible();
    await expect(panel.locator("#card-zoom-title")).toHaveText(title);
    await chip.click();
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Open the card page" })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    // keyboard: the log is one tab stop; arrows reach its cards, Enter opens one
    await log.focus();
    await page.keyboard.press("Home");
    await expect(chip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: title })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: title })).toHaveCount(0);
    await expect(chip).toBeFocused();
  });

  test("undo restores the previous board", async ({ page }) => {
    await page.goto(`${GAME}&seed=5`);
    await page.getByRole("button", { name: "Fill empty slots" }).click();
    await page.getByTestId("confirm-placement").click();
    await expect(page.getByRole("button", { name: /you may flip here/ }).first()).toBeVisible({ timeout: 15_000 });
    const before = await boardText(page);
    await page.getByRole("button", { name: /you may flip here/ }).first().click();
    await waitForHumanOrEnd(page);
    expect(await boardText(page)).not.toBe(before);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("button", { name: /you may flip here/ }).first()).toBeVisible();
    await expect.poll(() => boardText(page)).toBe(before);
  });

  test("a replay link reproduces the same game", async ({ page }, testInfo) => {
    await page.goto(`${GAME}&seed=99`);
    // Play a turn.
    let turns = 0;
    for (let guard = 0; guard < 100 && turns < 1; guard++) {
      await waitForHumanOrEnd(page);
      if (await page.getByTestId("turn-end").count()) {
        await page.getByTestId("turn-end").getByRole("button", { name: /Continue/ }).click();
        if ((await page.getByTestId("turn-end").count()) === 0) turns++;
      } else if (await page.getByTestId("correction").count()) await page.getByTestId("correction-done").click();
      else if (await page.getByTestId("decision").count()) await page.getByTestId("decision").getByRole("button").first().click();
      else if (await page.getByTestId("confirm-placement").count()) {
        await page.getByRole("button", { name: "Fill empty slots" }).click();
        await page.getByTestId("confirm-placement").click();
      } else if (await page.getByTestId("game-over").count()) break;
      else await page.getByRole("button", { name: /you may flip here/ }).first().click();
    }
    // Flip once more so the replay ends mid-rush.
    await waitForHumanOrEnd(page);
    if (await page.getByTestId("confirm-placement").count()) {
      await page.getByRole("button", { name: "Fill empty slots" }).click();
      await page.getByTestId("confirm-placement").click();
      await expect(page.getByRole("button", { name: /you may flip here/ }).first()).toBeVisible({ timeout: 15_000 });
    }
    const game = await boardText(page);
    const log = await page.getByTestId("game-log").innerText();
    await page.getByRole("button", { name: "Share replay" }).first().click();
    const link = await page.getByTestId("replay-link").inputValue();
    expect(link).toContain("/playtest/replay#r=");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Replay" })).toBeVisible();
    await page.getByRole("checkbox", { name: "Reveal all" }).uncheck();
    expect(await boardText(page)).toBe(game);
    expect(await page.getByTestId("game-log").innerText()).toBe(log);
    await shot(page, testInfo, "30-replay-end");
    await page.getByTestId("replay-back").click();
    await expect(page.getByTestId("replay-position")).toHaveText(/Action \d+ of \d+/);
    await page.getByRole("button", { name: /Start/ }).click();
    await expect(page.getByTestId("step-label")).toHaveText("Play step");
    await shot(page, testInfo, "31-replay-start");
    // A damaged link says so.
    await page.goto("/playtest/replay?r=not-a-replay");
    await expect(page.getByTestId("replay-error")).toContainText("damaged");
  });

  test("search AI: thinks in a Web Worker and answers every request of a turn", async ({ page }, testInfo) => {
    // (how much of its think time the main thread is blocked is a figure: npm run bench:playtest)
    const workers: string[] = [];
    page.on("worker", (w) => workers.push(w.url()));
    await page.goto(GAME.replace("level=random", "level=search") + "&seed=8");
    await page.getByRole("button", { name: "Fill empty slots" }).click();
    await page.getByTestId("confirm-placement").click();
    for (let guard = 0; guard < 60 && !(await page.getByTestId("turn-end").count()); guard++) {
      await waitForHumanOrEnd(page);
      if (await page.getByTestId("turn-end").count()) break;
      if (await page.getByTestId("correction").count()) await page.getByTestId("correction-done").click();
      else if (await page.getByTestId("decision").count()) await page.getByTestId("decision").getByRole("button").first().click();
      else await page.getByRole("button", { name: /you may flip here/ }).first().click();
    }
    await expect(page.getByTestId("turn-end")).toBeVisible();
    await shot(page, testInfo, "40-search-ai");
    const ai = await page.evaluate(() => ({ asked: performance.getEntriesByName("rb-ai-start").length, answered: performance.getEntriesByName("rb-ai-answer").length }));
    // the AI placed and flipped in the rush step, each request answered, none refused by the engine
    expect(ai.asked).toBeGreaterThanOrEqual(2);
    expect(ai.answered).toBe(ai.asked);
    await expect(page.getByText(/The AI (found no legal action|chose an action the engine rejected)/)).toHaveCount(0);
    expect(workers.length).toBeGreaterThan(0);
  });
});
