import type { NextRequest } from "next/server";
import { handlers } from "@/lib/accounts/auth";
import { clientAddress } from "@/lib/server/client-address";
import { signInRetryAfter } from "@/lib/accounts/sign-in-limits";
import { SIGN_IN_UNAVAILABLE } from "@/lib/accounts/authorize";
import { emailSchema } from "@/lib/accounts/schemas";
import { DomainError, RateLimitedError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";

export const { GET } = handlers;

function tooMany(seconds: number): Response {
  return jsonError(new RateLimitedError(seconds, "failed sign-ins"));
}

/**
 * Auth.js's POST endpoints. A credentials sign-in that owes a wait is answered
 * with 429 and Retry-After, and one our own outage failed with 503 and a
 * message (Auth.js itself would only redirect with an error code).
 */
export async function POST(req: NextRequest): Promise<Response> {
  if (!req.nextUrl.pathname.endsWith("/callback/credentials")) return handlers.POST(req);
  const form = await req
    .clone()
    .formData()
    .catch(() => null);
  const email = emailSchema.safeParse(form?.get("email") ?? "");
  const address = clientAddress(req.headers);
  const key = email.success ? email.data : "";
  const before = await signInRetryAfter(key, address).catch(() => 0);
  if (before > 0) return tooMany(before);
  const res = await handlers.POST(req);
  let target = res.headers.get("location") ?? "";
  if (!target && res.headers.get("content-type")?.includes("json")) {
    target = String(((await res.clone().json().catch(() => ({}))) as { url?: unknown }).url ?? "");
  }
  if (target.includes("code=rate-limited")) return tooMany(Math.max(1, await signInRetryAfter(key, address).catch(() => 1)));
  if (target.includes("code=unavailable")) return jsonError(new DomainError("service/unavailable", SIGN_IN_UNAVAILABLE));
  return res;
}
