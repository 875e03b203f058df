-- CreateTable
CREATE TABLE "DeckStats" (
    "deckId" TEXT NOT NULL,
    "likes" INTEGER NOT NULL DEFAULT 0,
    "views" INTEGER NOT NULL DEFAULT 0,
    "copies" INTEGER NOT NULL DEFAULT 0,
    "comments" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DeckStats_pkey" PRIMARY KEY ("deckId"),
    CONSTRAINT "DeckStats_check" CHECK ("likes" >= 0 AND "views" >= 0 AND "copies" >= 0 AND "comments" >= 0)
);

-- CreateTable
CREATE TABLE "DeckLike" (
    "deckId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeckLike_pkey" PRIMARY KEY ("deckId","userId")
);

-- CreateTable
CREATE TABLE "DeckView" (
    "deckId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "visitorKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeckView_pkey" PRIMARY KEY ("deckId","day","visitorKey")
);

-- CreateTable
CREATE TABLE "DeckCopy" (
    "deckId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeckCopy_pkey" PRIMARY KEY ("deckId","userId")
);

-- CreateTable
CREATE TABLE "DeckComment" (
    "id" TEXT NOT NULL,
    "deckId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'visible',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "editedAt" TIMESTAMP(3),

    CONSTRAINT "DeckComment_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "DeckComment_check" CHECK ("status" IN ('visible', 'hidden') AND length("body") BETWEEN 1 AND 4000)
);

-- CreateTable
CREATE TABLE "CommentReport" (
    "id" TEXT NOT NULL,
    "commentId" TEXT NOT NULL,
    "reporterId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),
    "resolvedById" TEXT,

    CONSTRAINT "CommentReport_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "CommentReport_check" CHECK ("status" IN ('open', 'resolved') AND length("reason") BETWEEN 1 AND 500)
);

-- CreateIndex
CREATE INDEX "DeckStats_views_idx" ON "DeckStats"("views");

-- CreateIndex
CREATE INDEX "DeckStats_likes_idx" ON "DeckStats"("likes");

-- CreateIndex
CREATE INDEX "DeckLike_userId_idx" ON "DeckLike"("userId");

-- CreateIndex
CREATE INDEX "DeckCopy_userId_idx" ON "DeckCopy"("userId");

-- CreateIndex
CREATE INDEX "DeckComment_deckId_createdAt_idx" ON "DeckComment"("deckId", "createdAt");

-- CreateIndex
CREATE INDEX "DeckComment_authorId_idx" ON "DeckComment"("authorId");

-- CreateIndex
CREATE INDEX "DeckComment_status_idx" ON "DeckComment"("status");

-- CreateIndex
CREATE INDEX "CommentReport_status_createdAt_idx" ON "CommentReport"("status", "createdAt");

-- CreateIndex
CREATE INDEX "CommentReport_reporterId_idx" ON "CommentReport"("reporterId");

-- CreateIndex
CREATE UNIQUE INDEX "CommentReport_commentId_reporterId_key" ON "CommentReport"("commentId", "reporterId");

-- AddForeignKey
ALTER TABLE "DeckStats" ADD CONSTRAINT "DeckStats_deckId_fkey" FOREIGN KEY ("deckId") REFERENCES "Deck"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckLike" ADD CONSTRAINT "DeckLike_deckId_fkey" FOREIGN KEY ("deckId") REFERENCES "Deck"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckLike" ADD CONSTRAINT "DeckLike_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckView" ADD CONSTRAINT "DeckView_deckId_fkey" FOREIGN KEY ("deckId") REFERENCES "Deck"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckCopy" ADD CONSTRAINT "DeckCopy_deckId_fkey" FOREIGN KEY ("deckId") REFERENCES "Deck"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckCopy" ADD CONSTRAINT "DeckCopy_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckComment" ADD CONSTRAINT "DeckComment_deckId_fkey" FOREIGN KEY ("deckId") REFERENCES "Deck"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckComment" ADD CONSTRAINT "DeckComment_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommentReport" ADD CONSTRAINT "CommentReport_commentId_fkey" FOREIGN KEY ("commentId") REFERENCES "DeckComment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommentReport" ADD CONSTRAINT "CommentReport_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommentReport" ADD CONSTRAINT "CommentReport_resolvedById_fkey" FOREIGN KEY ("resolvedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Every deck has its counters row (new decks get one when they are created).
INSERT INTO "DeckStats" ("deckId") SELECT "id" FROM "Deck";
