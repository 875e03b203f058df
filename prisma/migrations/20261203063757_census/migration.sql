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

-- The card-suggestion flow became part of the census: each pending suggestion of a new card in a real set (not the
-- demo set; the earliest one per set and number) becomes an open census submission with no photo (source
-- "suggestion"), its fields proposed by the suggester, and the suggestion is closed with a reason saying where it went.
-- Corrections of existing cards and demo-set suggestions stay in the admins' suggestion queue.
CREATE TEMP TABLE "_census_moved" AS
SELECT s."id", s."userId", s."createdAt", s."payload",
       upper(trim(json_extract(s."payload", '$.set'))) AS "setCode",
       CAST(json_extract(s."payload", '$.number') AS INTEGER) AS "number"
FROM "CardSuggestion" s
WHERE s."status" = 'pending' AND s."cardId" IS NULL AND json_valid(s."payload")
  AND upper(trim(coalesce(json_extract(s."payload", '$.set'), 'DEMO'))) <> 'DEMO'
  AND json_type(s."payload", '$.number') = 'integer'
  AND NOT EXISTS (
    SELECT 1 FROM "CardSuggestion" e
    WHERE e."status" = 'pending' AND e."cardId" IS NULL AND json_valid(e."payload")
      AND upper(trim(json_extract(e."payload", '$.set'))) = upper(trim(json_extract(s."payload", '$.set')))
      AND json_extract(e."payload", '$.number') = json_extract(s."payload", '$.number')
      AND (e."createdAt" < s."createdAt" OR (e."createdAt" = s."createdAt" AND e."id" < s."id")));

INSERT INTO "CensusSubmission" ("id", "userId", "setCode", "number", "status", "source", "createdAt")
SELECT 'sugg-' || "id", "userId", "setCode", "number", 'open', 'suggestion', "createdAt" FROM "_census_moved";

INSERT INTO "CensusField" ("id", "submissionId", "name", "value", "proposerId", "photo", "proposedAt")
SELECT 'sugg-' || m."id" || '-' || f."name", 'sugg-' || m."id", f."name",
       CASE f."name"
         WHEN 'set' THEN json_quote(m."setCode")
         WHEN 'number' THEN CAST(m."number" AS TEXT)
         WHEN 'text' THEN json_quote(coalesce(json_extract(m."payload", '$.text'), ''))
         WHEN 'title' THEN json_quote(json_extract(m."payload", '$.title'))
         WHEN 'rarity' THEN json_quote(json_extract(m."payload", '$.rarity'))
         WHEN 'rings' THEN CAST(json_extract(m."payload", '$.rings') AS TEXT)
         ELSE json_extract(m."payload", '$.' || f."name") END,
       m."userId", 'front', m."createdAt"
FROM "_census_moved" m
JOIN (SELECT 'set' AS "name" UNION ALL SELECT 'number' UNION ALL SELECT 'title' UNION ALL SELECT 'traits' UNION ALL SELECT 'colors'
      UNION ALL SELECT 'rings' UNION ALL SELECT 'rarity' UNION ALL SELECT 'text' UNION ALL SELECT 'effect') f
  ON f."name" <> 'effect' OR json_type(m."payload", '$.effect') NOT IN ('null')
WHERE f."name" IN ('set', 'number', 'text') OR json_type(m."payload", '$.' || f."name") IS NOT NULL;

INSERT INTO "CensusAudit" ("id", "submissionId", "actorId", "action", "detail", "createdAt")
SELECT 'sugg-' || "id", 'sugg-' || "id", "userId", 'submit', 'moved from the card-suggestion form', "createdAt" FROM "_census_moved";

UPDATE "CardSuggestion" SET "status" = 'rejected', "reason" = 'Moved to the card census, where other collectors verify it.'
WHERE "id" IN (SELECT "id" FROM "_census_moved");

DROP TABLE "_census_moved";
