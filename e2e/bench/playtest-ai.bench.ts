import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { GAME, placeWithMouse, waitForHumanOrEnd } from "../playtest-helpers";

/**
 * npm run bench:playtest: main-thread figures of the solo board while the AI
 * thinks (long tasks, the share of its think time the page was blocked, AI
 * round trips), printed, never asserted. The AI thinks in a Web Worker; a
 * search on the main thread would block it for nearly all of its think time.
 * Runs in Chromium against a production server like the e2e suite
 * (E2E_BENCH=1 selects the *.bench.ts files).
 */

/** Records long tasks and slow input events from the page's start (Long Tasks and Event Timing APIs). */
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

/** Plays until `done` says stop: Fill empty slots and confirm, the first legal flip, the first option of a prompt, Continue. */
async function play(page: Page, done: (turns: number) => Promise<boolean>) {
  let turns = 0;
  for (let guard = 0; guard < 600 && !(await done(turns)); guard++) {
    await waitForHumanOrEnd(page);
    if (await page.getByTestId("game-over").count()) break;
    if (await page.getByTestId("turn-end").count()) {
      await page.getByTestId("turn-end").getByRole("button", { name: /Continue/ }).click();
      if ((await page.getByTestId("turn-end").count()) === 0) turns++;
    } else if (await page.getByTestId("correction").count()) await page.getByTestId("correction-done").click();
    else if (await page.getByTestId("decision").count()) await page.getByTestId("decision").getByRole("button").first().click();
    else if (await page.getByTestId("confirm-placement").count()) {
      await placeWithMouse(page);
      await page.getByTestId("confirm-placement").click();
    } else await page.getByRole("button", { name: /you may flip here/ }).first().click();
  }
  return turns;
}

test.describe("playtest main-thread figures", () => {
  test.describe.configure({ timeout: 600_000 });

  test("random AI, a whole game", async ({ page }, testInfo) => {
    await observeLongTasks(page);
    await page.goto(`${GAME}&seed=42`);
    await play(page, async () => (await page.getByTestId("game-over").count()) > 0);
    await expect(page.getByTestId("game-over")).toBeVisible();
    const perf = await perfFigures(page);
    console.log(`bench:playtest random AI, whole game: ${JSON.stringify(perf.figures)}`);
    await testInfo.attach("long-tasks-random.json", { body: JSON.stringify(perf, null, 2), contentType: "application/json" });
  });

  test("search AI, two turns", async ({ page }, testInfo) => {
    await observeLongTasks(page);
    await page.goto(GAME.replace("level=random", "level=search") + "&seed=8");
    const turns = await play(page, async (t) => t >= 2);
    const perf = await perfFigures(page);
    console.log(`bench:playtest search AI, ${turns} turns: ${JSON.stringify(perf.figures)}`);
    await testInfo.attach("long-tasks-search.json", { body: JSON.stringify(perf, null, 2), contentType: "application/json" });
    expect(perf.figures.aiAnswers).toBe(perf.figures.aiRequests);
  });
});
