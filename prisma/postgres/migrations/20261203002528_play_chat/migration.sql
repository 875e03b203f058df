-- CreateTable
CREATE TABLE "PlayChatMessage" (
    "id" SERIAL NOT NULL,
    "gameId" TEXT NOT NULL,
    "room" TEXT NOT NULL,
    "authorId" TEXT,
    "authorName" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'visible',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlayChatMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlayChatReport" (
    "id" TEXT NOT NULL,
    "messageId" INTEGER NOT NULL,
    "reporterId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),
    "resolvedById" TEXT,

    CONSTRAINT "PlayChatReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlayChatPref" (
    "userId" TEXT NOT NULL,
    "showSpectators" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlayChatPref_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "PlayChatMute" (
    "userId" TEXT NOT NULL,
    "mutedId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlayChatMute_pkey" PRIMARY KEY ("userId","mutedId")
);

-- CreateTable
CREATE TABLE "PlaySpectatorDelay" (
    "gameId" TEXT NOT NULL,
    "moves" INTEGER NOT NULL,

    CONSTRAINT "PlaySpectatorDelay_pkey" PRIMARY KEY ("gameId")
);

-- CreateIndex
CREATE INDEX "PlayChatMessage_gameId_room_id_idx" ON "PlayChatMessage"("gameId", "room", "id");

-- CreateIndex
CREATE INDEX "PlayChatMessage_authorId_idx" ON "PlayChatMessage"("authorId");

-- CreateIndex
CREATE INDEX "PlayChatReport_status_createdAt_idx" ON "PlayChatReport"("status", "createdAt");

-- CreateIndex
CREATE INDEX "PlayChatReport_reporterId_idx" ON "PlayChatReport"("reporterId");

-- CreateIndex
CREATE UNIQUE INDEX "PlayChatReport_messageId_reporterId_key" ON "PlayChatReport"("messageId", "reporterId");

-- CreateIndex
CREATE INDEX "PlayChatMute_mutedId_idx" ON "PlayChatMute"("mutedId");

-- AddForeignKey
ALTER TABLE "PlayChatReport" ADD CONSTRAINT "PlayChatReport_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "PlayChatMessage"("id") ON DELETE CASCADE ON UPDATE CASCADE;
