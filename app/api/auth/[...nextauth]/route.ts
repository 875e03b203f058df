import type { NextRequest } from "next/server";
import { handlers } from "@/lib/accounts/auth";
import { clientAddress } from "@/lib/server/client-address";
import { refusedSignInWait, signInRetryAfter } from "@/lib/accounts/sign-in-limits";
import { emailSchema } from "@/lib/accounts/schemas";
import { RateLimitedError } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";

export const { GET } = handlers;

function tooMany(seconds: number): Response {
  return jsonError(new RateLimitedError(seconds, "sign-in attempts"));
}

/**
 * Auth.js's POST endpoints. A credentials sign-in over its limits is answered
 * with 429 and Retry-After, whether the lock-out was in force before the request
 * or this attempt reached it (Auth.js itself would only redirect with an error code).
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
  const before = await refusedSignInWait(key, address);
  if (before > 0) return tooMany(before);
  const res = await handlers.POST(req);
  let target = res.headers.get("location") ?? "";
  if (!target && res.headers.get("content-type")?.includes("json")) {
    target = String(((await res.clone().json().catch(() => ({}))) as { url?: unknown }).url ?? "");
  }
  if (target.includes("code=rate-limited")) return tooMany(Math.max(1, await signInRetryAfter(key, address)));
  return res;
}
