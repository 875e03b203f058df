-- A census submission may be a correction of a catalog card (the demo set's included): promoting it updates that card.
ALTER TABLE "CensusSubmission" ADD COLUMN "correctsCardId" TEXT;

-- The card-suggestion flow is retired: the census is the one way to propose a card. Each card's earliest pending
-- correction suggestion becomes an open census correction of that card with no photo (source "suggestion"), keeping
-- the card's own set and number, its other fields proposed by the suggester, unless the census already has an open
-- submission of that printing. Others confirm or dispute it there as for any submission.
CREATE TEMP TABLE "_census_fix" AS
SELECT s."id", s."userId", s."createdAt", s."payload", s."cardId", cs."code" AS "setCode", c."number" AS "number"
FROM "CardSuggestion" s
JOIN "Card" c ON c."id" = s."cardId"
JOIN "CardSet" cs ON cs."id" = c."setId"
WHERE s."status" = 'pending' AND json_valid(s."payload")
  AND NOT EXISTS (
    SELECT 1 FROM "CardSuggestion" e
    WHERE e."status" = 'pending' AND e."cardId" = s."cardId"
      AND (e."createdAt" < s."createdAt" OR (e."createdAt" = s."createdAt" AND e."id" < s."id")))
  AND NOT EXISTS (SELECT 1 FROM "CensusSubmission" o WHERE o."setCode" = cs."code" AND o."number" = c."number" AND o."status" = 'open');

INSERT INTO "CensusSubmission" ("id", "userId", "setCode", "number", "status", "source", "correctsCardId", "createdAt")
SELECT 'sugg-' || "id", "userId", "setCode", "number", 'open', 'suggestion', "cardId", "createdAt" FROM "_census_fix";

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
FROM "_census_fix" m
JOIN (SELECT 'set' AS "name" UNION ALL SELECT 'number' UNION ALL SELECT 'title' UNION ALL SELECT 'traits' UNION ALL SELECT 'colors'
      UNION ALL SELECT 'rings' UNION ALL SELECT 'rarity' UNION ALL SELECT 'text' UNION ALL SELECT 'effect') f
  ON f."name" <> 'effect' OR json_type(m."payload", '$.effect') NOT IN ('null')
WHERE f."name" IN ('set', 'number', 'text') OR json_type(m."payload", '$.' || f."name") IS NOT NULL;

INSERT INTO "CensusAudit" ("id", "submissionId", "actorId", "action", "detail", "createdAt")
SELECT 'sugg-' || "id", 'sugg-' || "id", "userId", 'submit', 'a correction moved from the card-suggestion form', "createdAt" FROM "_census_fix";

UPDATE "CardSuggestion" SET "status" = 'rejected', "reason" = 'Moved to the card census as a correction, where other collectors verify it.'
WHERE "id" IN (SELECT "id" FROM "_census_fix");

-- Every other pending suggestion is closed with a reason its author sees in their account export: a second
-- correction of the same card, or one whose printing is already open in the census, is answered there, and a new
-- card the census could not take (the demo set, a duplicate) is proposed again with a photo in the census.
UPDATE "CardSuggestion" SET "status" = 'rejected',
  "reason" = CASE WHEN "cardId" IS NOT NULL
    THEN 'This card already has a correction open in the card census: confirm or dispute its fields there.'
    ELSE 'Card suggestions are retired: propose the printing with a photo in the card census. The demo set takes no new cards.' END
WHERE "status" = 'pending';

DROP TABLE "_census_fix";
