import { test, expect, newAccount, signInAdmin } from "./fixtures";
import { ACTION_BODY_LIMIT } from "@/lib/server/action-body";

/** Hostile or oversized input gets a 4xx or a page with a message, never a 500. */
test.describe("bad input", () => {
  test("URLs and requests a probe would send", async ({ page, auth, baseURL }) => {
    const ACTION = "0123456789abcdef0123456789abcdef01234567";
    const actionPost = async (data: string, type = "text/plain;charset=UTF-8") =>
      (await page.request.post("/signin", { headers: { "next-action": ACTION, origin: baseURL!, "content-type": type }, data })).status();
    const guestCases: { name: string; run: () => Promise<number>; expected: number }[] = [
      { name: "a page number beyond any integer", run: async () => (await page.goto("/cards?page=153722867280912931"))!.status(), expected: 200 },
      { name: "a negative page size and junk sort", run: async () => (await page.goto("/cards?page=-4&sort=%00&dir=sideways"))!.status(), expected: 200 },
      {
        name: "a server action posted from another site",
        run: async () =>
          (
            await page.request.post("/cards", {
              headers: { "next-action": "0123456789abcdef0123456789abcdef01234567", origin: "https://evil.example", "content-type": "text/plain;charset=UTF-8" },
              data: "[]",
            })
          ).status(),
        expected: 403,
      },
      // a bad percent-escape in a path: Next.js alone answers these with a 500
      { name: "a bad escape in a card path", run: async () => (await page.request.get("/cards/%ff/1")).status(), expected: 400 },
      { name: "a bad escape in a share code", run: async () => (await page.request.get("/d/code/%ff%fe")).status(), expected: 400 },
      { name: "a bad escape in an API path", run: async () => (await page.request.get("/api/cards/%ff")).status(), expected: 400 },
      // server action bodies Next.js cannot decode
      { name: "a malformed action body", run: () => actionPost('[{"a":'), expected: 400 },
      { name: "a deeply nested action body", run: () => actionPost("[".repeat(50_000) + "]".repeat(50_000)), expected: 400 },
      { name: "an action body over the size limit", run: () => actionPost("a".repeat(ACTION_BODY_LIMIT + 1024 * 1024)), expected: 413 },
      { name: "a malformed multipart action body", run: () => actionPost("garbage", "multipart/form-data; boundary=xyz"), expected: 400 },
      {
        name: "a form posted without JavaScript from another site",
        run: async () =>
          (await page.request.post("/signin", { headers: { origin: "https://evil.example" }, multipart: { "$ACTION_ID_0123456789abcdef0123456789abcdef01234567": "", email: "a@b.c" } })).status(),
        expected: 403,
      },
      {
        name: "an action whose X-Forwarded-Host names another site (TRUST_PROXY unset)",
        run: async () => (await page.request.post("/cards", { headers: { "next-action": ACTION, origin: "https://evil.example", "x-forwarded-host": "evil.example", "content-type": "text/plain;charset=UTF-8" }, data: "[]" })).status(),
        expected: 403,
      },
    ];
    for (const c of guestCases) expect(await c.run(), c.name).toBe(c.expected);
    await expect(page.getByRole("heading", { name: "Cards", exact: true })).toBeVisible();

    // a replay link far over any header limit: the game rides in the fragment, which never leaves the browser
    const res = await page.goto(`/playtest/replay#r=${"A".repeat(40_000)}`);
    expect(res!.status()).toBe(200);
    await expect(page.getByTestId("replay-error")).toBeVisible();

    // a signed-in user's lists bound their page numbers too
    await auth.signUp(newAccount("bad-input"));
    expect((await page.goto("/collection?page=99999999999999999999999"))!.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "My collection" })).toBeVisible();
  });

  test("an admin's audit log page number and an oversized catalog upload get messages", async ({ page, auth }) => {
    await signInAdmin(page, auth);
    expect((await page.goto("/admin/audit?page=1e300"))!.status()).toBe(200);
    await page.goto("/admin/import");
    await page.getByLabel(/Catalog file/).setInputFiles({ name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(7 * 1024 * 1024, "a") });
    await expect(page.getByText(/This file is 7\.0 MB; the limit is 5 MB/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Dry run" })).toBeDisabled();
  });
});
