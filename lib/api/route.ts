import "server-only";
import { createHash } from "node:crypto";
import type { z } from "zod";
import { declareGate } from "@/lib/server/action";
import { clientAddress } from "@/lib/server/client-address";
import { DomainError, type DomainFailure } from "@/lib/server/errors";
import { meter, type Quota } from "@/lib/server/rate-limit";
import { defineRoute, noInput } from "@/lib/server/route";
import { apiKeyForSecret } from "@/lib/api/data/keys";
import { apiKeySecretOf } from "@/lib/api/keys";

/**
 * The public read API's pipeline, over defineRoute (validate → authenticate →
 * rate-limit → run): anyone may call (auth "public"); each call is counted
 * per API key when one is sent (Authorization: Bearer, or X-Api-Key), else
 * per address; every answer, refusals included, carries the IETF draft
 * RateLimit-Limit / -Remaining / -Reset headers (and Retry-After on a 429)
 * and open CORS; a JSON answer has a strong ETag and answers 304 to a
 * matching If-None-Match. Errors are the app's one shape (jsonError, applied
 * by defineRoute).
 */

/** What a read answers: its JSON body. */
export type ApiBody = { json: unknown };

type ApiDefinition<S extends z.ZodType> = {
  input: S;
  invalid?: (error: z.ZodError) => DomainError;
  run: (input: z.output<S>, request: Request) => Promise<ApiBody | Response | DomainFailure>;
};

export const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After",
};

/** The quota each request was counted against, for the headers of its answer whatever it is. */
const quotas = new WeakMap<Request, Quota>();

async function count(request: Request): Promise<void> {
  const secret = apiKeySecretOf(request.headers);
  try {
    if (secret !== null) {
      const key = await apiKeyForSecret(secret);
      if (!key) throw new DomainError("auth/unauthenticated", "This API key is not valid: it was revoked or mistyped. Make a new one on your account page, or call without a key.");
      quotas.set(request, await meter("api-key", key.id));
    } else {
      quotas.set(request, await meter("api-address", clientAddress(request.headers)));
    }
  } catch (e) {
    const quota = (e as { quota?: Quota }).quota;
    if (quota) quotas.set(request, quota);
    throw e;
  }
}

/** A strong ETag of a body: its SHA-256, base64url, quoted. */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const strip = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => strip(t) === strip(etag));
}

function answer(request: Request, body: ApiBody): Response {
  const text = JSON.stringify(body.json);
  const etag = etagOf(text);
  const headers = { ETag: etag, "Cache-Control": "no-cache" };
  if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(text, { status: 200, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
}

function withApiHeaders(request: Request, response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(CORS_HEADERS)) headers.set(k, v);
  const quota = quotas.get(request);
  if (quota) {
    headers.set("RateLimit-Limit", String(quota.limit));
    headers.set("RateLimit-Remaining", String(quota.remaining));
    headers.set("RateLimit-Reset", String(quota.resetSeconds));
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

type Handler<P> = (request: Request, context?: { params: Promise<P> }) => Promise<Response>;

/** A GET of the public API. */
export function apiGet<S extends z.ZodType, P extends object = Record<string, string>>(def: ApiDefinition<S>): Handler<P> {
  const inner = defineRoute<S, "public", P>({
    input: def.input,
    auth: "public",
    invalid: def.invalid,
    run: async (input, _actor, request) => {
      await count(request);
      const out = await def.run(input, request);
      if (out instanceof Response || (out as { ok?: unknown }).ok === false) return out as Response | DomainFailure;
      return answer(request, out as ApiBody);
    },
  });
  return declareGate(async (request: Request, context?: { params: Promise<P> }) => withApiHeaders(request, await inner(request, context)), "route", { input: def.input, auth: "public" });
}

/** The CORS preflight of the public API's GETs: no input, nothing counted. */
export function apiPreflight(): Handler<Record<string, string>> {
  return defineRoute({
    input: noInput,
    auth: "public",
    run: async () =>
      new Response(null, {
        status: 204,
        headers: { ...CORS_HEADERS, "Access-Control-Allow-Methods": "GET, OPTIONS", "Access-Control-Allow-Headers": "Authorization, X-Api-Key, If-None-Match", "Access-Control-Max-Age": "86400" },
      }),
  });
}
