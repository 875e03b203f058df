-- CreateTable
CREATE TABLE "PlayReplay" (
    "code" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlayReplay_pkey" PRIMARY KEY ("code")
);

-- CreateIndex
CREATE UNIQUE INDEX "PlayReplay_gameId_key" ON "PlayReplay"("gameId");

-- AddForeignKey
ALTER TABLE "PlayReplay" ADD CONSTRAINT "PlayReplay_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "PlayGame"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Games finished before replays existed get a replay link too (about 70 random bits, as new ones have 72).
INSERT INTO "PlayReplay" ("code", "gameId") SELECT substr(replace(gen_random_uuid()::text, '-', ''), 1, 18), "id" FROM "PlayGame" WHERE "status" = 'finished';
