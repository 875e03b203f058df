import { DomainError } from "@/lib/errors";

/** The one JSON error shape of every route handler: `{ error: { code, message } }`. */
export type JsonErrorBody = { error: { code: string; message: string } };

export function jsonErrorBody(code: string, message: string): JsonErrorBody {
  return { error: { code, message } };
}

/** The JSON error response for a refusal (a DomainError, with its status); anything else is a bug and is rethrown. */
export function jsonErrorResponse(e: unknown): Response {
  if (e instanceof DomainError) return Response.json(jsonErrorBody(e.code, e.message), { status: e.status });
  throw e;
}
