-- CreateTable
CREATE TABLE "PendingAudit" (
    "auditId" TEXT NOT NULL PRIMARY KEY,
    "jobId" TEXT NOT NULL,
    CONSTRAINT "PendingAudit_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "CardAudit" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "PendingAudit_jobId_idx" ON "PendingAudit"("jobId");
