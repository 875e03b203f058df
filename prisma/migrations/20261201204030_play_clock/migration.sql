-- AlterTable
ALTER TABLE "PlayGame" ADD COLUMN "deadlineAt" DATETIME;
