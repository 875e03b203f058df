import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { DEFAULT_DATABASE_URL, databaseFile } from "./lib/database-url";

// The schema reads env("DATABASE_URL"); give the CLI the same default as the app.
process.env.DATABASE_URL ||= DEFAULT_DATABASE_URL;

// Prisma 6.19 with the JavaScript schema engine and the better-sqlite3 driver
// adapter: migrations and queries run without any native Prisma engine binary,
// which cannot be downloaded on our machines.
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    return new PrismaBetterSQLite3({ url: databaseFile() });
  },
});
