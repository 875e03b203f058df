import path from "node:path";

/** Default SQLite file, relative to the project root. Kept out of git. */
export const DEFAULT_DATABASE_URL = "file:./data/ringbinder.db";

/** The two databases Ringbinder runs on, named as Prisma names their providers. */
export type DatabaseProvider = "sqlite" | "postgresql";

/** The configured DATABASE_URL, or the embedded SQLite default. */
export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

/**
 * Which database a URL selects: `file:…` is SQLite, `postgresql://…` or
 * `postgres://…` is PostgreSQL. Anything else is a configuration error.
 */
export function databaseProvider(url = databaseUrl()): DatabaseProvider {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgresql";
  throw new Error(
    `DATABASE_URL must be a SQLite file URL like "file:./data/ringbinder.db" or a PostgreSQL URL like "postgresql://user@host:5432/ringbinder" (got "${redactUrl(url)}")`,
  );
}

/** The URL with any password replaced by `***`, for logs and error messages. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*:)[^@]*@/i, "$1***@");
}

/**
 * Resolves a SQLite DATABASE_URL (`file:relative/or/absolute.db`) to a filesystem
 * path for the better-sqlite3 driver. Relative paths are taken from the project
 * root (the working directory of every npm script), not from prisma/.
 */
export function databaseFile(url = databaseUrl()): string {
  if (!url.startsWith("file:")) {
    throw new Error(`DATABASE_URL must be a SQLite file URL like "file:./data/ringbinder.db" (got "${redactUrl(url)}")`);
  }
  const file = url.slice("file:".length).split("?")[0];
  if (file === ":memory:") return file;
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), file);
}
