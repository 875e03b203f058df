-- CreateTable
CREATE TABLE "Event" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "organiserId" TEXT,
    "organiserName" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "roundsChosen" INTEGER NOT NULL DEFAULT 0,
    "rounds" INTEGER NOT NULL DEFAULT 0,
    "topCut" INTEGER NOT NULL DEFAULT 0,
    "registrationClosesAt" DATETIME NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'registration',
    "currentRound" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    CONSTRAINT "Event_organiserId_fkey" FOREIGN KEY ("organiserId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EventEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "eventId" TEXT NOT NULL,
    "userId" TEXT,
    "playerName" TEXT NOT NULL,
    "deckName" TEXT NOT NULL,
    "deck" TEXT NOT NULL,
    "firstRound" INTEGER NOT NULL DEFAULT 1,
    "droppedAfter" INTEGER,
    "registeredAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EventEntry_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "EventEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EventMatch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "eventId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "table" INTEGER NOT NULL,
    "stage" TEXT NOT NULL DEFAULT 'swiss',
    "entryA" TEXT NOT NULL,
    "entryB" TEXT,
    "gameId" TEXT,
    "gameCode" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "winsA" INTEGER NOT NULL DEFAULT 0,
    "winsB" INTEGER NOT NULL DEFAULT 0,
    "draws" INTEGER NOT NULL DEFAULT 0,
    "reportA" TEXT,
    "reportB" TEXT,
    "source" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "EventMatch_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EventAudit" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "eventId" TEXT NOT NULL,
    "actorId" TEXT,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "detail" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EventAudit_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Event_status_registrationClosesAt_idx" ON "Event"("status", "registrationClosesAt");

-- CreateIndex
CREATE UNIQUE INDEX "EventEntry_eventId_userId_key" ON "EventEntry"("eventId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "EventMatch_gameId_key" ON "EventMatch"("gameId");

-- CreateIndex
CREATE INDEX "EventMatch_eventId_round_idx" ON "EventMatch"("eventId", "round");

-- CreateIndex
CREATE UNIQUE INDEX "EventMatch_eventId_round_table_key" ON "EventMatch"("eventId", "round", "table");

-- CreateIndex
CREATE INDEX "EventAudit_eventId_at_idx" ON "EventAudit"("eventId", "at");
