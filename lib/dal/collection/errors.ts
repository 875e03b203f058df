import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { FileErrorCode } from "@/lib/collection/transfer";

export type CollectionErrorCode =
  | "collection/unknown-card"
  | "collection/below-zero"
  | "collection/too-many"
  | "collection/no-pack"
  | "collection/not-last-pack"
  | "collection/undo-below-zero"
  | "collection/import-invalid"
  | "collection/busy"
  | FileErrorCode;

/** A refusal the user can read; actions turn it into an ActionResult. Nothing was changed when it is thrown. */
export class CollectionError extends Error {
  constructor(
    public readonly code: CollectionErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The transaction client the collection helpers run inside. */
export type Tx = Prisma.TransactionClient;
