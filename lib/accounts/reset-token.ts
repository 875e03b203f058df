import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a password-reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

function b64(s: string | Buffer) {
  return Buffer.from(s).toString("base64url");
}

function mac(secret: string, payload: string, passwordHash: string) {
  // The current password hash is part of what is signed: once the password changes (the link was used), the link no longer verifies.
  return createHmac("sha256", secret).update(`reset-password\n${payload}\n${passwordHash}`).digest("base64url");
}

/**
 * A one-time password-reset token for a user: their id and an expiry, signed
 * with the server secret and the user's current password hash. Nothing is
 * stored: using it changes the hash, which invalidates it (and every other
 * link sent before).
 */
export function createResetToken(user: { id: string; passwordHash: string }, secret: string, now = Date.now(), ttlMs = RESET_TOKEN_TTL_MS): string {
  const payload = b64(JSON.stringify({ u: user.id, e: now + ttlMs }));
  return `${payload}.${mac(secret, payload, user.passwordHash)}`;
}

/** The user id a token names, before its signature is checked (to load the user). */
export function resetTokenUserId(token: string): string | null {
  const [payload] = token.split(".");
  try {
    const data = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8")) as { u?: unknown };
    return typeof data.u === "string" && data.u.length <= 64 ? data.u : null;
  } catch {
    return null;
  }
}

export type ResetTokenCheck = { ok: true } | { ok: false; reason: "malformed" | "expired" | "invalid" };

/** Checks a token against the user's current password hash: signature (constant time), then expiry. */
export function verifyResetToken(token: string, user: { id: string; passwordHash: string }, secret: string, now = Date.now()): ResetTokenCheck {
  const parts = token.split(".");
  if (parts.length !== 2 || !parts[0] || !parts[1] || token.length > 1000) return { ok: false, reason: "malformed" };
  const [payload, sig] = parts;
  const want = Buffer.from(mac(secret, payload, user.passwordHash));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, reason: "invalid" };
  const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { u?: unknown; e?: unknown };
  if (data.u !== user.id || typeof data.e !== "number") return { ok: false, reason: "invalid" };
  if (now > data.e) return { ok: false, reason: "expired" };
  return { ok: true };
}
