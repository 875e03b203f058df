-- AlterTable
ALTER TABLE "PlayGame" ADD COLUMN     "deadlineAt" TIMESTAMP(3);
