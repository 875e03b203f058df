/**
 * Writes prisma/postgres/schema.prisma from prisma/schema.prisma (the one source
 * of the data model). `--check` only compares, and exits 1 when it is stale.
 *   npm run db:schema            # regenerate (then `npm run db:generate`)
 *   npm run db:schema -- --check
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { expectedPostgresSchema, ROOT, SCHEMA_FILES } from "./lib/db-schema";

const target = path.join(ROOT, SCHEMA_FILES.postgresql);
const expected = expectedPostgresSchema();
const current = existsSync(target) ? readFileSync(target, "utf8") : "";

if (process.argv.includes("--check")) {
  if (current !== expected) {
    console.error(`✖ ${SCHEMA_FILES.postgresql} is out of date: run \`npm run db:schema\`.`);
    process.exit(1);
  }
  console.log(`${SCHEMA_FILES.postgresql} matches ${SCHEMA_FILES.sqlite}.`);
} else if (current === expected) {
  console.log(`${SCHEMA_FILES.postgresql} is up to date.`);
} else {
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, expected);
  console.log(`Wrote ${SCHEMA_FILES.postgresql}. Now add the migration for both databases: npm run db:migration -- NAME`);
}
