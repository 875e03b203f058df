-- CreateTable
CREATE TABLE "PlayAway" (
    "gameId" TEXT NOT NULL PRIMARY KEY,
    "seat" INTEGER NOT NULL,
    "since" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "NotificationPreference" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "playTurnMail" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "NotificationPreference_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
