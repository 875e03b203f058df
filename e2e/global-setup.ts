import { spawnSync } from "node:child_process";
import { ADMIN } from "./fixtures";

/**
 * Runs once the web server is up (Playwright starts webServer before globalSetup):
 * makes the e2e admin the way an operator would, with `npm run user -- create-admin`
 * on each server's database. Signing up never makes an admin.
 */
export default function globalSetup() {
  // one admin per server (SQLite, and PostgreSQL when TEST_POSTGRES_URL is set)
  // each server's database (playwright.config.ts names them: FullConfig does not list every webServer)
  const envs = (process.env.E2E_SERVER_DATABASES ?? "file:./.tmp/e2e.db").split(" ").map((url) => ({ ...process.env, DATABASE_URL: url }));
  for (const env of envs) {
    const res = spawnSync("npm", ["run", "-s", "user", "--", "create-admin", ADMIN.email, "--name", ADMIN.displayName], {
      env,
      input: `${ADMIN.password}\n`,
      encoding: "utf8",
    });
    if (res.status !== 0 && !/already exists/.test(res.stderr)) {
      throw new Error(`Could not create the e2e admin on ${env.DATABASE_URL}: ${res.stderr || res.stdout}`);
    }
  }
}
