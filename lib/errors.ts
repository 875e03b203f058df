/**
 * The one typed error of the domain: thrown by lib/dal and lib helpers, turned
 * into an action result by `failFrom` (lib/action-result). Route handlers answer
 * `{ error: { code, message } }` (`jsonErrorBody`, lib/http-error) with the
 * status `statusForCode` gives, except the collection export, collection lookup
 * and want-list routes, which still answer `{ error: code, message }`.
 * Codes are 'domain/reason' strings.
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
  if (code === "input/too-large") return 413;
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
