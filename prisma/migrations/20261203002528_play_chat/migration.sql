-- CreateTable
CREATE TABLE "PlayChatMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "gameId" TEXT NOT NULL,
    "room" TEXT NOT NULL,
    "authorId" TEXT,
    "authorName" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'visible',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "PlayChatReport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "messageId" INTEGER NOT NULL,
    "reporterId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" DATETIME,
    "resolvedById" TEXT,
    CONSTRAINT "PlayChatReport_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "PlayChatMessage" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PlayChatPref" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "showSpectators" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PlayChatMute" (
    "userId" TEXT NOT NULL,
    "mutedId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "mutedId")
);

-- CreateTable
CREATE TABLE "PlaySpectatorDelay" (
    "gameId" TEXT NOT NULL PRIMARY KEY,
    "moves" INTEGER NOT NULL
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
