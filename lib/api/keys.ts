import { createHash, randomBytes } from "node:crypto";

/**
 * API keys of the public read API: a secret "rbk_" + 32 random bytes in
 * base64url, shown once; only its SHA-256 is stored. A key is sent as
 * `Authorization: Bearer rbk_…` or `X-Api-Key: rbk_…`.
 */
export const API_KEY_PREFIX = "rbk_";
/** How many keys an account may hold at once (revoked ones do not count). */
export const MAX_API_KEYS = 10;

export function newApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString("base64url");
}

export function hashApiKeySecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** What the key list shows of a secret: its first characters. */
export function apiKeyDisplayPrefix(secret: string): string {
  return secret.slice(0, API_KEY_PREFIX.length + 6);
}

/** The key a request sends, if any (Authorization: Bearer first, then X-Api-Key); "" when a header is there but empty. */
export function apiKeySecretOf(headers: { get(name: string): string | null }): string | null {
  const auth = headers.get("authorization");
  if (auth !== null) {
    const m = /^\s*Bearer\s+(\S*)\s*$/i.exec(auth);
    if (m) return m[1];
  }
  const header = headers.get("x-api-key");
  return header === null ? null : header.trim();
}
