-- Data fix (by hand): cards and audit rows that an interrupted chunked import left hidden were never published;
-- they go with their markers, and that import's job becomes an unfinished one the next import clears.
DELETE FROM "CardAudit" WHERE "id" IN (SELECT "auditId" FROM "PendingAudit");
DELETE FROM "CardAudit" WHERE "cardId" IN (SELECT "cardId" FROM "PendingCard");
DELETE FROM "CardTrait" WHERE "cardId" IN (SELECT "cardId" FROM "PendingCard");
DELETE FROM "Card" WHERE "id" IN (SELECT "cardId" FROM "PendingCard");
UPDATE "ImportJob" SET "status" = 'staging' WHERE "status" IN ('applying', 'rolling-back');

-- DropForeignKey
ALTER TABLE "PendingCard" DROP CONSTRAINT "PendingCard_cardId_fkey";

-- DropForeignKey
ALTER TABLE "PendingAudit" DROP CONSTRAINT "PendingAudit_auditId_fkey";

-- AlterTable
ALTER TABLE "ImportJob" DROP COLUMN "leaseUntil",
DROP COLUMN "newSets";

-- DropTable
DROP TABLE "PendingCard";

-- DropTable
DROP TABLE "PendingAudit";
