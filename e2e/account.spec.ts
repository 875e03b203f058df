import { test, expect, newAccount } from "./fixtures";

test.describe("account and sessions", () => {
  test("sign-out revokes the token on the server: a copy of the cookie no longer works", async ({ page, auth, browser }) => {
    const account = newAccount("revoke");
    await auth.signUp(account);
    const stolen = await page.context().cookies();
    await auth.signOut();
    // another browser holding the old cookie is a guest
    const other = await browser.newContext();
    await other.addCookies(stolen);
    const otherPage = await other.newPage();
    await otherPage.goto("/account");
    await expect(otherPage).toHaveURL(/\/signin\?callbackUrl=%2Faccount/);
    await expect(otherPage.getByTestId("current-user")).toHaveCount(0);
    await other.close();
  });

  test("sign out everywhere ends every session; a password change ends the others and keeps this one", async ({ page, auth, browser }) => {
    const account = newAccount("sessions");
    await auth.signUp(account);
    const phone = await browser.newContext();
    const phonePage = await phone.newPage();
    const phoneAuth = new (auth.constructor as new (p: typeof phonePage) => typeof auth)(phonePage);
    await phoneAuth.signIn(account);
    await expect(phonePage.getByTestId("current-user")).toContainText(account.displayName);

    // change the password on the laptop
    await page.getByTestId("current-user").click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId("account-email")).toHaveText(account.email);
    await page.screenshot({ path: ".tmp/shots/account.png", fullPage: true });
    await page.getByLabel("Current password").fill("not the password");
    await page.getByLabel("New password", { exact: true }).fill("blue-ring-spin-dash-42");
    await page.getByLabel("Repeat the new password").fill("blue-ring-spin-dash-42");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your current password is not right.").first()).toBeVisible();
    await page.getByLabel("Current password").fill(account.password);
    await page.getByLabel("New password", { exact: true }).fill("password12");
    await page.getByLabel("Repeat the new password").fill("password12");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(/too easy to guess/).first()).toBeVisible();
    await page.getByLabel("Current password").fill(account.password);
    await page.getByLabel("New password", { exact: true }).fill("blue-ring-spin-dash-42");
    await page.getByLabel("Repeat the new password").fill("blue-ring-spin-dash-42");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password was changed. Every other session has ended.")).toBeVisible();
    await expect(page.getByTestId("current-user")).toContainText(account.displayName);

    // the phone's session has ended
    await phonePage.goto("/collection");
    await expect(phonePage).toHaveURL(/\/signin/);
    // the phone signs in with the new password, then the laptop signs out everywhere
    await phoneAuth.signIn({ email: account.email, password: "blue-ring-spin-dash-42" });
    await expect(phonePage.getByTestId("current-user")).toContainText(account.displayName);
    await page.goto("/account");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page.getByText("Every session of your account has ended, on every device.")).toBeVisible();
    await expect(page.getByTestId("current-user")).toHaveCount(0);
    await phonePage.goto("/decks");
    await expect(phonePage).toHaveURL(/\/signin/);
    await phone.close();
  });
});
