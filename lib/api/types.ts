/** An API key as the account page lists it (never its secret). */
export type ApiKeyDTO = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null };
