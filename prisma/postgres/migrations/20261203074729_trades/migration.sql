-- CreateTable
CREATE TABLE "TradeProfile" (
    "userId" TEXT NOT NULL,
    "listsPublic" BOOLEAN NOT NULL DEFAULT false,
    "tradeMail" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TradeProfile_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "TradeListEntry" (
    "userId" TEXT NOT NULL,
    "list" TEXT NOT NULL,
    "cardId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TradeListEntry_pkey" PRIMARY KEY ("userId","list","cardId")
);

-- CreateTable
CREATE TABLE "TradeProposal" (
    "id" TEXT NOT NULL,
    "fromId" TEXT,
    "toId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "counterOfId" TEXT,
    "message" TEXT NOT NULL DEFAULT '',
    "fromDone" BOOLEAN NOT NULL DEFAULT false,
    "toDone" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "TradeProposal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TradeLine" (
    "id" TEXT NOT NULL,
    "proposalId" TEXT NOT NULL,
    "giver" TEXT NOT NULL,
    "cardId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,

    CONSTRAINT "TradeLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TradeListEntry_list_cardId_idx" ON "TradeListEntry"("list", "cardId");

-- CreateIndex
CREATE INDEX "TradeProposal_fromId_status_idx" ON "TradeProposal"("fromId", "status");

-- CreateIndex
CREATE INDEX "TradeProposal_toId_status_idx" ON "TradeProposal"("toId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "TradeLine_proposalId_giver_cardId_key" ON "TradeLine"("proposalId", "giver", "cardId");

-- AddForeignKey
ALTER TABLE "TradeProfile" ADD CONSTRAINT "TradeProfile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TradeListEntry" ADD CONSTRAINT "TradeListEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TradeProposal" ADD CONSTRAINT "TradeProposal_fromId_fkey" FOREIGN KEY ("fromId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TradeProposal" ADD CONSTRAINT "TradeProposal_toId_fkey" FOREIGN KEY ("toId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TradeLine" ADD CONSTRAINT "TradeLine_proposalId_fkey" FOREIGN KEY ("proposalId") REFERENCES "TradeProposal"("id") ON DELETE CASCADE ON UPDATE CASCADE;
