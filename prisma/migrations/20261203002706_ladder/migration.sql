-- CreateTable
CREATE TABLE "PlayerRating" (
    "userId" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "pool" TEXT NOT NULL,
    "rating" REAL NOT NULL,
    "rd" REAL NOT NULL,
    "vol" REAL NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "losses" INTEGER NOT NULL DEFAULT 0,
    "draws" INTEGER NOT NULL DEFAULT 0,
    "lastGameAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("userId", "season", "pool"),
    CONSTRAINT "PlayerRating_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RatingHistory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "pool" TEXT NOT NULL,
    "rating" REAL NOT NULL,
    "rd" REAL NOT NULL,
    "delta" REAL NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "gameId" TEXT NOT NULL,
    CONSTRAINT "RatingHistory_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RankedGame" (
    "gameId" TEXT NOT NULL PRIMARY KEY,
    "pair" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "waitSeconds" INTEGER,
    "season" INTEGER,
    "counted" BOOLEAN,
    "reason" TEXT,
    "settledAt" DATETIME
);

-- CreateTable
CREATE TABLE "LadderQueueEntry" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "playerName" TEXT NOT NULL,
    "deckName" TEXT NOT NULL,
    "deck" TEXT NOT NULL,
    "rating" REAL NOT NULL,
    "joinedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "gameCode" TEXT,
    CONSTRAINT "LadderQueueEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PracticeGame" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "replayHash" TEXT NOT NULL,
    "level" TEXT NOT NULL,
    "result" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PracticeGame_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "PlayerRating_season_pool_rating_idx" ON "PlayerRating"("season", "pool", "rating");

-- CreateIndex
CREATE INDEX "RatingHistory_userId_pool_season_at_idx" ON "RatingHistory"("userId", "pool", "season", "at");

-- CreateIndex
CREATE INDEX "RankedGame_pair_counted_settledAt_idx" ON "RankedGame"("pair", "counted", "settledAt");

-- CreateIndex
CREATE INDEX "RankedGame_waitSeconds_createdAt_idx" ON "RankedGame"("waitSeconds", "createdAt");

-- CreateIndex
CREATE INDEX "LadderQueueEntry_gameCode_seenAt_idx" ON "LadderQueueEntry"("gameCode", "seenAt");

-- CreateIndex
CREATE UNIQUE INDEX "PracticeGame_userId_replayHash_key" ON "PracticeGame"("userId", "replayHash");
