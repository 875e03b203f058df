import { defineConfig } from "vitest/config";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";

const include = ["**/*.test.ts", "**/*.test.tsx"];
const exclude = ["node_modules/**", "e2e/**", ".next/**", ".next-e2e/**", ".tmp/**"];

/**
 * Test files not yet ported to PostgreSQL (their SQL is SQLite-only). Remove a
 * file from here once it passes with `npx vitest run --project postgres FILE`.
 */
const POSTGRES_PENDING: string[] = [];

/**
 * Database test files that run on SQLite only: their database is a stand-in for
 * a feature whose SQL other files already run on both (the whole game on the
 * boards, components/play/online-game.test.tsx, plays through the referee that
 * lib/play/referee*.test.ts run on PostgreSQL too).
 */
const SQLITE_ONLY = ["components/play/online-game.test.tsx"];

/** Every test file of the project, with its source (the folders Vitest never runs are skipped). */
function testFiles(dir = __dirname, out: { file: string; source: string }[] = []): { file: string; source: string }[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || ["node_modules", "e2e", "generated", "data", "test-results"].includes(entry.name)) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) testFiles(p, out);
    else if (/\.test\.tsx?$/.test(entry.name)) out.push({ file: path.relative(__dirname, p), source: readFileSync(p, "utf8") });
  }
  return out;
}
const TEST_FILES = testFiles();

/** Test files that open a database through test/db.ts: they run on PostgreSQL too. */
const DATABASE_TEST_FILES = TEST_FILES.filter((t) => /["']@\/test\/db["']/.test(t.source)).map((t) => t.file);

/**
 * Test files that run without isolation (project "pure"): no database, no DOM
 * environment, and nothing that changes what another file would see — no
 * module mocks, spies, stubbed globals or environment, fake timers or process
 * listeners. The engine's and the pure rules' tests are most of them. They
 * share their workers' processes and module cache instead of each starting a
 * fresh process and importing the engine again; every other file keeps its
 * own (project "sqlite"). A file that starts doing one of these things moves
 * back to "sqlite" by itself.
 */
const SHARES_STATE = /@vitest-environment|["']@\/test\/db["']|\bvi\.(mock|doMock|unmock|spyOn|stubEnv|stubGlobal|useFakeTimers|resetModules)\b|process\.(on|once|chdir)\(|process\.env\.\w+\s*=[^=]|globalThis\.\w+\s*=[^=]/;
/** As globs for include and exclude: a route folder's brackets or parentheses (app/decks/[id]/…) matched as themselves. */
const PURE_TEST_FILES = TEST_FILES.filter((t) => !SHARES_STATE.test(t.source)).map((t) => t.file.replace(/[[\]{}()*?!]/g, "\\$&"));

/**
 * Line coverage floors, per folder (`npm run test:unit` fails under them).
 * The denominator is every source file of the folder, tested or not (README
 * "Tests and coverage"): tests, type declarations and the generated Prisma
 * client are left out, nothing else. Measured on the whole suite (SQLite
 * project, 2026-11-30): components 81.2%, lib 92.0%.
 */
const COVERAGE_THRESHOLDS: Record<string, number> = { "components/**": 70, "lib/**": 90 };

const shared = {
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      // server-only throws outside a React Server Components bundle; tests run DAL code directly.
      "server-only": path.resolve(__dirname, "test/server-only-stub.ts"),
    },
  },
};

export default defineConfig({
  ...shared,
  test: {
    environment: "node",
    setupFiles: ["test/setup.ts"],
    // the migrated template database each test file's database is copied from (test/global-setup.ts)
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one fewer worker than cores: one file at a time on a 2-core CI
    // machine. Most files wait on a database, Redis or a child process as much as they
    // compute, so two at a time (at least) keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    // Off unless asked for (`npm run test:unit` passes --coverage): one test
    // file run by hand is neither slowed down nor held to the folder floors.
    coverage: {
      provider: "v8",
      include: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
      exclude: ["**/*.test.{ts,tsx}", "**/*.d.ts", "lib/generated/**"],
      reporter: ["text-summary", [path.resolve(__dirname, "test/coverage-folders.cjs"), { thresholds: COVERAGE_THRESHOLDS }], "json-summary"],
      reportsDirectory: ".tmp/coverage",
      // the report also when a test fails: the numbers are still worth reading
      reportOnFailure: true,
      thresholds: Object.fromEntries(Object.entries(COVERAGE_THRESHOLDS).map(([glob, lines]) => [glob, { lines }])),
    },
    // next-auth imports "next/server" without an extension; let Vite resolve it instead of Node.
    server: { deps: { inline: ["next-auth", "@auth/core"] } },
    // Every test runs once on SQLite: the files that need no isolation in
    // "pure", the others in "sqlite". With TEST_POSTGRES_URL set, the
    // database tests (those using test/db.ts) run again on PostgreSQL
    // ("postgres"), each file in its own scratch database. One project:
    // `npx vitest run --project postgres lib/decks/data.test.ts`.
    projects: [
      { extends: true, test: { name: "sqlite", include, exclude: [...exclude, ...PURE_TEST_FILES] } },
      { extends: true, test: { name: "pure", include: PURE_TEST_FILES, exclude, isolate: false } },
      ...(process.env.TEST_POSTGRES_URL
        ? [{ extends: true as const, test: { name: "postgres", include: DATABASE_TEST_FILES.filter((f) => !POSTGRES_PENDING.includes(f) && !SQLITE_ONLY.includes(f)), exclude, env: { TEST_DATABASE_PROVIDER: "postgresql" } } }]
        : []),
    ],
  },
});
