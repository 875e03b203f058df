-- AlterTable
ALTER TABLE "Card" ADD COLUMN "pendingImportId" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ImportJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'staging',
    "total" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" DATETIME,
    "newSets" TEXT NOT NULL DEFAULT '[]'
);
INSERT INTO "new_ImportJob" ("createdAt", "id", "kind", "status", "total", "userId") SELECT "createdAt", "id", "kind", "status", "total", "userId" FROM "ImportJob";
DROP TABLE "ImportJob";
ALTER TABLE "new_ImportJob" RENAME TO "ImportJob";
CREATE INDEX "ImportJob_createdAt_idx" ON "ImportJob"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Card_pendingImportId_idx" ON "Card"("pendingImportId");
