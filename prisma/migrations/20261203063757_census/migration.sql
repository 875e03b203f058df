-- CreateTable
CREATE TABLE "CensusSubmission" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT,
    "setCode" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "source" TEXT NOT NULL DEFAULT 'form',
    "frontPhotoId" TEXT,
    "backPhotoId" TEXT,
    "cardId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verifiedAt" DATETIME
);

-- CreateTable
CREATE TABLE "CensusField" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "submissionId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "proposerId" TEXT,
    "photo" TEXT NOT NULL DEFAULT 'front',
    "proposedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL DEFAULT 'proposed',
    "answer" TEXT NOT NULL DEFAULT '',
    "verifiedAt" DATETIME,
    "verifiedByAdmin" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "CensusField_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "CensusSubmission" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CensusVote" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "fieldId" TEXT NOT NULL,
    "userId" TEXT,
    "kind" TEXT NOT NULL,
    "value" TEXT,
    "note" TEXT NOT NULL DEFAULT '',
    "photoId" TEXT,
    "open" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CensusVote_fieldId_fkey" FOREIGN KEY ("fieldId") REFERENCES "CensusField" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CensusPhoto" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contentType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "data" BLOB NOT NULL,
    "uploaderId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "removedAt" DATETIME
);

-- CreateTable
CREATE TABLE "CensusPhotoReport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "photoId" TEXT NOT NULL,
    "reporterId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CensusPhotoReport_photoId_fkey" FOREIGN KEY ("photoId") REFERENCES "CensusPhoto" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CensusAudit" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "submissionId" TEXT,
    "fieldName" TEXT,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "detail" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CensusAudit_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "CensusSubmission" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PullRateOptIn" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "CensusSubmission_setCode_number_idx" ON "CensusSubmission"("setCode", "number");

-- CreateIndex
CREATE INDEX "CensusSubmission_status_createdAt_idx" ON "CensusSubmission"("status", "createdAt");

-- CreateIndex
CREATE INDEX "CensusSubmission_userId_idx" ON "CensusSubmission"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "CensusField_submissionId_name_key" ON "CensusField"("submissionId", "name");

-- CreateIndex
CREATE INDEX "CensusVote_userId_idx" ON "CensusVote"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "CensusVote_fieldId_userId_key" ON "CensusVote"("fieldId", "userId");

-- CreateIndex
CREATE INDEX "CensusPhoto_uploaderId_idx" ON "CensusPhoto"("uploaderId");

-- CreateIndex
CREATE INDEX "CensusPhotoReport_status_createdAt_idx" ON "CensusPhotoReport"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CensusPhotoReport_photoId_reporterId_key" ON "CensusPhotoReport"("photoId", "reporterId");

-- CreateIndex
CREATE INDEX "CensusAudit_submissionId_createdAt_idx" ON "CensusAudit"("submissionId", "createdAt");

-- CreateIndex
CREATE INDEX "CensusAudit_createdAt_idx" ON "CensusAudit"("createdAt");
