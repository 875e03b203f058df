-- A census submission may be a correction of a catalog card (the demo set's included): promoting it updates that card.
ALTER TABLE "CensusSubmission" ADD COLUMN "correctsCardId" TEXT;

-- The card-suggestion flow is retired: the census is the one way to propose a card. Each card's earliest pending
-- correction suggestion becomes an open census correction of that card with no photo (source "suggestion"), keeping
-- the card's own set and number, its other fields proposed by the suggester, unless the census already has an open
-- submission of that printing. Others confirm or dispute it there as for any submission.
CREATE TEMP TABLE "_census_fix" AS
SELECT s."id", s."userId", s."createdAt", s."payload"::jsonb AS "p", s."cardId", cs."code" AS "setCode", c."number" AS "number"
FROM "CardSuggestion" s
JOIN "Card" c ON c."id" = s."cardId"
JOIN "CardSet" cs ON cs."id" = c."setId"
WHERE s."status" = 'pending'
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
         WHEN 'set' THEN to_jsonb(m."setCode")::text
         WHEN 'number' THEN m."number"::text
         WHEN 'text' THEN coalesce(m."p" -> 'text', '""'::jsonb)::text
         ELSE (m."p" -> f."name")::text END,
       m."userId", 'front', m."createdAt"
FROM "_census_fix" m
CROSS JOIN (VALUES ('set'), ('number'), ('title'), ('traits'), ('colors'), ('rings'), ('rarity'), ('text'), ('effect')) AS f("name")
WHERE f."name" IN ('set', 'number', 'text') OR coalesce(jsonb_typeof(m."p" -> f."name"), 'null') <> 'null';

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
