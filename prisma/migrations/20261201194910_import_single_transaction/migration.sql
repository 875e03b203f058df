-- Data fix (by hand): cards and audit rows that an interrupted chunked import left hidden were never published;
-- they go with their markers, and that import's job becomes an unfinished one the next import clears.
DELETE FROM "CardAudit" WHERE "id" IN (SELECT "auditId" FROM "PendingAudit");
DELETE FROM "CardAudit" WHERE "cardId" IN (SELECT "cardId" FROM "PendingCard");
DELETE FROM "CardTrait" WHERE "cardId" IN (SELECT "cardId" FROM "PendingCard");
DELETE FROM "Card" WHERE "id" IN (SELECT "cardId" FROM "PendingCard");
UPDATE "ImportJob" SET "status" = 'staging' WHERE "status" IN ('applying', 'rolling-back');

-- DropIndex
DROP INDEX "PendingCard_jobId_idx";

-- DropIndex
DROP INDEX "PendingAudit_jobId_idx";

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "PendingCard";
PRAGMA foreign_keys=on;

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "PendingAudit";
PRAGMA foreign_keys=on;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ImportJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'staging',
    "total" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_ImportJob" ("createdAt", "id", "kind", "status", "total", "userId") SELECT "createdAt", "id", "kind", "status", "total", "userId" FROM "ImportJob";
DROP TABLE "ImportJob";
ALTER TABLE "new_ImportJob" RENAME TO "ImportJob";
CREATE INDEX "ImportJob_createdAt_idx" ON "ImportJob"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
