import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { test, expect, newAccount } from "./fixtures";
import { MAIL_DIR } from "./server";


/** The newest mail the app wrote for this address (the e2e servers' mailer writes files), once it is there. */
async function lastMailTo(email: string): Promise<string> {
  const newest = () => {
    const files = existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR).filter((f) => f.endsWith(`${email}.txt`)).sort() : [];
    return files.length ? readFileSync(path.join(MAIL_DIR, files[files.length - 1]), "utf8") : "";
  };
  await expect.poll(newest, { message: `a mail to ${email}` }).not.toBe("");
  return newest();
}

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

test.describe("account data", () => {
  test("change the display name, download all my data, delete the account with everything", async ({ page, auth }) => {
    const me = newAccount("acct");
    await auth.signUp(me);
    await page.goto("/decks");
    await page.getByLabel("New deck name").fill("Kept in the export");
    await page.getByRole("button", { name: "Create deck" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);

    await page.getByTestId("current-user").click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByLabel("Display name").fill("Renamed Racer");
    await page.getByRole("button", { name: "Save display name" }).click();
    await expect(page.getByText("Your display name is now “Renamed Racer”.")).toBeVisible();
    await expect(page.getByTestId("current-user")).toContainText("Renamed Racer");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data (JSON)" }).click()]);
    const data = JSON.parse(readFileSync((await download.path())!, "utf8")) as { format: string; account: { email: string; displayName: string }; decks: { name: string }[] };
    expect(data.format).toBe("ringbinder-account");
    expect(data.account).toMatchObject({ email: me.email, displayName: "Renamed Racer" });
    expect(data.decks.map((d) => d.name)).toEqual(["Kept in the export"]);

    // refused without the box ticked and with a wrong password; nothing is deleted
    await page.getByLabel("Your password").fill("not my password");
    await page.getByRole("button", { name: "Delete my account and all my data" }).click();
    await expect(page.getByText("Tick the box to confirm")).toBeVisible();
    await page.getByRole("checkbox", { name: /I understand/ }).check();
    await page.getByRole("button", { name: "Delete my account and all my data" }).click();
    await expect(page.getByText("That is not your password.").first()).toBeVisible();
    await page.screenshot({ path: ".tmp/shots/account-delete.png", fullPage: true });
    await page.getByLabel("Your password").fill(me.password);
    await page.getByRole("button", { name: "Delete my account and all my data" }).click();
    await expect(page.getByText("Your account and all its data are deleted.")).toBeVisible();
    await auth.signIn(me);
    await expect(page.locator("form").getByRole("alert")).toHaveText("Email or password is incorrect.");
  });

  test("password reset by a one-time link sent by mail", async ({ page, auth }) => {
    const me = newAccount("reset");
    await auth.signUp(me);
    await auth.signOut();
    await page.goto("/signin");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(me.email);
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await expect(page.getByText(/If an account uses this email, a link/)).toBeVisible();
    // an unknown email gets the very same answer
    await page.getByLabel("Email").fill("nobody-at-all@ringbinder.test");
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await expect(page.getByText(/If an account uses this email, a link/)).toBeVisible();

    const mail = await lastMailTo(me.email);
    const link = /(http\S+\/reset-password\?token=\S+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByText(`For ${me.email}.`)).toBeVisible();
    await page.getByLabel("New password").fill("a fresh and long passphrase 42");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await expect(page.getByText("Your password is changed. Every session of your account has ended. Sign in with the new one.")).toBeVisible();
    await auth.signIn({ email: me.email, password: "a fresh and long passphrase 42" });
    await expect(page.getByTestId("current-user")).toContainText(me.displayName);
    // the link worked once
    await page.goto(link!);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("not valid, or was already used");

    // requests are limited per email (5 an hour), whether or not the email has an account
    await page.goto("/forgot-password");
    const unknown = `limit-${Date.now()}@ringbinder.test`;
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Email").fill(unknown);
      await page.getByRole("button", { name: "Send me a reset link" }).click();
      await expect(page.getByText(/If an account uses this email, a link/)).toBeVisible();
    }
    await page.getByLabel("Email").fill(unknown);
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await expect(page.getByText(/Too many password reset requests for this email/)).toBeVisible();
  });
});

test.describe("authors", () => {
  test("an author page lists that author's public decks only, linked from the public list and the shared deck", async ({ page, auth }) => {
    const me = newAccount("author");
    await auth.signUp(me);
    await page.goto("/decks");
    await page.getByRole("listitem").filter({ hasText: "Chaotix Mix" }).getByRole("button", { name: "Start from this deck" }).click();
    await expect(page).toHaveURL(/\/decks\/[^/]+$/);
    await page.getByLabel("Deck name").fill(`Published by ${me.displayName}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("save-message")).toContainText("Saved as version 2");
    await page.getByLabel("Public: listed in public decks").click();
    await expect(page.getByText("The deck is now public.")).toBeVisible();
    await page.goto("/decks/public?name=" + encodeURIComponent(`Published by ${me.displayName}`));
    await page.getByRole("list", { name: "Public decks" }).getByRole("link", { name: me.displayName, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(me.displayName);
    await expect(page.getByRole("list", { name: `Public decks by ${me.displayName}` }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByText(me.email)).toHaveCount(0);
    await page.getByRole("link", { name: `Published by ${me.displayName}` }).click();
    await page.getByRole("link", { name: `More decks by ${me.displayName}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(me.displayName);
  });
});
