import { domainErrorOf, RateLimitedError } from "@/lib/server/errors";

/** The one JSON error shape of every route handler: `{ error: { code, message } }`. */
export type JsonErrorBody = { error: { code: string; message: string } };

export function jsonErrorBody(code: string, message: string): JsonErrorBody {
  return { error: { code, message } };
}

/**
 * The one mapping from a thrown DomainError, or a DomainFailure a DAL function
 * returned, to a route handler's answer: the JSON error shape with the code's
 * HTTP status (401, 403, 404, 429 with `Retry-After`, other 4xx), never
 * cached. Anything else is rethrown (a bug: Next answers 500).
 */
export function jsonError(thrownOrReturned: unknown): Response {
  const e = domainErrorOf(thrownOrReturned);
  if (!e) throw thrownOrReturned;
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (e instanceof RateLimitedError) headers["Retry-After"] = String(Math.max(1, Math.ceil(e.retryAfterSeconds)));
  return Response.json(jsonErrorBody(e.code, e.message), { status: e.status, headers });
}
