-- CreateTable
CREATE TABLE "CensusSubmission" (
    "id" TEXT NOT NULL,
    "userId" TEXT,
    "setCode" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "source" TEXT NOT NULL DEFAULT 'form',
    "frontPhotoId" TEXT,
    "backPhotoId" TEXT,
    "cardId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verifiedAt" TIMESTAMP(3),

    CONSTRAINT "CensusSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CensusField" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "proposerId" TEXT,
    "photo" TEXT NOT NULL DEFAULT 'front',
    "proposedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL DEFAULT 'proposed',
    "answer" TEXT NOT NULL DEFAULT '',
    "verifiedAt" TIMESTAMP(3),
    "verifiedByAdmin" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "CensusField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CensusVote" (
    "id" TEXT NOT NULL,
    "fieldId" TEXT NOT NULL,
    "userId" TEXT,
    "kind" TEXT NOT NULL,
    "value" TEXT,
    "note" TEXT NOT NULL DEFAULT '',
    "photoId" TEXT,
    "open" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CensusVote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CensusPhoto" (
    "id" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "uploaderId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "removedAt" TIMESTAMP(3),

    CONSTRAINT "CensusPhoto_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CensusPhotoReport" (
    "id" TEXT NOT NULL,
    "photoId" TEXT NOT NULL,
    "reporterId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CensusPhotoReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CensusAudit" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT,
    "fieldName" TEXT,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "detail" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CensusAudit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PullRateOptIn" (
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PullRateOptIn_pkey" PRIMARY KEY ("userId")
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

-- AddForeignKey
ALTER TABLE "CensusField" ADD CONSTRAINT "CensusField_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "CensusSubmission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CensusVote" ADD CONSTRAINT "CensusVote_fieldId_fkey" FOREIGN KEY ("fieldId") REFERENCES "CensusField"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CensusPhotoReport" ADD CONSTRAINT "CensusPhotoReport_photoId_fkey" FOREIGN KEY ("photoId") REFERENCES "CensusPhoto"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CensusAudit" ADD CONSTRAINT "CensusAudit_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "CensusSubmission"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The card-suggestion flow became part of the census: each pending suggestion of a new card in a real set (not the
-- demo set, and only the earliest one per set and number) becomes an open census submission with no photo (source
-- "suggestion"), its fields proposed by the suggester, and the suggestion is closed with a reason saying where it went.
-- Corrections of existing cards and demo-set suggestions stay in the admins' suggestion queue.
CREATE TEMP TABLE "_census_moved" AS
SELECT s."id", s."userId", s."createdAt", s."payload"::jsonb AS "p",
       upper(trim(s."payload"::jsonb ->> 'set')) AS "setCode",
       (s."payload"::jsonb ->> 'number')::integer AS "number"
FROM "CardSuggestion" s
WHERE s."status" = 'pending' AND s."cardId" IS NULL
  AND upper(trim(coalesce(s."payload"::jsonb ->> 'set', 'DEMO'))) <> 'DEMO'
  AND jsonb_typeof(s."payload"::jsonb -> 'number') = 'number'
  AND NOT EXISTS (
    SELECT 1 FROM "CardSuggestion" e
    WHERE e."status" = 'pending' AND e."cardId" IS NULL
      AND upper(trim(e."payload"::jsonb ->> 'set')) = upper(trim(s."payload"::jsonb ->> 'set'))
      AND (e."payload"::jsonb -> 'number') = (s."payload"::jsonb -> 'number')
      AND (e."createdAt" < s."createdAt" OR (e."createdAt" = s."createdAt" AND e."id" < s."id")));

INSERT INTO "CensusSubmission" ("id", "userId", "setCode", "number", "status", "source", "createdAt")
SELECT 'sugg-' || "id", "userId", "setCode", "number", 'open', 'suggestion', "createdAt" FROM "_census_moved";

INSERT INTO "CensusField" ("id", "submissionId", "name", "value", "proposerId", "photo", "proposedAt")
SELECT 'sugg-' || m."id" || '-' || f."name", 'sugg-' || m."id", f."name",
       CASE f."name"
         WHEN 'set' THEN to_jsonb(m."setCode")::text
         WHEN 'number' THEN m."number"::text
         WHEN 'text' THEN coalesce(m."p" -> 'text', '""'::jsonb)::text
         ELSE (m."p" -> f."name")::text END,
       m."userId", 'front', m."createdAt"
FROM "_census_moved" m
CROSS JOIN (VALUES ('set'), ('number'), ('title'), ('traits'), ('colors'), ('rings'), ('rarity'), ('text'), ('effect')) AS f("name")
WHERE f."name" IN ('set', 'number', 'text') OR coalesce(jsonb_typeof(m."p" -> f."name"), 'null') <> 'null';

INSERT INTO "CensusAudit" ("id", "submissionId", "actorId", "action", "detail", "createdAt")
SELECT 'sugg-' || "id", 'sugg-' || "id", "userId", 'submit', 'moved from the card-suggestion form', "createdAt" FROM "_census_moved";

UPDATE "CardSuggestion" SET "status" = 'rejected', "reason" = 'Moved to the card census, where other collectors verify it.'
WHERE "id" IN (SELECT "id" FROM "_census_moved");

DROP TABLE "_census_moved";
