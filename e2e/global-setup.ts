import { spawnSync } from "node:child_process";
import type { FullConfig } from "@playwright/test";
import { ADMIN } from "./fixtures";

/**
 * Runs once the web server is up (Playwright starts webServer before globalSetup):
 * makes the e2e admin the way an operator would, with `npm run user -- create-admin`
 * on the server's database. Signing up never makes an admin.
 */
export default function globalSetup(config: FullConfig) {
  const server = Array.isArray(config.webServer) ? config.webServer[0] : config.webServer;
  const env = { ...process.env, ...(server?.env ?? {}) };
  const res = spawnSync("npm", ["run", "-s", "user", "--", "create-admin", ADMIN.email, "--name", ADMIN.displayName], {
    env,
    input: `${ADMIN.password}\n`,
    encoding: "utf8",
  });
  if (res.status !== 0 && !/already exists/.test(res.stderr)) {
    throw new Error(`Could not create the e2e admin: ${res.stderr || res.stdout}`);
  }
}
