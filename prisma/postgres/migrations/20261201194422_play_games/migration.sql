-- CreateTable
CREATE TABLE "PlayGame" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "inviteToken" TEXT NOT NULL,
    "listing" TEXT NOT NULL,
    "pace" TEXT NOT NULL,
    "columnRule" TEXT NOT NULL,
    "maxTurns" INTEGER NOT NULL DEFAULT 100,
    "seed" INTEGER NOT NULL,
    "lead" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "seq" INTEGER NOT NULL DEFAULT 0,
    "toMove" INTEGER NOT NULL DEFAULT 0,
    "held0" TEXT,
    "held1" TEXT,
    "result" TEXT,
    "endReason" TEXT,
    "rematchOfId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "PlayGame_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlaySeat" (
    "gameId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "userId" TEXT,
    "playerName" TEXT NOT NULL,
    "deckName" TEXT NOT NULL,
    "deckKeys" TEXT NOT NULL,
    "deckCards" TEXT NOT NULL,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlaySeat_pkey" PRIMARY KEY ("gameId","seat")
);

-- CreateTable
CREATE TABLE "PlayAction" (
    "gameId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlayAction_pkey" PRIMARY KEY ("gameId","seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "PlayGame_code_key" ON "PlayGame"("code");

-- CreateIndex
CREATE UNIQUE INDEX "PlayGame_inviteToken_key" ON "PlayGame"("inviteToken");

-- CreateIndex
CREATE UNIQUE INDEX "PlayGame_rematchOfId_key" ON "PlayGame"("rematchOfId");

-- CreateIndex
CREATE INDEX "PlayGame_status_listing_createdAt_idx" ON "PlayGame"("status", "listing", "createdAt");

-- CreateIndex
CREATE INDEX "PlaySeat_userId_idx" ON "PlaySeat"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "PlaySeat_gameId_userId_key" ON "PlaySeat"("gameId", "userId");

-- AddForeignKey
ALTER TABLE "PlayGame" ADD CONSTRAINT "PlayGame_rematchOfId_fkey" FOREIGN KEY ("rematchOfId") REFERENCES "PlayGame"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlaySeat" ADD CONSTRAINT "PlaySeat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "PlayGame"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlaySeat" ADD CONSTRAINT "PlaySeat_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlayAction" ADD CONSTRAINT "PlayAction_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "PlayGame"("id") ON DELETE CASCADE ON UPDATE CASCADE;
