import path from "node:path";

/** Default SQLite file, relative to the project root. Kept out of git. */
export const DEFAULT_DATABASE_URL = "file:./data/ringbinder.db";

/**
 * Resolves DATABASE_URL (`file:relative/or/absolute.db`) to a filesystem path
 * for the better-sqlite3 driver. Relative paths are taken from the project root
 * (the working directory of every npm script), not from prisma/.
 */
export function databaseFile(url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL): string {
  if (!url.startsWith("file:")) {
    throw new Error(`DATABASE_URL must be a SQLite file URL like "file:./data/ringbinder.db" (got "${url}")`);
  }
  const file = url.slice("file:".length).split("?")[0];
  if (file === ":memory:") return file;
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), file);
}
