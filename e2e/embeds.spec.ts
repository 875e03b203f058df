import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "@playwright/test";
import { AuthPages, expect, newAccount, test } from "./fixtures";

/**
 * Embeds, seen from another site: a page on another origin (its own port)
 * frames /embed/d/<slug> and /embed/r/<code> and gets their heights by
 * postMessage, and a static page loading /tooltip.js gets hover and focus
 * cards for [[Card title]]. A replay's preview and widget follow who may see it.
 */

/** A static page on another origin (the same host on another, free port) serving `html` at "/". */
async function otherSite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

async function publishStarter(page: Page, name: string): Promise<string> {
  await page.goto("/decks");
  await page.getByRole("listitem").filter({ hasText: "Eggman Empire" }).getByRole("button", { name: "Start from this deck" }).click();
  await expect(page).toHaveURL(/\/decks\/[^/]+$/);
  await page.getByLabel("Deck name").fill(name);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("save-message")).toContainText("Saved as version 2");
  await page.getByLabel("Public: listed in public decks").click();
  await expect(page.getByText("The deck is now public.")).toBeVisible();
  await page.goto(`/decks/public?name=${encodeURIComponent(name)}`);
  const href = await page.getByRole("link", { name, exact: true }).getAttribute("href");
  return href!.replace(/^\/d\//, "");
}

test("a deck widget loads in another site's iframe and posts its height; only /embed may be framed", async ({ page, auth, server, request }) => {
  await auth.signUp(newAccount("embed"));
  const slug = await publishStarter(page, "Embedded Empire");
  const app = server.url;

  const embed = await request.get(`${app}/embed/d/${slug}`);
  expect(embed.status()).toBe(200);
  expect(embed.headers()["content-security-policy"]).toContain("frame-ancestors *");
  expect(embed.headers()["x-frame-options"]).toBeUndefined();
  const deckPage = await request.get(`${app}/d/${slug}`);
  expect(deckPage.headers()["x-frame-options"]).toBe("DENY");
  expect(deckPage.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  const og = await request.get(`${app}/d/${slug}/opengraph-image`);
  expect(og.status()).toBe(200);
  expect(og.headers()["content-type"]).toBe("image/png");

  const site = await otherSite(`<!doctype html><html><head><title>Fan site</title></head><body>
    <h1>My favourite deck</h1>
    <iframe id="rb" src="${app}/embed/d/${slug}" title="Ringbinder deck" style="width:100%;border:0" height="150"></iframe>
    <script>
      window.heights = [];
      window.addEventListener("message", function (e) {
        if (e.origin !== ${JSON.stringify(new URL(app).origin)} || !e.data || e.data.type !== "ringbinder:embed-height") return;
        window.heights.push(e.data.height);
        document.getElementById("rb").style.height = e.data.height + "px";
      });
    </script></body></html>`);
  try {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(site.url);
      const frame = page.frameLocator("#rb");
      await expect(frame.getByRole("heading", { name: "Embedded Empire" })).toBeVisible();
      await expect.poll(() => page.evaluate(() => (window as unknown as { heights: number[] }).heights.length)).toBeGreaterThan(0);
      const posted = await page.evaluate(() => (window as unknown as { heights: number[] }).heights.at(-1)!);
      expect(posted).toBeGreaterThan(150);
      await expect.poll(async () => Math.round((await page.locator("#rb").boundingBox())!.height)).toBe(posted);
      await page.screenshot({ path: `test-results/embed-${width}.png`, fullPage: true });
    }
  } finally {
    site.server.close();
  }
});

test("the tooltip script turns [[Card title]] on a static page of another site into hover and focus cards", async ({ page, server }) => {
  const app = server.url;
  const site = await otherSite(`<!doctype html><html><head><title>Fan blog</title><script src="${app}/tooltip.js" defer></script></head>
    <body><p>Open with [[Sonic the Hedgehog|DEMO-001]] and keep [[Tails]] close.</p><pre>[[Tails]]</pre></body></html>`);
  try {
    await page.goto(site.url);
    const sonic = page.getByRole("link", { name: "Sonic the Hedgehog" });
    await expect(sonic).toHaveAttribute("href", `${new URL(app).origin}/cards/DEMO/1`);
    await expect(page.locator("pre")).toHaveText("[[Tails]]");
    await page.keyboard.press("Tab");
    await expect(sonic).toBeFocused();
    const tip = page.getByRole("tooltip");
    await expect(tip).toContainText("rings");
    await expect(tip).toContainText("DEMO-001");
    await page.keyboard.press("Escape");
    await expect(tip).toBeHidden();
    await page.getByRole("link", { name: "Tails" }).hover();
    await expect(page.getByRole("tooltip")).toContainText("Tails");
    await page.screenshot({ path: "test-results/tooltip.png" });
  } finally {
    site.server.close();
  }
});

/** A page in its own browser context (its own cookies), as another person's device would be. */
async function freshPage(browser: Browser, width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** A game between `host` and `guest` (lobby or invite), conceded by the host after the first placements: its replay's path. */
async function finishedGame(host: Page, guest: Page, listing: "open" | "invite"): Promise<string> {
  await host.goto("/play");
  await host.locator('select[name="listing"]').selectOption(listing);
  await host.getByRole("button", { name: "Create game" }).click();
  await expect(host).toHaveURL(/\/play\/g\/[A-Za-z0-9_-]+$/);
  await guest.goto(listing === "open" ? host.url() : await host.getByTestId("invite-link").inputValue());
  await guest.getByTestId("join-game").click();
  await expect(host.getByTestId("instruction")).toContainText("Play step");
  for (const p of [host, guest]) {
    await p.getByRole("button", { name: "Fill empty slots" }).click();
    await p.getByTestId("confirm-placement").click();
    await expect(p.getByTestId("confirm-placement")).toBeHidden();
  }
  host.once("dialog", (d) => void d.accept());
  await host.getByRole("button", { name: "Concede" }).click();
  const link = guest.getByTestId("replay-link");
  await expect(link).toBeVisible();
  return (await link.getAttribute("href"))!;
}

test("a lobby game's replay has a preview and a widget another site frames (seek, height messages); an invite game's are not found for others", async ({ browser, server, request }) => {
  test.setTimeout(300_000);
  const app = server.url;
  const host = await freshPage(browser);
  await new AuthPages(host).signUp(newAccount("rehost"));
  const guest = await freshPage(browser);
  await new AuthPages(guest).signUp(newAccount("reguest"));
  const open = await finishedGame(host, guest, "open");
  const invite = await finishedGame(host, guest, "invite");
  const openCode = open.replace(/^\/r\//, "");
  const inviteCode = invite.replace(/^\/r\//, "");

  // previews: a lobby game's for anyone (and its page asks for a large Twitter/X card); an invite game's for its players only
  const og = await request.get(`${app}${open}/opengraph-image`);
  expect(og.status()).toBe(200);
  expect(og.headers()["content-type"]).toBe("image/png");
  expect(og.headers()["cache-control"]).toContain("public");
  const html = await (await request.get(`${app}${open}`)).text();
  expect(html).toContain('name="twitter:card" content="summary_large_image"');
  expect(html).toMatch(/property="og:image" content="[^"]*\/r\/[A-Za-z0-9_-]+\/opengraph-image/);
  for (const path of [`${invite}/opengraph-image`, `/embed/r/${inviteCode}`, invite]) expect((await request.get(`${app}${path}`)).status()).toBe(404);
  const mine = await host.request.get(`${app}${invite}/opengraph-image`);
  expect(mine.status()).toBe(200);
  expect(mine.headers()["cache-control"]).toBe("private, no-store");
  // a player's widget of an invite game is not found either: widgets are read as a guest
  expect((await host.request.get(`${app}/embed/r/${inviteCode}`)).status()).toBe(404);

  const embed = await request.get(`${app}/embed/r/${openCode}`);
  expect(embed.status()).toBe(200);
  expect(embed.headers()["content-security-policy"]).toContain("frame-ancestors *");
  expect(embed.headers()["x-frame-options"]).toBeUndefined();
  expect((await request.get(`${app}${open}`)).headers()["x-frame-options"]).toBe("DENY");

  // the replay page's Embed link gives the iframe code; an invite game's page has none
  await host.goto(open);
  await host.getByText("Embed", { exact: true }).click();
  const snippet = await host.getByLabel("Iframe code for your site").inputValue();
  expect(snippet).toContain(`src="${new URL(app).origin}/embed/r/${openCode}"`);
  await host.goto(invite);
  await expect(host.getByTestId("replay-position")).toBeVisible();
  await expect(host.getByTestId("embed-code")).toHaveCount(0);

  const site = await otherSite(`<!doctype html><html><head><title>Fan site</title></head><body>
    <h1>Last night's game</h1>
    ${snippet}
    <script>
      window.heights = [];
      window.addEventListener("message", function (e) {
        if (e.origin === ${JSON.stringify(new URL(app).origin)} && e.data && e.data.id === "replay:${openCode}") window.heights.push(e.data.height);
      });
    </script></body></html>`);
  try {
    const page = await freshPage(browser);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(site.url);
      const frame = page.frameLocator("#ringbinder-replay");
      await expect(frame.getByRole("heading", { name: / vs / })).toBeVisible();
      const position = frame.getByTestId("embed-replay-position");
      const total = Number(/of (\d+)/.exec((await position.textContent())!)![1]);
      await expect(frame.getByTestId("embed-replay-result")).toContainText("won");
      await frame.getByRole("button", { name: "Start" }).click();
      await expect(position).toHaveText(`Step 0 of ${total}`);
      await expect(frame.getByTestId("embed-replay-step")).toContainText("The deal");
      await frame.getByRole("button", { name: "Next step" }).click();
      await expect(position).toHaveText(`Step 1 of ${total}`);
      await frame.getByRole("button", { name: "Next turn" }).click();
      await expect(position).not.toHaveText(`Step 1 of ${total}`);
      await frame.getByRole("button", { name: "Previous step" }).focus();
      await page.keyboard.press("End");
      await expect(position).toHaveText(`Step ${total} of ${total}`);
      await expect.poll(() => page.evaluate(() => (window as unknown as { heights: number[] }).heights.length)).toBeGreaterThan(0);
      const posted = await page.evaluate(() => (window as unknown as { heights: number[] }).heights.at(-1)!);
      expect(posted).toBeGreaterThan(200);
      await expect.poll(async () => Math.round((await page.locator("#ringbinder-replay").boundingBox())!.height)).toBe(posted);
      await page.screenshot({ path: `test-results/embed-replay-${width}.png`, fullPage: true });
      await page.emulateMedia({ colorScheme: "dark" });
      await page.screenshot({ path: `test-results/embed-replay-${width}-dark.png`, fullPage: true });
      await page.emulateMedia({ colorScheme: "light" });
    }
  } finally {
    site.server.close();
  }
});
