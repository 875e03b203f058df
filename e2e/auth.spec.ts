import { test, expect, newAccount } from "./fixtures";

test.describe("accounts", () => {
  test("sign up, sign out, sign in", async ({ page, auth }) => {
    const account = newAccount();
    await auth.signUp(account);
    await auth.signOut();
    await auth.signIn(account);
    await expect(page.getByTestId("current-user")).toContainText(account.displayName);
  });

  test("after a page change focus is on the new page's heading, and the page is announced (keyboard only)", async ({ page, auth }) => {
    const account = newAccount();
    await page.goto("/signup");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Display name").fill(account.displayName);
    await page.getByLabel("Password").fill(account.password);
    await page.getByLabel("Password").press("Enter");
    // the sign-up's landing (a client navigation): focus on its heading, not on <body>
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeFocused();
    await auth.fillSignIn(account);
    await expect(page).toHaveURL(/\/welcome$/);
    const welcome = page.getByRole("heading", { level: 1, name: /^Welcome/ });
    await expect(welcome).toBeFocused();
    await expect(page.getByTestId("route-announcer")).toHaveText(/page loaded$/);
    // the next Tab goes on inside the page, not back to the header
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
    // a header link followed with Enter lands on that page's heading too
    await page.getByRole("banner").getByRole("link", { name: "Decks", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/decks$/);
    await expect(page.locator("main h1")).toBeFocused();
  });

  test("a wrong password gets a clear message and no session", async ({ page, auth }) => {
    const account = newAccount();
    await auth.signUp(account);
    await auth.signOut();
    await auth.signIn({ email: account.email, password: "not the password" });
    await expect(page.locator("form").getByRole("alert")).toHaveText("Email or password is incorrect.");
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await expect(page.getByTestId("current-user")).toHaveCount(0);
    // an unknown email gets the very same message
    await auth.signIn({ email: "nobody-here@ringbinder.test", password: "whatever password" });
    await expect(page.locator("form").getByRole("alert")).toHaveText("Email or password is incorrect.");
  });

  test("sign-up shows field-level errors and creates nothing", async ({ page, auth }) => {
    await page.goto("/signup");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Display name").fill("x");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByText("Display name needs at least 2 characters")).toBeVisible();
    await expect(page.getByText("Password needs at least 10 characters")).toBeVisible();
    await expect(page.getByTestId("current-user")).toHaveCount(0);
    // what was typed stays, to be corrected rather than typed again
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
    await expect(page.getByLabel("Display name")).toHaveValue("x");

    // the same email cannot be registered twice
    const account = newAccount();
    await auth.signUp(account);
    await auth.signOut();
    await page.goto("/signup");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Display name").fill("Someone else");
    await page.getByLabel("Password").fill("another long password");
    await page.getByRole("button", { name: "Create account" }).click();
    // a taken email is not told apart from a new one: the same landing and notice, and no session
    await expect(page).toHaveURL(/\/signin\?signup=1&callbackUrl=%2Fwelcome$/);
    await expect(page.getByTestId("signup-notice")).toContainText("Check your email");
    await expect(page.getByText("already exists")).toHaveCount(0);
    await expect(page.getByTestId("current-user")).toHaveCount(0);
    // the new account's next step is there: signing in lands on its welcome page
    const fresh = newAccount();
    await page.goto("/signup");
    await page.getByLabel("Email").fill(fresh.email);
    await page.getByLabel("Display name").fill(fresh.displayName);
    await page.getByLabel("Password").fill(fresh.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/signin\?signup=1&callbackUrl=%2Fwelcome$/);
    await auth.fillSignIn(fresh);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByTestId("current-user")).toContainText(fresh.displayName);
  });

  test("wrong passwords make that account wait from this address, growing (HTTP 429 + Retry-After), and only that account", async ({ page, auth }) => {
    const victim = newAccount("victim");
    const other = newAccount("other");
    await auth.signUp(other);
    await auth.signOut();
    await auth.signUp(victim);
    await auth.signOut();
    // four wrong guesses straight at Auth.js's credentials endpoint, one through the form: the 5 free failures
    for (let i = 0; i < 4; i++) {
      const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
      const res = await page.request.post("/api/auth/callback/credentials", { form: { email: victim.email, password: `wrong guess ${i}`, csrfToken }, maxRedirects: 0 });
      expect(res.status()).toBe(302);
    }
    await auth.signIn({ email: victim.email, password: "wrong guess 4" });
    await expect(page.locator("form").getByRole("alert")).toHaveText("Email or password is incorrect.");
    // from the 6th on each failure makes the next try wait longer (1 s, 2 s, 4 s …): a burst meets the wait
    const statuses: number[] = [];
    let limited: { retryAfter: number; code: string } | null = null;
    for (let i = 5; i < 14 && !limited; i++) {
      const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
      const res = await page.request.post("/api/auth/callback/credentials", { form: { email: victim.email, password: `wrong guess ${i}`, csrfToken }, maxRedirects: 0 });
      statuses.push(res.status());
      if (res.status() === 429) limited = { retryAfter: Number(res.headers()["retry-after"]), code: (await res.json()).error.code };
    }
    expect(limited, `statuses: ${statuses.join(", ")}`).toMatchObject({ code: "rate/limited" });
    expect(limited!.retryAfter).toBeGreaterThanOrEqual(1);
    // another account from the same address signs in as usual
    await auth.signIn(other);
    await expect(page.getByTestId("current-user")).toContainText(other.displayName);
  });
});
