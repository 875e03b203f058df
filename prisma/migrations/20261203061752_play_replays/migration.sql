-- CreateTable
CREATE TABLE "PlayReplay" (
    "code" TEXT NOT NULL PRIMARY KEY,
    "gameId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PlayReplay_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "PlayGame" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "PlayReplay_gameId_key" ON "PlayReplay"("gameId");

-- Games finished before replays existed get a replay link too (about 70 random bits, as new ones have 72).
INSERT INTO "PlayReplay" ("code", "gameId") SELECT lower(hex(randomblob(9))), "id" FROM "PlayGame" WHERE "status" = 'finished';
