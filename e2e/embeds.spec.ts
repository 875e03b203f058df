import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, newAccount, test } from "./fixtures";

/**
 * Embeds, seen from another site: a page on another origin (its own port)
 * frames /embed/d/<slug> and gets its height by postMessage, and a static page
 * loading /tooltip.js gets hover and focus cards for [[Card title]].
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
