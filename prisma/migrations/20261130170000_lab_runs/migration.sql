-- Saved matchup-lab runs: a deck's owner keeps a run with the deck version it tested.
-- CreateTable
CREATE TABLE "LabRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "deckId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "deckVersion" INTEGER NOT NULL,
    "query" TEXT NOT NULL,
    "seed" INTEGER NOT NULL,
    "agents" TEXT NOT NULL,
    "games" INTEGER NOT NULL,
    "wins" INTEGER NOT NULL,
    "losses" INTEGER NOT NULL,
    "draws" INTEGER NOT NULL,
    "results" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LabRun_deckId_fkey" FOREIGN KEY ("deckId") REFERENCES "Deck" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "LabRun_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CHECK ("games" >= 0 AND "wins" >= 0 AND "losses" >= 0 AND "draws" >= 0 AND "wins" + "losses" + "draws" = "games")
);

-- CreateIndex
CREATE INDEX "LabRun_deckId_createdAt_idx" ON "LabRun"("deckId", "createdAt");

-- CreateIndex
CREATE INDEX "LabRun_userId_idx" ON "LabRun"("userId");
