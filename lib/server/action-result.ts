import type { z } from "zod";
import { domainFailureOf, type DomainErrorCode } from "@/lib/server/errors";

/** The typed result every server action returns (house rule 6). */
export type ActionResult<T = undefined> =
  | { ok: true; data: T; message?: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]>; code?: string };

export function ok<T>(data: T, message?: string): ActionResult<T> {
  return { ok: true, data, message };
}

export function fail(message: string, fieldErrors?: Record<string, string[]>): { ok: false; message: string; fieldErrors?: Record<string, string[]> } {
  return { ok: false, message, fieldErrors };
}

/** Turns a zod error into field errors keyed by the first path segment. */
export function zodFail(error: z.ZodError, message = "Please correct the highlighted fields."): { ok: false; message: string; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_form";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return { ok: false, message, fieldErrors };
}

/**
 * The one mapping to an action's failure: a thrown DomainError (signed out,
 * forbidden, rate limited, ...) or a DomainFailure a DAL function returned
 * becomes `{ ok: false, message, code }`, with the failure's field errors.
 * `field` puts the message on that form field; `message` replaces the form's
 * headline (the field keeps the failure's own message). Anything else is
 * rethrown (Next's redirects, and bugs, which the error page shows).
 */
export function failFrom(e: unknown, opts: { field?: string; message?: string } = {}): { ok: false; message: string; code: DomainErrorCode; fieldErrors?: Record<string, string[]> } {
  const f = domainFailureOf(e);
  if (!f) throw e;
  const fieldErrors = opts.field ? { [opts.field]: [f.message] } : f.fieldErrors;
  return fieldErrors ? { ok: false, message: opts.message ?? f.message, code: f.code, fieldErrors } : { ok: false, message: opts.message ?? f.message, code: f.code };
}
