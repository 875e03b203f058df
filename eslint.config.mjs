import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const engineBoundary = {
  files: ["lib/engine/**/*.ts"],
  ignores: ["lib/engine/**/*.test.ts", "lib/engine/sim/worker*.ts", "lib/engine/sim/node-*.ts"],
  rules: {
    // House rule 1: the engine is framework-free and deterministic.
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          // Packages and files outside lib/engine are refused by the path zones below; built-ins resolve to no path.
          { group: ["node:*", "fs", "path", "crypto", "os", "worker_threads", "child_process"], message: "lib/engine must not import Node built-ins." },
        ],
      },
    ],
    "no-restricted-globals": [
      "error",
      { name: "window", message: "lib/engine runs without a DOM." },
      { name: "document", message: "lib/engine runs without a DOM." },
      { name: "process", message: "lib/engine must not read the environment." },
    ],
    "no-restricted-properties": [
      "error",
      { object: "Math", property: "random", message: "Use the seeded PRNG in lib/engine/rng.ts." },
      { object: "Date", property: "now", message: "The engine is deterministic: no clocks." },
      { object: "performance", property: "now", message: "The engine is deterministic: no clocks (agents take budgets as iteration counts or an injected clock)." },
    ],
    "no-restricted-syntax": [
      "error",
      { selector: "NewExpression[callee.name='Date']", message: "The engine is deterministic: no clocks." },
      { selector: "NewExpression[callee.name='Map']", message: "Game state is plain JSON: prefer records and arrays." },
      { selector: "ClassDeclaration", message: "Game state and engine code use plain data and functions, not classes." },
    ],
  },
};

// The architecture as path zones, in ONE rule config so no later block can
// override part of it (a second config of the same rule for the same files
// replaces the first). Tests and the scripts/, prisma/ and test/ entry points
// are outside these zones: they open database clients on purpose.
const PRISMA = ["./lib/server/db/db.ts", "./lib/server/db/db-client.ts", "./lib/generated", "./node_modules/@prisma", "./node_modules/.prisma"];
const architecture = {
  files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "proxy.ts"],
  ignores: ["**/*.test.ts", "**/*.test.tsx", "lib/generated/**"],
  rules: {
    "import/no-restricted-paths": [
      "error",
      {
        zones: [
          {
            // House rule 1. zod (the effect schema) is the one package the engine uses.
            target: "./lib/engine",
            from: ".",
            except: ["./lib/engine", "./node_modules/zod"],
            message: "lib/engine imports nothing outside itself.",
          },
          {
            // House rule 7: only lib/dal and lib/server/db/db.ts (with lib/server/db/db-client.ts and lib/server/db/sqlite-adapter.ts, which build the client) touch Prisma.
            target: ["./app/**", "./components/**", "./lib/!(dal|generated)/**", "./lib/!(db|db-client|sqlite-adapter).ts"],
            from: PRISMA,
            message: "Only lib/dal and lib/server/db/db.ts touch Prisma; read and write through lib/dal.",
          },
          {
            // The system path (command-line tools acting as an admin) is for scripts/ only: nothing a request reaches may enter it.
            target: ["./app/**", "./components/**", "./lib/!(dal)/**", "./lib/*.ts", "./proxy.ts"],
            from: "./lib/accounts/data/system.ts",
            message: "lib/accounts/data/system.ts is the command-line tools' system path; the app acts only through the session (requireUser/requireAdmin).",
          },
          {
            // The keyed view (a user named by a private page's key, not by the session) is for the internal private pages only.
            target: ["./app/!(cached)/**", "./app/cached/!(private)/**", "./app/*.{ts,tsx}", "./components/**", "./lib/!(dal)/**", "./lib/*.ts", "./proxy.ts"],
            from: "./lib/server/cache/keyed-view.ts",
            message: "lib/server/cache/keyed-view.ts serves the private page cache's internal pages (app/cached/private) only; everything else acts through the session.",
          },
          {
            target: "./components",
            from: "./lib/dal",
            message: "Components never import lib/dal: the page reads the data and passes DTOs (types live beside their domain, e.g. lib/decks/types.ts).",
          },
        ],
      },
    ],
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  architecture,
  engineBoundary,
  {
    // Playwright fixtures call a parameter named `use`, which is not the React hook.
    files: ["e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  globalIgnores([".next/**", ".next-e2e/**", ".next-bench/**", ".next-before/**", "out/**", "node_modules/**", "lib/generated/**", "next-env.d.ts", "test-results/**", "playwright-report/**", ".tmp/**", "test/lint-fixtures/**"]),
]);
