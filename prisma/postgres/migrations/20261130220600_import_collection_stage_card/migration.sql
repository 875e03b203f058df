-- CreateIndex
CREATE INDEX "ImportCollectionStage_jobId_cardId_idx" ON "ImportCollectionStage"("jobId", "cardId");
