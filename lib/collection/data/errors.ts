import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { FileErrorCode } from "@/lib/collection/transfer";
import { DomainError } from "@/lib/server/errors";

export type CollectionErrorCode =
  | "collection/unknown-card"
  | "collection/below-zero"
  | "collection/too-many"
  | "collection/no-pack"
  | "collection/not-last-pack"
  | "collection/other-account"
  | "collection/undo-below-zero"
  | "collection/import-invalid"
  | "collection/busy"
  | "collection/unknown-binder"
  | "collection/binder-name"
  | "collection/not-enough-copies"
  | FileErrorCode;

/** A refusal the user can read (a DomainError: `failFrom` turns it into an ActionResult). Nothing was changed when it is thrown. */
export class CollectionError extends DomainError {
  declare readonly code: CollectionErrorCode;
  constructor(code: CollectionErrorCode, message: string) {
    super(code, message, { status: code === "collection/busy" ? 409 : code === "collection/other-account" ? 403 : undefined });
    this.name = "CollectionError";
  }
}

/** The transaction client the collection helpers run inside. */
export type Tx = Prisma.TransactionClient;
