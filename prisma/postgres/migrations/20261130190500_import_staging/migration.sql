-- CreateTable
CREATE TABLE "ImportJob" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'staging',
    "total" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportJob_pkey" PRIMARY KEY ("id")
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
    "stagedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ImportCardStage_pkey" PRIMARY KEY ("jobId","seq")
);

-- CreateTable
CREATE TABLE "ImportTraitStage" (
    "jobId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "cardId" TEXT NOT NULL,
    "trait" TEXT NOT NULL,
    "traitKey" TEXT NOT NULL,

    CONSTRAINT "ImportTraitStage_pkey" PRIMARY KEY ("jobId","seq","traitKey")
);

-- CreateTable
CREATE TABLE "ImportCollectionStage" (
    "jobId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "cardId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,

    CONSTRAINT "ImportCollectionStage_pkey" PRIMARY KEY ("jobId","seq")
);

-- CreateIndex
CREATE INDEX "ImportJob_createdAt_idx" ON "ImportJob"("createdAt");

-- AddForeignKey
ALTER TABLE "ImportCardStage" ADD CONSTRAINT "ImportCardStage_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "ImportJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportTraitStage" ADD CONSTRAINT "ImportTraitStage_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "ImportJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportCollectionStage" ADD CONSTRAINT "ImportCollectionStage_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "ImportJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;
