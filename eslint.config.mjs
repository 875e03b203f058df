import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Next.js is used through its public API only: its internals (next/dist/...) change without notice between releases.
const NEXT_INTERNALS = "Import Next.js from its public entry points (next, next/cache, next/server, ...), never from next/dist/.";

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
          { group: ["next/dist", "next/dist/*"], message: NEXT_INTERNALS },
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

const nextPublicApi = {
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ group: ["next/dist", "next/dist/*"], message: NEXT_INTERNALS }] }],
    "no-restricted-syntax": [
      "error",
      { selector: "CallExpression[callee.name='require'] > Literal[value=/^next\\u002Fdist(\\u002F|$)/]", message: NEXT_INTERNALS },
      { selector: "ImportExpression > Literal[value=/^next\\u002Fdist(\\u002F|$)/]", message: NEXT_INTERNALS },
    ],
  },
};

// The architecture as path zones, in ONE rule config so no later block can
// override part of it (a second config of the same rule for the same files
// replaces the first). Tests and the scripts/, prisma/ and test/ entry points
// are outside these zones: they open database clients on purpose.
//
// The layout (docs/architecture.md): lib/<feature>/ holds a feature's rules and
// types (top-level files), its data access (data/ or data.ts, the only Prisma
// users besides lib/server/db), its server actions (actions/ or actions.ts) and
// its zod schemas; lib/server/ is infrastructure with no domain; lib/util/ is
// domain-free code safe on both sides; lib/engine/ is the rules engine.
const FEATURES = ["accounts", "api", "catalog", "collection", "community", "decks", "lab", "play", "playtest", "rules-doc"];
const PRISMA = ["./lib/generated/**", "./node_modules/@prisma/**", "./node_modules/.prisma/**", "./lib/server/db/db{,-client}.ts"];
const NOT_DATA = [
  "./app/**",
  "./components/**",
  "./proxy.ts",
  "./lib/!(engine|generated|server|util)/!(data).{ts,tsx}",
  "./lib/!(engine|generated|server|util)/!(data)/**",
  "./lib/server/!(db)/**",
  "./lib/server/*.{ts,tsx}",
  "./lib/util/**",
];
/** A feature reaches another one only through its top-level modules and its data entry (data/index.ts or data.ts), never its actions or deeper files. */
const featureZones = FEATURES.map((f) => ({
  target: `./lib/${f}/**`,
  from: ["./lib/*/*/**", "./lib/*/actions.ts"],
  // the plugin matches glob exceptions against the absolute path of the import
  except: [`lib/${f}/**`, "lib/server/**", "lib/engine/**", "lib/util/**", "lib/generated/**", "lib/*/data/index.ts", "lib/catalog/search/index.{ts,tsx}"].map((p) => `${import.meta.dirname}/${p}`),
  message: `lib/${f} reaches another feature only through its top-level modules and its data entry (lib/<feature>/data), never its actions or internals.`,
}));
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
            // House rule 8: only a feature's data access and lib/server/db (which builds the client) touch Prisma.
            target: NOT_DATA,
            from: PRISMA,
            message: "Only a feature's data access (lib/<feature>/data) and lib/server/db touch Prisma.",
          },
          {
            // The system path (command-line tools acting as an admin) is for scripts/ only: nothing a request reaches may enter it.
            target: ["./app/**", "./components/**", "./proxy.ts", "./lib/!(accounts|server)/**", "./lib/accounts/!(data)/**", "./lib/accounts/*.{ts,tsx}", "./lib/server/**"],
            from: "./lib/accounts/data/system.ts",
            message: "lib/accounts/data/system.ts is the command-line tools' system path; the app gets its actor only from the session (lib/server/request-actor.ts).",
          },
          {
            // The data layer takes the actor explicitly (docs/architecture.md): it never reads the session itself.
            target: ["./lib/*/data/**", "./lib/*/data.ts", "./lib/server/db/**"],
            from: ["./lib/server/session.ts", "./lib/server/request-actor.ts"],
            message: "Data access takes the actor as its first parameter (lib/server/actor.ts) and never reads the session: the caller (the action/route pipeline, a page, a command-line tool) passes it.",
          },
          {
            target: "./components/**",
            from: ["./lib/*/data/**", "./lib/*/data.ts", "./lib/server/db/**"],
            message: "Components never import data access: the page reads the data and passes DTOs (types live beside their feature, e.g. lib/decks/types.ts).",
          },
          ...featureZones,
        ],
      },
    ],
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  nextPublicApi,
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
  globalIgnores([".next/**", ".next-*/**", "out/**", "node_modules/**", "lib/generated/**", "next-env.d.ts", "test-results/**", "playwright-report/**", ".tmp/**", "test/lint-fixtures/**"]),
]);
