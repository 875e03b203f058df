import { spawnSync } from "node:child_process";

/** Drops the scratch PostgreSQL database the "postgres" server ran on (playwright.config.ts). */
export default function globalTeardown() {
  const base = process.env.TEST_POSTGRES_URL;
  const name = process.env.E2E_PG_DATABASE;
  if (!base || !name) return;
  const res = spawnSync(process.execPath, ["test/postgres-scratch.mjs", "drop", base, name], { encoding: "utf8" });
  if (res.status !== 0) console.error(`Could not drop ${name}: ${res.stderr}`);
}
