/**
 * Deletes the SQLite database (and its WAL files), migrates a new one and seeds
 * the demo set. Usage: npm run db:reset -- --yes
 */
import { existsSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { DEFAULT_DATABASE_URL, databaseFile } from "@/lib/database-url";

if (!process.argv.includes("--yes")) {
  console.error("This deletes every account, collection and deck in the database. Run again with --yes to confirm:\n  npm run db:reset -- --yes");
  process.exit(1);
}
process.env.DATABASE_URL ||= DEFAULT_DATABASE_URL;
const file = databaseFile();
for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) if (existsSync(f)) rmSync(f);
console.log(`Deleted ${file}`);
const prisma = spawnSync(path.join("node_modules", ".bin", "prisma"), ["migrate", "deploy"], { stdio: "inherit" });
if (prisma.status !== 0) process.exit(prisma.status ?? 1);

(async () => {
  const { enableWal } = await import("@/lib/sqlite-setup");
  enableWal(file);
  const { createPrismaClient } = await import("@/lib/db");
  const { seedDemoCatalog } = await import("@/lib/dal/seed");
  const client = createPrismaClient();
  const r = await seedDemoCatalog(client);
  await client.$disconnect();
  console.log(`Seeded ${r.set}: ${r.created} cards.`);
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
