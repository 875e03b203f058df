// Shared Vitest setup. Integration tests that need a database create their own
// throwaway SQLite file through test/db.ts; nothing here touches the dev database.
process.env.AUTH_SECRET ??= "test-secret-not-for-production-0123456789abcdef";

export {}; // a module, for the top-level await below

// Component tests (// @vitest-environment jsdom): waitFor/findBy wait up to 10 s, not 1 s,
// so a loaded CI machine (2 cores shared) slows them down without failing them.
if (typeof window !== "undefined") {
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 10_000 });
}
