-- The hidden-card marker moves from a column of "Card" (20261201014432_import_pending_cards) to a table of its own: an
-- index on a column that is NULL for every visible card tempted SQLite's planner (no statistics) into scanning it for
-- "IS NULL", and without the index publishing and rolling back had to scan the catalog. DROP COLUMN keeps "Card" as it is.
DROP INDEX "Card_pendingImportId_idx";
ALTER TABLE "Card" DROP COLUMN "pendingImportId";

-- CreateTable
CREATE TABLE "PendingCard" (
    "cardId" TEXT NOT NULL PRIMARY KEY,
    "jobId" TEXT NOT NULL,
    CONSTRAINT "PendingCard_cardId_fkey" FOREIGN KEY ("cardId") REFERENCES "Card" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "PendingCard_jobId_idx" ON "PendingCard"("jobId");
