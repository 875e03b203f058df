import { expect, newAccount, test } from "./fixtures";

const RUN = "/lab?you=starter:chaotix-mix&vs=starter:eggman-empire&vs=starter:team-sonic-speed&a=random&b=random&width=0.1&max=500&run=1&seed=5";

test.describe("matchup lab", () => {
  test("runs a small gauntlet to completion in workers, charts it, and its link reproduces the numbers", async ({ page }, testInfo) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: [number, number][] };
      w.__longTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
        }).observe({ type: "longtask", buffered: true });
      } catch {
        /* longtask not supported */
      }
    });
    await page.goto(RUN);
    const status = page.getByTestId("lab-status");
    await expect(status).toContainText(/Running on \d+ workers?|Finished/);
    // progress moves while it runs
    const bar = page.getByRole("progressbar", { name: "Games played" });
    await expect(status).toContainText("Finished", { timeout: 60_000 });
    const started = await page.evaluate(() => performance.getEntriesByType("navigation")[0]?.duration ?? 0);
    await expect(bar).toHaveAttribute("aria-valuenow", (await bar.getAttribute("aria-valuemax")) as string);
    const panels = page.getByTestId("lab-matchup");
    await expect(panels).toHaveCount(2);
    for (const panel of await panels.all()) {
      await expect(panel.getByTestId("lab-win-rate")).toHaveText(/\d+\.\d%/);
      await expect(panel.getByTestId("estimate-chart").locator("polyline")).toHaveCount(1);
      await expect(panel).toContainText(/stopped: (precise enough|game limit)/);
    }
    const rates = await page.getByTestId("lab-win-rate").allTextContents();
    const played = await bar.getAttribute("aria-valuenow");
    await page.screenshot({ path: testInfo.outputPath("lab-finished.png"), fullPage: true });
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks);
    const afterLoad = tasks.filter(([t]) => t > started);
    testInfo.annotations.push({
      type: "figures",
      description: JSON.stringify({ games: Number(played), longTasksAfterLoad: afterLoad.length, longestAfterLoadMs: Math.round(Math.max(0, ...afterLoad.map(([, d]) => d))) }),
    });

    // the shared link names the decks, seed and game counts: the same numbers again
    const link = page.getByTestId("lab-share-link");
    const href = await link.getAttribute("href");
    expect(href).toMatch(/seed=5/);
    expect(href).toMatch(/[?&]n=\d+,\d+/);
    await link.click();
    await expect(page.getByTestId("lab-status")).toContainText("Finished", { timeout: 60_000 });
    expect(await page.getByTestId("lab-win-rate").allTextContents()).toEqual(rates);
    await expect(page.getByRole("progressbar", { name: "Games played" })).toHaveAttribute("aria-valuenow", played!);
  });

  test("the setup form explains what is missing, and deck pages link to the lab", async ({ page }) => {
    await page.goto("/lab?run=1");
    await expect(page.locator("#lab-errors")).toContainText("Pick your deck.");
    await expect(page.locator("#lab-errors")).toContainText("Pick at least one opponent.");
    await page.getByLabel("Your deck").selectOption("starter:team-sonic-speed");
    await page.getByRole("checkbox", { name: "Eggman Empire (starter)", exact: true }).check();
    await page.getByLabel("Stop at precision").selectOption("0.1");
    await page.getByLabel("or after").selectOption("500");
    await page.getByRole("button", { name: "Run the lab" }).click();
    await expect(page.getByTestId("lab-status")).toBeVisible();
    await page.goto("/decks/starter/chaotix-mix");
    await page.getByTestId("test-deck-link").click();
    await expect(page).toHaveURL(/\/lab\?you=starter%3Achaotix-mix|\/lab\?you=starter:chaotix-mix/);
    await expect(page.getByLabel("Your deck")).toHaveValue("starter:chaotix-mix");
  });

  test("the sample hand deals seven cards and draws five more a turn", async ({ page }) => {
    await page.goto("/decks/starter/eggman-empire");
    // the panel loads (with the engine) when it nears the screen: components/decks/lazy-sample-hand.tsx
    await page.getByRole("heading", { name: "Sample hand" }).scrollIntoViewIfNeeded();
    const hand = page.getByTestId("sample-hand");
    await expect(hand.locator("ul").first().locator("li")).toHaveCount(7);
    await hand.getByRole("button", { name: "Draw next turn" }).click();
    await expect(hand.locator("ul").nth(1).locator("li")).toHaveCount(5);
    await expect(hand).toContainText("Drawn after turn 1");
  });

  test("answers Stop while its workers run, and resumes where it stopped", async ({ page }) => {
    // a long run (precision 2%, up to 50,000 games) of short chunks (Racer AI): far from done when Stop is clicked
    await page.goto("/lab?you=starter:chaotix-mix&vs=starter:eggman-empire&a=heuristic&b=heuristic&width=0.02&max=50000&run=1&seed=9");
    const status = page.getByTestId("lab-status");
    const bar = page.getByRole("progressbar", { name: "Games played" });
    const played = async () => Number(await bar.getAttribute("aria-valuenow"));
    await expect(status).toContainText(/Running on \d+ workers?/);
    await expect.poll(played, { timeout: 60_000 }).toBeGreaterThan(0);
    // the main thread handles the click while the workers play
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(status).toContainText("Paused");
    // (that the chunks already running when Stop was clicked are counted and then the count holds is
    // components/lab/lab-runner.test.tsx's, with workers it answers one by one)
    const paused = await played();
    await page.getByRole("button", { name: "Resume" }).click();
    await expect.poll(played, { timeout: 60_000 }).toBeGreaterThan(paused);
  });

  test("completing a deck from my collection ranks owned stand-ins by simulated games", async ({ page, auth }, testInfo) => {
    await auth.signUp(newAccount("complete"));
    await page.goto("/collection/import");
    await page.getByLabel(/Collection file/).setInputFiles({
      name: "mine.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("set,number,title,quantity\nDEMO,1,,2\nDEMO,2,,2\nDEMO,4,,2\nDEMO,5,,2\nDEMO,48,,3\n"),
    });
    await page.getByRole("button", { name: "Check (dry run)" }).click();
    await page.getByRole("button", { name: "Apply: add to my collection" }).click();
    await expect(page.getByText("Imported 5 cards (added to your collection).")).toBeVisible();

    await page.goto("/lab/complete?deck=starter:chaotix-mix");
    await expect(page.getByText("you own 3 of its 32 cards")).toBeVisible();
    const list = page.getByTestId("completion-list");
    // the complete line (3 of DEMO-048 owned) is not listed; the others offer the four owned cards
    await expect(list).not.toContainText("DEMO-048");
    await expect(list.getByTestId("stand-in").first()).toBeVisible();
    await expect(list.getByTestId("stand-in-gain")).toHaveCount(0);
    await page.getByRole("button", { name: "Rank by simulated games" }).click();
    await expect(page.getByRole("progressbar", { name: "Stand-in games played" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Ranked by" })).toBeVisible({ timeout: 60_000 });
    const gains = list.getByTestId("stand-in-gain");
    expect(await gains.count()).toBeGreaterThan(0);
    await expect(gains.first()).toHaveText(/^[+−]\d+\.\d points \(95% [+−]\d+\.\d to [+−]\d+\.\d, \d+ games\)$/);
    // within a line, measured stand-ins come best first
    for (const line of await list.locator(":scope > li").all()) {
      const figures = (await line.getByTestId("stand-in-gain").allTextContents()).map((t) => Number(t.split(" ")[0].replace("−", "-")));
      expect(figures).toEqual([...figures].sort((a, b) => b - a));
    }
    await page.screenshot({ path: testInfo.outputPath("completion-ranked.png"), fullPage: true });
  });
});
