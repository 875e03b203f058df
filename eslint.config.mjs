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
          { group: ["react", "react-dom", "react/*", "next", "next/*", "@prisma/*", "@/lib/generated/*"], message: "lib/engine must not import frameworks or the database." },
          { group: ["node:*", "fs", "path", "crypto", "os", "worker_threads", "child_process"], message: "lib/engine must not import Node built-ins." },
          { group: ["@/*", "../../*"], message: "lib/engine imports nothing outside itself." },
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

const prismaBoundary = {
  files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
  ignores: ["lib/dal/**", "lib/db.ts", "lib/db-client.ts", "lib/auth.ts", "**/*.test.ts"],
  rules: {
    // House rule 7: only lib/dal and lib/db.ts (with lib/db-client.ts, which builds the client) touch Prisma.
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          { group: ["@/lib/db", "@/lib/db-client", "@/lib/generated/*", "@prisma/*", "../db", "./db"], message: "Only lib/dal and lib/db.ts touch Prisma." },
        ],
      },
    ],
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  prismaBoundary,
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
  globalIgnores([".next/**", ".next-e2e/**", "out/**", "node_modules/**", "lib/generated/**", "next-env.d.ts", "test-results/**", "playwright-report/**", ".tmp/**"]),
]);
