/**
 * Runs before `next start` / `next dev`: makes a fresh clone ready to serve.
 *  1. loads .env / .env.local; outside production, writes a generated AUTH_SECRET
 *     to .env.local when none is set (production refuses to start without one);
 *  2. applies migrations (prisma migrate deploy) to SQLite or PostgreSQL, as
 *     DATABASE_URL says, and puts SQLite in WAL mode;
 *  3. seeds the unofficial demo set when it is missing or the shipped file changed;
 *  4. (start only) builds the app when there is no build of the current sources.
 *
 * `npm run build` runs it with --build: steps 2 and 3, then always `next build`.
 * The build prerenders pages from the catalog (/learn deals its tutorial from
 * the starter decks' current cards), so it needs the database DATABASE_URL
 * names: SQLite's default file is created here; PostgreSQL must be reachable.
 * It writes no AUTH_SECRET (a build machine's secret is not the server's).
 */
import { createHash, randomBytes } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { loadEnvConfig } from "@next/env";
import { DEFAULT_DATABASE_URL, databaseFile, databaseProvider, redactUrl } from "@/lib/server/db/database-url";

const dev = process.argv.includes("--dev");
const buildOnly = process.argv.includes("--build");
const root = process.cwd();

function step(msg: string) {
  console.log(`\u25b8 ${msg}`);
}

/** What `npm run build` needs, said when it cannot have it. */
const BUILD_NEEDS =
  "npm run build prerenders pages from the catalog, so it migrates and seeds the database DATABASE_URL names first " +
  "(the SQLite default needs nothing; PostgreSQL must be reachable from the build machine). See docs/deploy.md.";

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env, hint = "") {
  const res = spawnSync(cmd, args, { stdio: "inherit", env });
  if (res.status !== 0) {
    console.error(`\u2716 ${cmd} ${args.join(" ")} failed (exit ${res.status ?? res.signal}).${hint ? `\n  ${hint}` : ""}`);
    process.exit(res.status ?? 1);
  }
}

// 1. environment and secret
loadEnvConfig(root, dev);
if (!process.env.AUTH_SECRET && !buildOnly) {
  if (process.env.NODE_ENV === "production") {
    console.error(
      "\u2716 AUTH_SECRET is not set. In production Ringbinder refuses to start without it.\n" +
        "  Generate one with `openssl rand -base64 33` and set it in the environment.",
    );
    process.exit(1);
  }
  const secret = randomBytes(33).toString("base64");
  const file = path.join(root, ".env.local");
  const prefix = existsSync(file) && !readFileSync(file, "utf8").endsWith("\n") ? "\n" : "";
  appendFileSync(file, `${prefix}# Generated for development by scripts/prepare-app.ts. Set your own in production.\nAUTH_SECRET="${secret}"\n`);
  process.env.AUTH_SECRET = secret;
  step("Generated a development AUTH_SECRET in .env.local");
}

// 2. database
process.env.DATABASE_URL ||= DEFAULT_DATABASE_URL;
const provider = databaseProvider();
const dbFile = provider === "sqlite" ? databaseFile() : null;
if (dbFile) {
  mkdirSync(path.dirname(dbFile), { recursive: true });
  step(`Database: SQLite ${path.relative(root, dbFile) || dbFile}`);
} else {
  step(`Database: PostgreSQL ${redactUrl(process.env.DATABASE_URL)}`);
}
// With several instances, run this once per deploy (docs/deploy.md); concurrent
// runs are safe: migrate deploy takes a lock on PostgreSQL.
run(path.join(root, "node_modules", ".bin", "prisma"), ["migrate", "deploy"], process.env, buildOnly ? BUILD_NEEDS : "");

async function main() {
  if (dbFile) {
    const { enableWal } = await import("@/lib/server/db/sqlite-setup");
    enableWal(dbFile);
  }

  // 3. seed
  const { createPrismaClient } = await import("@/lib/server/db/db");
  const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
  const prisma = createPrismaClient();
  try {
    const r = await seedDemoCatalog(prisma, { onlyIfChanged: true });
    step(r.skipped ? `Demo set ${r.set} already loaded` : `Seeded demo set ${r.set}: ${r.created} created, ${r.updated} updated`);
  } finally {
    await prisma.$disconnect();
  }

  // 4. build when needed (--no-build: serve the build that is there, e.g. npm run bench:http -- --no-build)
  if (!dev && !process.argv.includes("--no-build")) {
    const distDir = process.env.NEXT_DIST_DIR || ".next";
    const stampFile = path.join(root, distDir, "ringbinder-source-hash");
    const hash = sourceHash();
    const current = !buildOnly && existsSync(path.join(root, distDir, "BUILD_ID")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === hash;
    if (current) {
      step("Build is current");
    } else {
      step(buildOnly ? "Building the app…" : "Building the app (first start or sources changed)…");
      run(path.join(root, "node_modules", ".bin", "next"), ["build"]);
      writeFileSync(stampFile, hash);
    }
  }
}

/** A hash of everything that goes into a build, so `npm start` rebuilds only when it changed. */
function sourceHash(): string {
  const h = createHash("sha256");
  const roots = ["app", "components", "lib", "data", "public", "proxy.ts", "instrumentation.ts", "package-lock.json", "next.config.js", "postcss.config.mjs", "tsconfig.json", "prisma/schema.prisma", "prisma/postgres/schema.prisma"];
  const skip = new Set(["node_modules", ".next", "generated"]);
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      // test files are not part of the build: editing one does not make the e2e suite build again
      for (const name of readdirSync(p).sort()) if (!skip.has(name) && !name.endsWith(".db") && !name.includes(".db-") && !/\.test\.tsx?$/.test(name)) walk(path.join(p, name));
    } else {
      h.update(path.relative(root, p));
      h.update(readFileSync(p));
    }
  };
  for (const r of roots) walk(path.join(root, r));
  return h.digest("hex");
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
