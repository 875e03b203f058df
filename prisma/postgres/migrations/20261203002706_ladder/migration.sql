-- CreateTable
CREATE TABLE "PlayerRating" (
    "userId" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "pool" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "rd" DOUBLE PRECISION NOT NULL,
    "vol" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "losses" INTEGER NOT NULL DEFAULT 0,
    "draws" INTEGER NOT NULL DEFAULT 0,
    "lastGameAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlayerRating_pkey" PRIMARY KEY ("userId","season","pool")
);

-- CreateTable
CREATE TABLE "RatingHistory" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "pool" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "rd" DOUBLE PRECISION NOT NULL,
    "delta" DOUBLE PRECISION NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "gameId" TEXT NOT NULL,

    CONSTRAINT "RatingHistory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RankedGame" (
    "gameId" TEXT NOT NULL,
    "pair" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "waitSeconds" INTEGER,
    "season" INTEGER,
    "counted" BOOLEAN,
    "reason" TEXT,
    "settledAt" TIMESTAMP(3),

    CONSTRAINT "RankedGame_pkey" PRIMARY KEY ("gameId")
);

-- CreateTable
CREATE TABLE "LadderQueueEntry" (
    "userId" TEXT NOT NULL,
    "playerName" TEXT NOT NULL,
    "deckName" TEXT NOT NULL,
    "deck" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "gameCode" TEXT,

    CONSTRAINT "LadderQueueEntry_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "PracticeGame" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "replayHash" TEXT NOT NULL,
    "level" TEXT NOT NULL,
    "result" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PracticeGame_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "PlayerRating" ADD CONSTRAINT "PlayerRating_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RatingHistory" ADD CONSTRAINT "RatingHistory_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LadderQueueEntry" ADD CONSTRAINT "LadderQueueEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PracticeGame" ADD CONSTRAINT "PracticeGame_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
