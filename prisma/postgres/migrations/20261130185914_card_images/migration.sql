-- CreateTable
CREATE TABLE "CardImage" (
    "id" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CardImage_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "CardImage_check" CHECK ("contentType" IN ('image/png', 'image/jpeg', 'image/webp') AND "byteSize" > 0 AND "byteSize" <= 2097152)
);
