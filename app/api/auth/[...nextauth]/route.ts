import { NextRequest } from "next/server";
import { handlers } from "@/lib/accounts/auth";
import { defineRoute, noInput } from "@/lib/server/route";
import { clientAddress } from "@/lib/server/client-address";
import { signInRetryAfter } from "@/lib/accounts/sign-in-limits";
import { SIGN_IN_UNAVAILABLE } from "@/lib/accounts/authorize";
import { emailSchema } from "@/lib/accounts/schemas";
import { DomainError, RateLimitedError } from "@/lib/server/errors";

/** The request as Auth.js's handlers take it. */
function nextRequest(req: Request): NextRequest {
  return req instanceof NextRequest ? req : new NextRequest(req);
}

/** Auth.js's own GET endpoints (session, CSRF token, providers): public by nature. */
export const GET = defineRoute({ input: noInput, auth: "public", run: async (_input, _actor, req) => handlers.GET(nextRequest(req)) });

/** The refusal of a throttled sign-in; the pipeline answers it 429 with Retry-After. */
function tooMany(seconds: number): never {
  throw new RateLimitedError(seconds, "failed sign-ins");
}

/**
 * Auth.js's POST endpoints. A credentials sign-in over its limits is answered
 * with 429 and Retry-After, whether the wait was in force before the request
 * or this attempt reached it (Auth.js itself would only redirect with an error
 * code); a sign-in our own outage refused is a 503 that counts against nobody.
 */
export const POST = defineRoute({ input: noInput, auth: "public", run: async (_input, _actor, req) => credentialsPost(nextRequest(req)) });

async function credentialsPost(req: NextRequest): Promise<Response> {
  if (!req.nextUrl.pathname.endsWith("/callback/credentials")) return handlers.POST(req);
  const form = await req
    .clone()
    .formData()
    .catch(() => null);
  const email = emailSchema.safeParse(form?.get("email") ?? "");
  const address = clientAddress(req.headers);
  const key = email.success ? email.data : "";
  const before = await signInRetryAfter(key, address).catch(() => 0);
  if (before > 0) tooMany(before);
  const res = await handlers.POST(req);
  let target = res.headers.get("location") ?? "";
  if (!target && res.headers.get("content-type")?.includes("json")) {
    target = String(((await res.clone().json().catch(() => ({}))) as { url?: unknown }).url ?? "");
  }
  if (target.includes("code=rate-limited")) tooMany(Math.max(1, await signInRetryAfter(key, address).catch(() => 1)));
  if (target.includes("code=unavailable")) throw new DomainError("service/unavailable", SIGN_IN_UNAVAILABLE);
  return res;
}
