/**
 * The one typed error of the domain: thrown by lib/dal and lib helpers, or
 * returned as a `DomainFailure` (the same code and message) where a caller
 * shows the refusal in place. Either way one mapping turns it into an action
 * result (`failFrom`, lib/server/action-result) and one into a route handler's answer
 * `{ error: { code, message } }` with the status `statusForCode` gives
 * (`jsonError`, lib/server/http-error). Codes are 'domain/reason' strings.
 */
export type DomainErrorCode =
  | "auth/unauthenticated"
  | "auth/forbidden"
  | "rate/limited"
  | "input/invalid"
  | "input/too-large"
  | "request/cross-origin"
  | "not-found/missing"
  | (string & { readonly __domain?: never });

/** The HTTP status each family of codes maps to. */
export function statusForCode(code: string): number {
  if (code === "auth/unauthenticated") return 401;
  if (code === "auth/forbidden" || code === "request/cross-origin") return 403;
  if (code === "rate/limited") return 429;
  if (code.endsWith("/too-large")) return 413;
  if (code.startsWith("not-found/") || code.endsWith("/not-found")) return 404;
  if (code.endsWith("/conflict")) return 409;
  return 400;
}

export class DomainError extends Error {
  readonly status: number;
  constructor(
    public readonly code: DomainErrorCode,
    message: string,
    options?: { status?: number; cause?: unknown },
  ) {
    super(message, { cause: options?.cause });
    this.name = "DomainError";
    this.status = options?.status ?? statusForCode(code);
  }
}

/**
 * A refusal a DAL function returns instead of throwing (a duplicate card
 * number, a deck conflict, a suggestion already reviewed): what a DomainError
 * carries, plus the form fields it concerns. Callers never re-wrap it by hand:
 * `failFrom(r)` in a server action, `jsonError(r)` in a route handler.
 */
export type DomainFailure<C extends string = DomainErrorCode> = { ok: false; code: C; message: string; fieldErrors?: Record<string, string[]> };

/** Builds a DomainFailure (DAL functions return these for expected refusals). */
export function failure<C extends string>(code: C, message: string, fieldErrors?: Record<string, string[]>): DomainFailure<C> {
  return fieldErrors ? { ok: false, code, message, fieldErrors } : { ok: false, code, message };
}

/** The refusal behind a thrown DomainError or a returned DomainFailure; null for anything else (a bug). */
export function domainFailureOf(e: unknown): DomainFailure | null {
  if (e instanceof DomainError) return { ok: false, code: e.code, message: e.message };
  if (typeof e === "object" && e !== null && (e as { ok?: unknown }).ok === false) {
    const { code, message, fieldErrors } = e as { code?: unknown; message?: unknown; fieldErrors?: Record<string, string[]> };
    if (typeof code === "string" && /^[a-z][a-z0-9-]*\/[a-z0-9-]+$/.test(code) && typeof message === "string") return failure(code, message, fieldErrors);
  }
  return null;
}

/** The DomainError a returned failure stands for (a thrown one is itself); null for anything else. */
export function domainErrorOf(e: unknown): DomainError | null {
  if (e instanceof DomainError) return e;
  const f = domainFailureOf(e);
  return f ? new DomainError(f.code, f.message) : null;
}

/** A request over a rate limit: says when the caller may try again. */
export class RateLimitedError extends DomainError {
  constructor(public readonly retryAfterSeconds: number, what = "requests") {
    super("rate/limited", `Too many ${what}. Try again ${describeWait(retryAfterSeconds)}.`);
    this.name = "RateLimitedError";
  }
}

/** "in 40 seconds", "in 3 minutes", "in about 2 hours" for a wait in seconds. */
export function describeWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `in ${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  if (m < 60) return `in ${m} minute${m === 1 ? "" : "s"}`;
  const h = Math.round(m / 60);
  return `in about ${h} hour${h === 1 ? "" : "s"}`;
}
