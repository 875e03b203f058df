-- CreateTable
CREATE TABLE "ImportJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'staging',
    "total" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ImportCardStage" (
    "jobId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "line" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "cardId" TEXT NOT NULL,
    "setCode" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "titleKey" TEXT NOT NULL,
    "colorMask" INTEGER NOT NULL,
    "colorCount" INTEGER NOT NULL,
    "rings" INTEGER NOT NULL,
    "rarity" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "effect" TEXT,
    "imageUrl" TEXT,
    "cardKey" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "auditBefore" TEXT,
    "auditAfter" TEXT NOT NULL,
    "stagedAt" DATETIME NOT NULL,

    PRIMARY KEY ("jobId", "seq"),
    CONSTRAINT "ImportCardStage_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "ImportJob" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ImportTraitStage" (
    "jobId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "cardId" TEXT NOT NULL,
    "trait" TEXT NOT NULL,
    "traitKey" TEXT NOT NULL,

    PRIMARY KEY ("jobId", "seq", "traitKey"),
    CONSTRAINT "ImportTraitStage_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "ImportJob" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ImportCollectionStage" (
    "jobId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "cardId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,

    PRIMARY KEY ("jobId", "seq"),
    CONSTRAINT "ImportCollectionStage_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "ImportJob" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ImportJob_createdAt_idx" ON "ImportJob"("createdAt");
