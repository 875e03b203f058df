import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { migrationPoolConfig } from "./lib/server/db/pg-migrate-pool";
import { DEFAULT_DATABASE_URL, databaseFile, databaseProvider } from "./lib/server/db/database-url";

// The schema reads env("DATABASE_URL"); give the CLI the same default as the app.
process.env.DATABASE_URL ||= DEFAULT_DATABASE_URL;
const url = process.env.DATABASE_URL;
const provider = databaseProvider(url);

// Prisma 6.19 with the JavaScript schema engine and a driver adapter: migrations
// and queries run without any native Prisma engine binary, which cannot be
// downloaded on our machines. DATABASE_URL picks the database: a `file:` URL is
// SQLite (prisma/schema.prisma, prisma/migrations), a `postgresql://` URL is
// PostgreSQL (prisma/postgres/schema.prisma, prisma/postgres/migrations; that
// schema is generated from the SQLite one by `npm run db:schema`).
const dir = provider === "postgresql" ? path.join("prisma", "postgres") : "prisma";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join(dir, "schema.prisma"),
  migrations: { path: path.join(dir, "migrations") },
  async adapter() {
    return provider === "postgresql" ? new PrismaPg(migrationPoolConfig(url)) : new PrismaBetterSQLite3({ url: databaseFile(url) });
  },
});
