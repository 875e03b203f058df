import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withStatementCache, type CachedStatement } from "./statement-cache";

/** The calls Prisma's better-sqlite3 adapter makes (its performIO and executeIO), on a connection. */
function read(db: Database.Database, sql: string, args: unknown[]) {
  const stmt = (db.prepare(sql) as unknown as CachedStatement).bind(args);
  if (!stmt.reader) return { changes: stmt.run().changes };
  return { columns: stmt.columns().map((c) => c.name), values: stmt.raw().all() };
}

describe("withStatementCache", () => {
  let raw: Database.Database;
  afterEach(() => raw?.close());

  it("compiles each SQL text once and binds each call's own arguments", () => {
    raw = new Database(":memory:");
    raw.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    const spy = vi.spyOn(raw, "prepare");
    const db = withStatementCache(raw);
    expect(read(db, "INSERT INTO t (id, name) VALUES (?, ?)", [1, "a"])).toEqual({ changes: 1 });
    expect(read(db, "INSERT INTO t (id, name) VALUES (?, ?)", [2, "b"])).toEqual({ changes: 1 });
    expect(read(db, "SELECT id, name FROM t WHERE id = ?", [1])).toEqual({ columns: ["id", "name"], values: [[1, "a"]] });
    expect(read(db, "SELECT id, name FROM t WHERE id = ?", [2])).toEqual({ columns: ["id", "name"], values: [[2, "b"]] });
    expect(read(db, "SELECT id, name FROM t WHERE id = ?", [3])).toEqual({ columns: ["id", "name"], values: [] });
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it("drops the least recently used statement past its size, and the rest of the connection is the connection's own", () => {
    raw = new Database(":memory:");
    const spy = vi.spyOn(raw, "prepare");
    const db = withStatementCache(raw, 2);
    read(db, "SELECT 1 AS a", []);
    read(db, "SELECT 2 AS a", []);
    read(db, "SELECT 1 AS a", []); // used again: now the most recent
    read(db, "SELECT 3 AS a", []); // drops "SELECT 2"
    expect(spy).toHaveBeenCalledTimes(3);
    read(db, "SELECT 1 AS a", []);
    expect(spy).toHaveBeenCalledTimes(3);
    expect(read(db, "SELECT 2 AS a", [])).toEqual({ columns: ["a"], values: [[2]] });
    expect(spy).toHaveBeenCalledTimes(4);
    db.exec("CREATE TABLE u (x)");
    (db.prepare("BEGIN") as unknown as CachedStatement).run();
    expect(db.inTransaction).toBe(true);
    db.exec("ROLLBACK");
    expect(db.open).toBe(true);
  });

  it("after a schema change, a kept statement reads the new schema, and a * is never kept (its column names would be the old ones)", () => {
    raw = new Database(":memory:");
    const spy = vi.spyOn(raw, "prepare");
    const db = withStatementCache(raw);
    db.exec("CREATE TABLE t (a)");
    db.exec("INSERT INTO t VALUES (1)");
    expect(read(db, "SELECT * FROM t", [])).toEqual({ columns: ["a"], values: [[1]] });
    expect(read(db, "SELECT a, count(*) AS n FROM t", [])).toEqual({ columns: ["a", "n"], values: [[1, 1]] });
    db.exec("ALTER TABLE t ADD COLUMN b DEFAULT 2");
    expect(read(db, "SELECT * FROM t", [])).toEqual({ columns: ["a", "b"], values: [[1, 2]] });
    expect(read(db, "SELECT a, count(*) AS n FROM t", [])).toEqual({ columns: ["a", "n"], values: [[1, 1]] });
    db.exec("ALTER TABLE t DROP COLUMN a");
    expect(() => read(db, "SELECT a, count(*) AS n FROM t", [])).toThrow(/no such column/);
    // the * twice, the count once (kept)
    expect(spy.mock.calls.filter(([sql]) => sql.includes("FROM t")).map(([sql]) => sql)).toEqual(["SELECT * FROM t", "SELECT a, count(*) AS n FROM t", "SELECT * FROM t"]);
  });
});
