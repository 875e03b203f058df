-- AlterTable
ALTER TABLE "Card" ADD COLUMN     "pendingImportId" TEXT;

-- AlterTable
ALTER TABLE "ImportJob" ADD COLUMN     "leaseUntil" TIMESTAMP(3),
ADD COLUMN     "newSets" TEXT NOT NULL DEFAULT '[]';

-- CreateIndex
CREATE INDEX "Card_pendingImportId_idx" ON "Card"("pendingImportId");
