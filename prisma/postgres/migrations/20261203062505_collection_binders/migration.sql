-- Binders, per-copy details and deck reservations. No data moves: CollectionEntry.quantity stays each card's
-- total, and the copies no CollectionLot holds are plain copies in the default binder. So every existing copy is,
-- after this migration, a plain copy in the default binder, and every total reads exactly as before.

-- CreateTable
CREATE TABLE "Binder" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Binder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CollectionLot" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "cardId" TEXT NOT NULL,
    "binderId" TEXT,
    "quantity" INTEGER NOT NULL,
    "condition" TEXT NOT NULL DEFAULT '',
    "language" TEXT NOT NULL DEFAULT '',
    "printing" TEXT NOT NULL DEFAULT '',
    "priceCents" INTEGER,
    "purchasedOn" TEXT NOT NULL DEFAULT '',
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CollectionLot_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "CollectionLot_check" CHECK ("quantity" > 0 AND "condition" IN ('', 'NM', 'LP', 'MP', 'HP', 'DMG') AND ("priceCents" IS NULL OR "priceCents" >= 0))
);

-- CreateTable
CREATE TABLE "DeckReservation" (
    "deckId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "cardId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,

    CONSTRAINT "DeckReservation_pkey" PRIMARY KEY ("deckId","cardId"),
    CONSTRAINT "DeckReservation_check" CHECK ("quantity" > 0)
);

-- CreateIndex
CREATE UNIQUE INDEX "Binder_userId_name_key" ON "Binder"("userId", "name");

-- CreateIndex
CREATE INDEX "CollectionLot_userId_cardId_idx" ON "CollectionLot"("userId", "cardId");

-- CreateIndex
CREATE INDEX "CollectionLot_binderId_idx" ON "CollectionLot"("binderId");

-- CreateIndex
CREATE INDEX "DeckReservation_userId_cardId_idx" ON "DeckReservation"("userId", "cardId");

-- AddForeignKey
ALTER TABLE "Binder" ADD CONSTRAINT "Binder_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionLot" ADD CONSTRAINT "CollectionLot_userId_cardId_fkey" FOREIGN KEY ("userId", "cardId") REFERENCES "CollectionEntry"("userId", "cardId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionLot" ADD CONSTRAINT "CollectionLot_binderId_fkey" FOREIGN KEY ("binderId") REFERENCES "Binder"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckReservation" ADD CONSTRAINT "DeckReservation_deckId_fkey" FOREIGN KEY ("deckId") REFERENCES "Deck"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckReservation" ADD CONSTRAINT "DeckReservation_userId_cardId_fkey" FOREIGN KEY ("userId", "cardId") REFERENCES "CollectionEntry"("userId", "cardId") ON DELETE CASCADE ON UPDATE CASCADE;

