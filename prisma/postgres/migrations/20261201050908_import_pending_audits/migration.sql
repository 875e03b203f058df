-- CreateTable
CREATE TABLE "PendingAudit" (
    "auditId" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,

    CONSTRAINT "PendingAudit_pkey" PRIMARY KEY ("auditId")
);

-- CreateIndex
CREATE INDEX "PendingAudit_jobId_idx" ON "PendingAudit"("jobId");

-- AddForeignKey
ALTER TABLE "PendingAudit" ADD CONSTRAINT "PendingAudit_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "CardAudit"("id") ON DELETE CASCADE ON UPDATE CASCADE;
