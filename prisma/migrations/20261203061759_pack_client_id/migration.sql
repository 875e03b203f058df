-- AlterTable
ALTER TABLE "PackOpening" ADD COLUMN "clientId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "PackOpening_userId_clientId_key" ON "PackOpening"("userId", "clientId");
