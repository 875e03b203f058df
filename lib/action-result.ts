import type { z } from "zod";
import { DomainError, type DomainErrorCode } from "@/lib/errors";

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
 * The action result for a thrown DomainError (signed out, forbidden, rate
 * limited, ...): its message and code. Anything else is rethrown (Next's
 * redirects, and bugs, which the error page shows).
 */
export function failFrom(e: unknown): { ok: false; message: string; code: DomainErrorCode } {
  if (e instanceof DomainError) return { ok: false, message: e.message, code: e.code };
  throw e;
}
