import type { Browser, Page } from "@playwright/test";
import { AuthPages, expect, newAccount, test } from "./fixtures";
import { secondInstancePort, startNext } from "./server";

/**
 * A game between two people on two production instances of one build
 * (PostgreSQL and Redis shared, project "postgres"): the host plays on the
 * worker's server A, the guest on a second instance B. B is killed with
 * kill -9 right after it acknowledged the guest's action; the guest comes
 * back through A (as a load balancer would send the reconnection), finds the
 * game where it was left, and the game goes on. Nothing the server
 * acknowledged is lost: the log is in the database, not in B's memory.
 */

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  return context.newPage();
}

async function turnOf(page: Page): Promise<number> {
  const t = await page.getByText(/^Turn \d+$/).first().textContent();
  return Number(t?.replace("Turn ", "") ?? 0);
}

async function place(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Fill empty slots" }).click();
  await page.getByTestId("confirm-placement").click();
  // hidden once the server acknowledged the placement
  await expect(page.getByTestId("confirm-placement")).toBeHidden();
}

/** What either player can do now: the first legal flip, a decision's first option or a placement, by whoever may. */
async function step(host: Page, guest: Page): Promise<void> {
  const click = { timeout: 10_000 };
  await expect
    .poll(
      async () => {
        for (const p of [host, guest]) {
          if (await p.getByTestId("game-over").isVisible()) return "over";
          if (await p.getByTestId("confirm-placement").isVisible()) return "place";
          if (await p.getByTestId("decision").isVisible()) return "decide";
          if ((await p.getByRole("button", { name: /you may flip here/ }).count()) > 0) return "flip";
        }
        return null;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  for (const p of [host, guest]) {
    try {
      if (await p.getByTestId("confirm-placement").isVisible()) return await place(p);
      if (await p.getByTestId("decision").isVisible()) return await p.getByTestId("decision").getByRole("button").first().click(click);
      if ((await p.getByRole("button", { name: /you may flip here/ }).count()) > 0) return await p.getByRole("button", { name: /you may flip here/ }).first().click(click);
    } catch (e) {
      // the view changed under the click (the other player acted): the caller looks again
      if (!(e instanceof Error) || !/Timeout|detached/.test(e.message)) throw e;
    }
  }
}

test.describe("a game on two instances, one of them killed", () => {
  test.skip(!process.env.TEST_POSTGRES_URL, "needs PostgreSQL: set TEST_POSTGRES_URL to run the two-instance tests");
  let B = "";
  let second: Awaited<ReturnType<typeof startNext>> | null = null;

  test.beforeAll(async ({ server, database }, workerInfo) => {
    test.skip(database !== "postgres", "runs in the postgres project");
    second = await startNext(server.env, secondInstancePort(workerInfo.parallelIndex));
    B = second.url;
  });

  test.afterAll(async () => {
    await second?.stop();
  });

  test("kill -9 of the guest's instance right after it acknowledged a move: the guest returns through the other, nothing is lost, the game goes on", async ({ browser, server }) => {
    test.setTimeout(300_000);
    const A = server.url;
    const host = await freshPage(browser);
    await new AuthPages(host).signUp(newAccount("inst-host"));
    await host.goto(`${A}/play`);
    await host.getByRole("button", { name: "Create game" }).click();
    await expect(host).toHaveURL(/\/play\/g\/[A-Za-z0-9_-]+$/);
    const path = new URL(host.url()).pathname;
    const invite = new URL(await host.getByTestId("invite-link").inputValue()).pathname;

    // the guest signs up and sits down through instance B: its stream and its actions go there
    const guest = await freshPage(browser);
    await new AuthPages(guest).signUp(newAccount("inst-guest"));
    await guest.goto(`${B}${invite}`);
    await guest.getByTestId("join-game").click();
    await expect(guest).toHaveURL(`${B}${path}`);
    await expect(guest.getByTestId("connection")).toContainText("Connected");
    // the host's stream on A hears of the join through Redis
    await expect(host.getByTestId("instruction")).toContainText("Play step");
    await expect(guest.getByTestId("instruction")).toContainText("Play step");

    // the host places through A, the guest through B: B appends both placements and acknowledges
    await place(host);
    await expect(host.getByTestId("instruction")).toContainText("Your cards are placed");
    await place(guest);
    await second!.kill();
    second = null;
    await expect(guest.getByTestId("connection")).toContainText("Reconnecting");

    // both placements are in the log: the host's view, on A, went past the play step
    await expect(host.getByTestId("instruction")).not.toContainText(/Play step|Your cards are placed/);
    // the guest comes back through A, to the same seat and the same view (its placement not to be made again)
    await guest.goto(`${A}${path}`);
    await expect(guest.getByTestId("connection")).toContainText("Connected");
    await expect(guest.getByTestId("instruction")).not.toContainText(/Play step|Your cards are placed/);
    await expect(guest.getByTestId("confirm-placement")).toHaveCount(0);
    expect(await turnOf(guest)).toBe(await turnOf(host));

    // and the game goes on from there, on A, to the next turn
    const turn = await turnOf(host);
    for (let n = 0; n < 200 && (await turnOf(host)) <= turn && !(await host.getByTestId("game-over").isVisible()); n++) await step(host, guest);
    expect((await turnOf(host)) > turn || (await host.getByTestId("game-over").isVisible())).toBe(true);
    expect(await turnOf(guest)).toBe(await turnOf(host));
  });
});
