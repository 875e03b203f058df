import { mkdirSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { encodeDeckCode } from "@/lib/decks/deck-code";
import { expect, signInAdmin, test } from "./fixtures";

const GAME = "/playtest?start=1&you=team-sonic-speed&opp=eggman-empire&level=random&rule=priority";
const SHOTS = ".tmp/shots";

async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${name}.png`;
  // Screenshots are the harness's own main-thread work: marked, so the long-task figures leave them out.
  await page.evaluate(() => performance.mark("rb-shot-start"));
  await page.screenshot({ path, fullPage: true });
  await page.evaluate(() => performance.mark("rb-shot-end"));
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** Every slot's accessible description plus the status: what the human sees of the board. */
async function boardText(page: Page): Promise<string> {
  const slots = await page.locator("[data-slot]").evaluateAll((els) =>
    els.map((e) => `${e.getAttribute("data-slot")}=${((e.firstElementChild as HTMLElement | null)?.getAttribute("aria-label") ?? "").replace(/ — .*$/, "")}`),
  );
  const hand = await page.getByRole("list", { name: /Your hand/ }).or(page.getByRole("toolbar", { name: /Your hand/ })).first().innerText();
  const emeralds = await page.getByRole("img", { name: /Chaos Emeralds/ }).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  return JSON.stringify({ slots, hand, emeralds });
}

async function observeLongTasks(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: [number, number][]; __inputs: [number, number][] };
    w.__longTasks = [];
    w.__inputs = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
      }).observe({ type: "longtask", buffered: true });
      // Input events (Event Timing API): a long task that processes the player's own click or key is the player's, not the AI's.
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEventTiming[]) w.__inputs.push([e.processingStart, e.processingEnd]);
      }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    } catch {
      /* longtask or event timing not supported */
    }
  });
}

/** Long tasks on the main thread while the AI was thinking (between its request and its answer), and the AI round trips. */
async function perfFigures(page: Page) {
  const perf = await page.evaluate(() => {
    const tasks = (window as unknown as { __longTasks: [number, number][] }).__longTasks;
    const inputs = (window as unknown as { __inputs: [number, number][] }).__inputs;
    const handlesInput = ([t, d]: [number, number]) => inputs.some(([a, b]) => t <= a && b <= t + d);
    const starts = performance.getEntriesByName("rb-ai-start").map((e) => e.startTime);
    const answers = performance.getEntriesByName("rb-ai-answer").map((e) => e.startTime);
    const windows = starts.map((s) => [s, answers.find((a) => a >= s) ?? s] as [number, number]);
    const shotEnds = performance.getEntriesByName("rb-shot-end").map((e) => e.startTime);
    const shots = performance.getEntriesByName("rb-shot-start").map((e) => [e.startTime, shotEnds.find((x) => x >= e.startTime) ?? e.startTime] as [number, number]);
    const inShot = ([t, d]: [number, number]) => shots.some(([a, b]) => t < b && t + d > a);
    const during = tasks.filter(([t, d]) => windows.some(([a, b]) => t < b && t + d > a) && !inShot([t, d]));
    // The first request (the AI's placement) is made while the page is still starting up (hydration, web font, first layouts).
    const firstAnswer = windows[0]?.[1] ?? 0;
    const afterStartup = during.filter(([t]) => t >= firstAnswer);
    // What the AI causes: tasks after start-up that do not process a player input (answers arriving, their renders).
    const fromAi = afterStartup.filter((x) => !handlesInput(x));
    // Main-thread time the AI's own long tasks took inside its think windows (clipped to them).
    const blockedMs = fromAi.reduce((n, [t, d]) => n + windows.reduce((m, [a, b]) => m + Math.max(0, Math.min(b, t + d) - Math.max(a, t)), 0), 0);
    return { tasks, thinkMs: windows.map(([a, b]) => b - a), answered: answers.length, blockedMs, during, afterStartup, fromAi, screenshotTasks: tasks.filter(inShot).length, firstRequest: starts[0] ?? 0, firstAnswer };
  });
  const sorted = perf.thinkMs.slice().sort((a, b) => a - b);
  return {
    figures: {
      aiRequests: perf.thinkMs.length,
      aiAnswers: perf.answered,
      /** The share of the AI's think time the main thread was blocked by the AI's own long tasks (0 when it thinks in its worker). */
      aiBlockedShare: Number((perf.blockedMs / Math.max(1, perf.thinkMs.reduce((n, x) => n + x, 0))).toFixed(3)),
      aiRoundTripMsMedian: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      aiRoundTripMsMax: Math.round(sorted[sorted.length - 1] ?? 0),
      longTasksWhileAiThinks: perf.during.length,
      longestWhileAiThinksMs: Math.round(Math.max(0, ...perf.during.map(([, d]) => d))),
      longTasksInScreenshots: perf.screenshotTasks,
      longTasksWholeRun: perf.tasks.length,
      longestWholeRunMs: Math.round(Math.max(0, ...perf.tasks.map(([, d]) => d))),
      /** The same, leaving out the first AI request, which overlaps the page's start-up. */
      longTasksWhileAiThinksAfterStartup: perf.afterStartup.length,
      longestWhileAiThinksAfterStartupMs: Math.round(Math.max(0, ...perf.afterStartup.map(([, d]) => d))),
      /** Of those, the tasks that process no player input (click, key): the AI's own. */
      longTasksFromAi: perf.fromAi.length,
      longestFromAiMs: Math.round(Math.max(0, ...perf.fromAi.map(([, d]) => d))),
      /** [start, duration] (ms since navigation) of each long task counted while the AI thinks. */
      whileAiThinks: perf.during.map(([t, d]) => [Math.round(t), Math.round(d)]),
      firstAiRequestMs: [Math.round(perf.firstRequest), Math.round(perf.firstAnswer)],
    },
    raw: perf,
  };
}

/** Waits until the human can act (or the game ended): one cheap CSS query every 100 ms, so the harness adds no long tasks of its own. */
async function waitForHumanOrEnd(page: Page) {
  await page.waitForFunction(
    (sel) => document.querySelector(sel) !== null,
    '[data-testid="confirm-placement"],[data-testid="decision"],[data-testid="correction"],[data-testid="turn-end"],[data-testid="game-over"],button[aria-label$="you may flip here"]',
    { polling: 100, timeout: 15_000 },
  );
}

/** An admin enters a card of a new set through the catalog form (no structured effect unless given). */
async function createCard(page: Page, c: { set: string; number: number; title: string; rings: number; color: string; text: string }) {
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
async function placeWithMouse(page: Page) {
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

test.describe("solo playtest board", () => {
  // The AI answers in a worker and the machine running the suite may be busy: generous timeouts, no timed assertions.
  test.describe.configure({ timeout: 180_000 });
  test("plays a whole game to its end against the random AI with the mouse", async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    await observeLongTasks(page);
    await page.goto(`${GAME}&seed=42`);
    await expect(page.getByRole("heading", { name: "Playtest" })).toBeVisible();
    const seen = new Set<string>();
    const once = async (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      await shot(page, testInfo, name);
    };
    let placements = 0;
    for (let guard = 0; guard < 400; guard++) {
      await waitForHumanOrEnd(page);
      if (!seen.has("07-discard-animation") && (await page.locator(".rb-ghost").count())) await once("07-discard-animation");
      if (await page.getByTestId("game-over").count()) break;
      if (await page.getByTestId("turn-end").count()) {
        const phase = (await page.getByTestId("turn-end-phase").innerText()).toLowerCase();
        await once(`05-${phase.replace(/[^a-z]+/g, "-")}`);
        await page.getByTestId("turn-end").getByRole("button", { name: /Continue/ }).click();
        continue;
      }
      if (await page.getByTestId("correction").count()) {
        await page.getByTestId("correction-done").click();
        continue;
      }
      if (await page.getByTestId("decision").count()) {
        await once("04-decision");
        await page.getByTestId("decision").getByRole("button").first().click();
        continue;
      }
      if (await page.getByTestId("confirm-placement").count()) {
        await once("01-play-step");
        await placeWithMouse(page);
        await once("02-play-step-arranged");
        await page.getByTestId("confirm-placement").click();
        placements++;
        continue;
      }
      await once("03-rush-step");
      await page.getByRole("button", { name: /you may flip here/ }).first().click();
    }
    await expect(page.getByTestId("game-over")).toBeVisible();
    await expect(page.getByTestId("winner")).toHaveText(/win|draw/i);
    await shot(page, testInfo, "06-game-over");
    // A discard pile opens in a dialog listing its cards.
    await page.getByRole("button", { name: /in discard \(AI\): view/ }).click();
    const pile = page.getByRole("dialog", { name: "AI discard pile" });
    await expect(pile).toBeVisible();
    expect(await pile.getByRole("listitem").count()).toBeGreaterThan(0);
    await pile.getByRole("button", { name: "Close" }).click();
    await expect(pile).toBeHidden();
    expect(placements).toBeGreaterThan(1);
    const log = await page.getByTestId("game-log").innerText();
    expect(log).toMatch(/Score: Player 1 \(you\) \d+ rings/);
    const perf = await perfFigures(page);
    console.log(`random AI, whole game, main-thread figures: ${JSON.stringify({ placements, ...perf.figures })}`);
    await testInfo.attach("long-tasks-random.json", { body: JSON.stringify(perf, null, 2), contentType: "application/json" });
  });

  test("plays a turn using only the keyboard", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
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
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Shift+Tab");
      if (await page.evaluate(() => document.activeElement?.getAttribute("data-testid") === "place-slot-5")) break;
    }
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("place-slot-5")).toHaveAccessibleName(/Chaos slot 5: (?!empty)/);
    // Number keys place the focused hand card in that column.
    for (let i = 0; i < 40 && !(await focusedIn('[role="toolbar"]')); i++) await page.keyboard.press("Tab");
    for (const k of ["1", "2", "3", "4"]) await page.keyboard.press(k);
    await expect(page.getByTestId("confirm-placement")).toBeEnabled();
    await shot(page, testInfo, "10-keyboard-arranged");
    for (let i = 0; i < 40; i++) {
      if (await page.evaluate(() => document.activeElement?.getAttribute("data-testid") === "confirm-placement")) break;
      await page.keyboard.press("Shift+Tab");
    }
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
      let found = false;
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press("Tab");
        const name = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
        if (/you may flip here/.test(name)) {
          found = true;
          break;
        }
      }
      expect(found).toBe(true);
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

  test("the card-choice prompt (Emerald Radar: a card from the discard pile) works with the keyboard and looks right at 1366 and 390 px", async ({ page }, testInfo) => {
    test.setTimeout(300_000);
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
    test.setTimeout(300_000);
    await page.goto(`${GAME}&seed=99`);
    // Play two turns.
    let turns = 0;
    for (let guard = 0; guard < 100 && turns < 2; guard++) {
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

  test("manual correction for a card whose text is not automated (an admin-entered card of a new set)", async ({ page, auth }, testInfo) => {
    test.setTimeout(240_000);
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

  test("search AI: thinks in a Web Worker, answers every request and keeps the main thread free over two turns", async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await observeLongTasks(page);
    const workers: string[] = [];
    page.on("worker", (w) => workers.push(w.url()));
    await page.goto(GAME.replace("level=random", "level=search") + "&seed=8");
    let turns = 0;
    for (let guard = 0; guard < 120 && turns < 2; guard++) {
      await waitForHumanOrEnd(page);
      if (await page.getByTestId("game-over").count()) break;
      if (await page.getByTestId("turn-end").count()) {
        await page.getByTestId("turn-end").getByRole("button", { name: /Continue/ }).click();
        if ((await page.getByTestId("turn-end").count()) === 0) turns++;
      } else if (await page.getByTestId("correction").count()) await page.getByTestId("correction-done").click();
      else if (await page.getByTestId("decision").count()) await page.getByTestId("decision").getByRole("button").first().click();
      else if (await page.getByTestId("confirm-placement").count()) {
        await page.getByRole("button", { name: "Fill empty slots" }).click();
        await page.getByTestId("confirm-placement").click();
      } else await page.getByRole("button", { name: /you may flip here/ }).first().click();
    }
    await shot(page, testInfo, "40-search-ai");
    const perf = await perfFigures(page);
    console.log(`search AI, two turns, main-thread figures: ${JSON.stringify(perf.figures)}`);
    await testInfo.attach("long-tasks-search.json", { body: JSON.stringify(perf, null, 2), contentType: "application/json" });
    // two whole turns were played against the search AI, and every request it got was answered
    expect(turns).toBe(2);
    expect(perf.figures.aiRequests).toBeGreaterThanOrEqual(2);
    expect(perf.figures.aiAnswers).toBe(perf.figures.aiRequests);
    await expect(page.getByText(/The AI (found no legal action|chose an action the engine rejected)/)).toHaveCount(0);
    // the AI thinks in a Web Worker: the page started one, and the AI's own long tasks blocked the main
    // thread for under half of its think time (a search on the main thread blocks it for nearly all of it)
    expect(workers.length).toBeGreaterThan(0);
    expect(perf.figures.aiBlockedShare).toBeLessThan(0.5);
  });
});
