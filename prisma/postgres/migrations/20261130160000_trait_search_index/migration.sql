-- Trait filters: a covering index (traitKey, cardId), so a trait search reads
-- the matching card ids from the index alone.
-- DropIndex
DROP INDEX "CardTrait_traitKey_idx";

-- CreateIndex
CREATE INDEX "CardTrait_traitKey_cardId_idx" ON "CardTrait"("traitKey", "cardId");
