-- CreateTable
CREATE TABLE "CardImage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contentType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "data" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CHECK ("contentType" IN ('image/png', 'image/jpeg', 'image/webp') AND "byteSize" > 0 AND "byteSize" <= 2097152)
);
