-- DropIndex
DROP INDEX "Card_pendingImportId_idx";

-- AlterTable
ALTER TABLE "Card" DROP COLUMN "pendingImportId";

-- CreateTable
CREATE TABLE "PendingCard" (
    "cardId" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,

    CONSTRAINT "PendingCard_pkey" PRIMARY KEY ("cardId")
);

-- CreateIndex
CREATE INDEX "PendingCard_jobId_idx" ON "PendingCard"("jobId");

-- AddForeignKey
ALTER TABLE "PendingCard" ADD CONSTRAINT "PendingCard_cardId_fkey" FOREIGN KEY ("cardId") REFERENCES "Card"("id") ON DELETE CASCADE ON UPDATE CASCADE;
