import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { startWorkerServer, type Database, type ServerInfo } from "./server";

export type Account = { email: string; password: string; displayName: string };

let counter = 0;
/** A fresh, unique account for one test (each worker's database is new every run). */
export function newAccount(prefix = "player"): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return { email: `${prefix}-${id}@ringbinder.test`, password: "correct horse battery", displayName: `${prefix} ${counter}` };
}

export const ADMIN: Account = { email: "admin@ringbinder.test", password: "admin password 123", displayName: "Admin" };

/** Page object for the sign-up and sign-in forms. */
export class AuthPages {
  constructor(private readonly page: Page) {}

  async signUp(account: Account) {
    await this.page.goto("/signup");
    await this.page.getByLabel("Email").fill(account.email);
    await this.page.getByLabel("Display name").fill(account.displayName);
    await this.page.getByLabel("Password").fill(account.password);
    await this.page.getByRole("button", { name: "Create account" }).click();
    // a sign-up never tells whether the email was taken: it lands on the sign-in form with a notice, and signs in there
    await expect(this.page.getByTestId("signup-notice")).toContainText("Check your email");
    await this.fillSignIn(account);
    await expect(this.page.getByTestId("current-user")).toContainText(account.displayName);
  }

  /** Fills and sends the sign-in form on the page that shows it. */
  async fillSignIn(account: Pick<Account, "email" | "password">) {
    await this.page.getByLabel("Email").fill(account.email);
    await this.page.getByLabel("Password").fill(account.password);
    await this.page.getByRole("button", { name: "Sign in" }).click();
  }

  async signIn(account: Pick<Account, "email" | "password">) {
    await this.page.goto("/signin");
    await this.fillSignIn(account);
  }

  async signOut() {
    await this.page.getByRole("button", { name: "Sign out" }).click();
    await expect(this.page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  }
}

/**
 * Next prefetches every link in the viewport: an RSC render of each linked page on the
 * server, some thirty after a load at 1366 px. No journey waits for a prefetch (a click
 * on a link that was not prefetched fetches the page then), but the server renders them
 * on the same two cores as the pages under test. Every browser context of the suite
 * answers them with a network error, unless a test sets `prefetch: "allow"`
 * (e2e/security.spec.ts checks real prefetches): its contexts then get no route at all.
 * Decided when a context is made: the test's own auto fixture below has set the option
 * by then (Playwright sets up auto fixtures before the ones a test names).
 */
let abortPrefetches = true;
const PREFETCH = /[?&]_rsc=/;
async function guardPrefetches(context: BrowserContext) {
  await context.route(PREFETCH, (route) => (route.request().headers()["next-router-prefetch"] ? route.abort("aborted") : route.fallback()));
}
/** Every context of this worker's browser (the `context` fixture's and each `browser.newContext()` of a spec) gets the guard. */
const guarded = new WeakSet<Browser>();
async function guardBrowser(browser: Browser) {
  if (guarded.has(browser)) return;
  guarded.add(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    if (abortPrefetches) await guardPrefetches(context);
    return context;
  };
}

/**
 * `database` is the project's (playwright.config.ts); `server` is this worker's own
 * production server on its own fresh database (e2e/server.ts), and every page's
 * baseURL points at it.
 */
export const test = base.extend<{ auth: AuthPages; prefetch: "abort" | "allow"; prefetchGuard: void }, { database: Database; server: ServerInfo; browserGuard: void; userState: string; adminState: string }>({
  prefetch: ["abort", { option: true }],
  browserGuard: [
    // the server first: worker fixtures are torn down in the reverse order, so the browser (its pages' open game
    // streams) closes before the server stops, which waits for open connections
    async ({ server, browser }, use) => {
      void server;
      await guardBrowser(browser);
      await use();
    },
    { scope: "worker", auto: true },
  ],
  prefetchGuard: [
    async ({ prefetch }, use) => {
      abortPrefetches = prefetch === "abort";
      await use();
      abortPrefetches = true;
    },
    { auto: true },
  ],
  database: ["sqlite", { scope: "worker", option: true }],
  server: [
    async ({ database }, use, workerInfo) => {
      const server = await startWorkerServer(database, workerInfo.parallelIndex, ADMIN);
      try {
        await use(server.info);
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  auth: async ({ page }, use) => {
    await use(new AuthPages(page));
  },
  // Signed-in browser states made once per worker, for tests that only look at signed-in pages
  // (`test.use({ storageState: ({ userState }, use) => use(userState) })`, e2e/responsive.spec.ts).
  // Defined here rather than in a spec's own test.extend: a test type with other worker fixtures
  // gets workers of its own, each starting its own server.
  userState: [
    async ({ browser, server }, use, workerInfo) => {
      await use(await signedInState(browser, server.url, `${workerInfo.project.outputDir}/.auth/user-${workerInfo.parallelIndex}.json`, (page) => new AuthPages(page).signUp(newAccount("screens"))));
    },
    { scope: "worker" },
  ],
  adminState: [
    async ({ browser, server }, use, workerInfo) => {
      await use(await signedInState(browser, server.url, `${workerInfo.project.outputDir}/.auth/admin-${workerInfo.parallelIndex}.json`, (page) => signInAdmin(page, new AuthPages(page))));
    },
    { scope: "worker" },
  ],
});

/** Signs in a fresh context with `signIn` and saves its storage state to `file`: the file's path. */
async function signedInState(browser: Browser, baseURL: string, file: string, signIn: (page: Page) => Promise<void>): Promise<string> {
  const context = await browser.newContext({ baseURL });
  await signIn(await context.newPage());
  await context.storageState({ path: file });
  await context.close();
  return file;
}

export { expect };

/** Signs in as the e2e admin (made on each worker's database with the user CLI, e2e/server.ts). */
export async function signInAdmin(page: Page, auth: AuthPages) {
  await auth.signIn(ADMIN);
  await expect(page.getByTestId("current-user")).toContainText("admin");
}
