"use client";

import type { ActionResult } from "@/lib/server/action-result";
import type { ImportActionData } from "@/lib/collection/types";
import { readImportStream, type ImportProgressState } from "@/components/ui/import-progress";

/** Sends a collection import (check or apply) to POST /api/collection/import and follows its progress to the result. */
export function sendImport(form: FormData, onProgress: (p: ImportProgressState) => void): Promise<ActionResult<ImportActionData>> {
  return readImportStream<ImportActionData>("/api/collection/import", form, onProgress);
}
