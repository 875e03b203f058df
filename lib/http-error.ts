import { DomainError, RateLimitedError } from "@/lib/errors";

/** The one JSON error shape of every route handler: `{ error: { code, message } }`. */
export type JsonErrorBody = { error: { code: string; message: string } };

export function jsonErrorBody(code: string, message: string): JsonErrorBody {
  return { error: { code, message } };
}

/**
 * A thrown DomainError as its JSON response (status from its code, Retry-After
 * for rate limits, never cached). Anything else is a bug and is rethrown.
 */
export function jsonErrorResponse(e: unknown): Response {
  if (!(e instanceof DomainError)) throw e;
  const headers: Record<string, string> = { "Cache-Control": "private, no-store" };
  if (e instanceof RateLimitedError) headers["Retry-After"] = String(e.retryAfterSeconds);
  return Response.json(jsonErrorBody(e.code, e.message), { status: e.status, headers });
}
