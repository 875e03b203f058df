/**
 * The one typed error of the domain: thrown by data access and lib helpers, or
 * returned as a `DomainFailure` (the same code and message) where a caller
 * shows the refusal in place. Either way one mapping turns it into an action
 * result (`failFrom`, lib/server/action-result) and one into a route handler's answer
 * `{ error: { code, message } }` with the status `statusForCode` gives
 * (`jsonError`, lib/server/http-error).
 *
 * Codes are 'domain/reason' strings from this closed list, each with its HTTP
 * status: a code is added here or it does not compile, so a typo in a throw or
 * a comparison is a type error.
 */
const STATUS_BY_CODE = {
  "auth/unauthenticated": 401,
  "auth/forbidden": 403,
  "rate/limited": 429,
  "input/invalid": 400,
  "input/too-large": 413,
  "request/cross-origin": 403,
  "not-found/missing": 404,
  "health/unavailable": 503,
  "account/admin": 400,
  "account/conflict": 409,
  "account/same-password": 400,
  "account/weak-password": 400,
  "account/wrong-password": 400,
  "reset/expired": 400,
  "reset/invalid": 400,
  "card/not-found": 404,
  "catalog/duplicate": 400,
  "catalog/in-use": 400,
  "catalog/not-found": 404,
  "collection/unknown-card": 400,
  "collection/below-zero": 400,
  "collection/too-many": 400,
  "collection/no-pack": 400,
  "collection/not-last-pack": 400,
  "collection/other-account": 403,
  "collection/undo-below-zero": 400,
  "collection/import-invalid": 400,
  "collection/busy": 409,
  "collection/nothing-spare": 400,
  "collection/unknown-binder": 404,
  "collection/binder-name": 400,
  "collection/not-enough-copies": 400,
  "comment/already-reported": 409,
  "comment/forbidden": 403,
  "comment/hidden": 403,
  "comment/not-found": 404,
  "comment/own": 403,
  "community/closed": 403,
  "community/own-deck": 403,
  "deck/bad-code": 400,
  "deck/conflict": 409,
  "deck/empty": 400,
  "deck/not-found": 404,
  "deck/not-legal": 400,
  "deck/title-limit": 400,
  "deck/unknown-card": 400,
  "deck/unplayable": 400,
  "deck/unreadable": 400,
  "starter/not-found": 404,
  "lab/bad-version": 400,
  "import/abandoned": 503,
  "import/conflict": 409,
  "import/empty": 400,
  "import/invalid": 400,
  "import/malformed": 400,
  "import/missing-columns": 400,
  "import/timeout": 503,
  "import/too-large": 413,
  "import/too-many-rows": 400,
  // our own failure (a store or the database is down, or too busy): the client may retry, and it counts against nobody
  "service/unavailable": 503,
  "service/busy": 503,
  // games between players (lib/play)
  "play/not-found": 404,
  "play/taken": 409,
  "play/not-finished": 409,
  "play/no-opponent": 409,
  "play/unknown-deck": 400,
  "play/illegal-deck": 400,
  "play/stale": 409,
  "play/not-seated": 403,
  "play/not-active": 409,
  "play/not-your-claim": 409,
  "play/not-yet": 409,
  "play/illegal": 422,
  // game chat (lib/play/chat.ts)
  "chat/empty": 400,
  "chat/too-long": 400,
  "chat/not-allowed": 403,
  "chat/not-found": 404,
  "chat/own": 403,
  "chat/already-reported": 409,
  "ladder/in-game": 409,
  "ladder/ranked-live": 400,
  "ladder/not-a-game": 400,
  "ladder/reported": 409,
  // the card census (lib/census)
  "census/not-found": 404,
  "census/duplicate": 409,
  "census/own-field": 403,
  "census/already-voted": 409,
  "census/closed": 409,
  "census/not-disputed": 409,
  "census/bad-photo": 400,
  "census/already-reported": 409,
  // events (lib/events)
  "events/not-found": 404,
  "events/not-organiser": 403,
  "events/organiser-plays": 409,
  "events/closed": 409,
  "events/locked": 409,
  "events/not-running": 409,
  "events/round-open": 409,
  "events/cannot-pair": 409,
  "events/too-few": 409,
  "events/not-player": 403,
  "events/bad-result": 400,
  "events/settled": 409,
  // trades between players (lib/trades)
  "trade/not-found": 404,
  "trade/invalid": 400,
  "trade/state": 409,
  "trade/not-enough": 409,
} as const satisfies Record<`${string}/${string}`, number>;

export type DomainErrorCode = keyof typeof STATUS_BY_CODE;

/** The HTTP status of a code (the list above is exhaustive: every code has one). */
export function statusForCode(code: DomainErrorCode): number {
  return STATUS_BY_CODE[code];
}

/** Whether a string is one of the domain's codes (a failure read back from an unknown value). */
export function isDomainErrorCode(code: unknown): code is DomainErrorCode {
  return typeof code === "string" && Object.hasOwn(STATUS_BY_CODE, code);
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

/** A refusal for who is asking: no signed-in actor, or one without the needed role (lib/server/actor.ts). */
export class AuthError extends DomainError {
  declare readonly code: "auth/unauthenticated" | "auth/forbidden";
  constructor(code: "auth/unauthenticated" | "auth/forbidden", message: string) {
    super(code, message);
    this.name = "AuthError";
  }
}

/**
 * A refusal a DAL function returns instead of throwing (a duplicate card
 * number, a deck conflict, a printing already in the census): what a DomainError
 * carries, plus the form fields it concerns. Callers never re-wrap it by hand:
 * `failFrom(r)` in a server action, `jsonError(r)` in a route handler.
 */
export type DomainFailure<C extends DomainErrorCode = DomainErrorCode> = { ok: false; code: C; message: string; fieldErrors?: Record<string, string[]> };

/** Builds a DomainFailure (DAL functions return these for expected refusals). */
export function failure<C extends DomainErrorCode>(code: C, message: string, fieldErrors?: Record<string, string[]>): DomainFailure<C> {
  return fieldErrors ? { ok: false, code, message, fieldErrors } : { ok: false, code, message };
}

/** The refusal behind a thrown DomainError or a returned DomainFailure; null for anything else (a bug). */
export function domainFailureOf(e: unknown): DomainFailure | null {
  if (e instanceof DomainError) return { ok: false, code: e.code, message: e.message };
  if (typeof e === "object" && e !== null && (e as { ok?: unknown }).ok === false) {
    const { code, message, fieldErrors } = e as { code?: unknown; message?: unknown; fieldErrors?: Record<string, string[]> };
    if (isDomainErrorCode(code) && typeof message === "string") return failure(code, message, fieldErrors);
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
