import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "rb-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run build on a fresh clone", () => {
  it("prepares the database the prerendered pages read before next build runs", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toBe("tsx --conditions=react-server scripts/prepare-app.ts --build");
  });

  it("--build migrates and seeds a database that does not exist yet (here without the next build step)", () => {
    const file = path.join(dir, "fresh.db");
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `file:${file}`, NODE_ENV: "production" };
    delete env.AUTH_SECRET;
    const res = spawnSync(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/prepare-app.ts", "--build", "--no-build"], { env, encoding: "utf8" });
    // a build machine needs no AUTH_SECRET (a production start refuses to run without one)
    expect(res.status, res.stderr).toBe(0);
    const db = new Database(file, { readonly: true });
    try {
      expect((db.prepare(`SELECT COUNT(*) AS n FROM "Card"`).get() as { n: number }).n).toBeGreaterThan(100);
    } finally {
      db.close();
    }
    // a second process migrates and seeds the whole catalog: seconds alone, more on a loaded 2-core machine
  }, 120_000);
});
