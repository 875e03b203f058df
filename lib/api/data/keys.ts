import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { failure, type DomainFailure } from "@/lib/server/errors";
import { apiKeyDisplayPrefix, hashApiKeySecret, MAX_API_KEYS, newApiKeySecret } from "@/lib/api/keys";
import type { ApiKeyDTO } from "@/lib/api/types";

function toDTO(row: { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }): ApiKeyDTO {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

/** The signed-in user's keys that still work, newest first. */
export async function listMyApiKeys(actor: Actor): Promise<ApiKeyDTO[]> {
  const me = requireActor(actor);
  const rows = await db.apiKey.findMany({ where: { userId: me.id, revokedAt: null }, orderBy: { createdAt: "desc" }, take: MAX_API_KEYS });
  return rows.map(toDTO);
}

/** Makes a key for the signed-in user; the secret is in the answer and nowhere else (only its hash is stored). */
export async function createApiKey(actor: Actor, name: string): Promise<{ key: ApiKeyDTO; secret: string } | DomainFailure> {
  const me = requireActor(actor);
  const held = await db.apiKey.count({ where: { userId: me.id, revokedAt: null } });
  if (held >= MAX_API_KEYS) return failure("input/invalid", `You already have ${MAX_API_KEYS} API keys. Revoke one you no longer use first.`);
  const secret = newApiKeySecret();
  const row = await db.apiKey.create({ data: { userId: me.id, name: name.trim(), prefix: apiKeyDisplayPrefix(secret), hash: hashApiKeySecret(secret) } });
  return { key: toDTO(row), secret };
}

/** Revokes one of the signed-in user's keys; someone else's key, or one already revoked, is not found. */
export async function revokeApiKey(actor: Actor, id: string): Promise<{ id: string } | DomainFailure> {
  const me = requireActor(actor);
  const { count } = await db.apiKey.updateMany({ where: { id, userId: me.id, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) return failure("not-found/missing", "No such API key.");
  return { id };
}

/** Last use is written at most this often per key (an API call must not be a write each time). */
const LAST_USED_EVERY_MS = 60_000;

/**
 * The key a request presented, by its secret: the secret is the
 * authorization (there is no session on an API call). Null for an unknown or
 * revoked key. Marks the key used (at most once a minute).
 */
export async function apiKeyForSecret(secret: string): Promise<{ id: string } | null> {
  if (!secret || secret.length > 200) return null;
  const row = await db.apiKey.findUnique({ where: { hash: hashApiKeySecret(secret) }, select: { id: true, revokedAt: true, lastUsedAt: true } });
  if (!row || row.revokedAt) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) await db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  return { id: row.id };
}
