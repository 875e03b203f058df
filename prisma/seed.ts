/**
 * Seeds the unofficial demo card set (idempotent: upsert by set + number).
 * Usage: npm run db:seed
 */
import { createPrismaClient } from "@/lib/server/db/db";
import { seedDemoCatalog } from "@/lib/catalog/data/seed";

async function main() {
  const prisma = createPrismaClient();
  try {
    const r = await seedDemoCatalog(prisma);
    console.log(`Seeded ${r.set}: ${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged.`);
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
