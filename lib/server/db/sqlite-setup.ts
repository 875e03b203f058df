import Database from "better-sqlite3";

/**
 * Puts a SQLite database file into WAL mode (readers never block the writer).
 * WAL is a property of the file, so setting it once after migrating is enough
 * (per-connection settings such as `synchronous` would end with this connection).
 */
export function enableWal(file: string): void {
  const conn = new Database(file, { timeout: 5_000 });
  try {
    conn.pragma("journal_mode = WAL");
  } finally {
    conn.close();
  }
}
