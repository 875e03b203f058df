// Shared Vitest setup. Integration tests that need a database create their own
// throwaway SQLite file through test/db.ts; nothing here touches the dev database.
process.env.AUTH_SECRET ??= "test-secret-not-for-production-0123456789abcdef";
