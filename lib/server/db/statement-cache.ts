import type { Database, Statement } from "better-sqlite3";

/**
 * Prepared statements kept per SQL text for the read connection of the SQLite
 * adapter (lib/server/db/sqlite-adapter.ts).
 *
 * Prisma's better-sqlite3 adapter runs every query as
 * `client.prepare(sql).bind(args)` and then `.run()`, `.columns()` or
 * `.raw().all()`: a statement is compiled by SQLite on every call, because a
 * better-sqlite3 statement can be bound once only. Under the game routes'
 * load that compilation was about a third of the main thread's SQL time.
 * `withStatementCache(db)` is the same connection whose `prepare` returns a
 * statement compiled once per SQL text (least recently used dropped past
 * `max`), and whose `bind(args)` hands the arguments to each call instead of
 * binding them for good. Every other property is the connection's own.
 *
 * A kept statement's column names and declared types are read when it is
 * prepared, and its `columns()` once: the schema must not change under a running server (migrations run
 * before it starts: scripts/prepare-app.ts, docs/deploy.md).
 *
 * Only the shape the adapter uses is offered: `reader`, `run(...args)`,
 * `bind(args)` and, on what `bind` returns, `reader`, `run()`, `columns()`
 * and `raw().all()`.
 */
export type CachedStatement = {
  readonly reader: boolean;
  bind(args: unknown[]): BoundStatement;
  /** Runs the statement once with these arguments (as the adapter's `prepare("BEGIN").run()`). */
  run(...args: unknown[]): ReturnType<Statement["run"]>;
};
export type BoundStatement = {
  readonly reader: boolean;
  run(): ReturnType<Statement["run"]>;
  columns(): ReturnType<Statement["columns"]>;
  raw(): { all(): unknown[] };
};

/**
 * Whether a SQL text's statement may be kept: one whose result columns are named in the text. A kept statement
 * re-reads the schema when it changes, but better-sqlite3 reads its column names once, when it is prepared, so a
 * `*` (other than in `count(*)`) after a schema change would be named as before.
 */
function keepable(sql: string): boolean {
  return !sql.replace(/count\(\s*\*\s*\)/gi, "").includes("*");
}

/** The column descriptions of kept statements (read when first asked; the schema does not change under a running server). */
const columnsOf = new WeakMap<Statement, ReturnType<Statement["columns"]>>();

export function withStatementCache(db: Database, max = 500): Database {
  const statements = new Map<string, Statement>();
  const prepare = (sql: string): CachedStatement => {
    let st = statements.get(sql);
    if (!st && !keepable(sql)) st = db.prepare(sql);
    else if (st) {
      // most recently used last: the first key is the one to drop
      statements.delete(sql);
      statements.set(sql, st);
    } else {
      st = db.prepare(sql);
      statements.set(sql, st);
      if (statements.size > max) statements.delete(statements.keys().next().value as string);
    }
    const stmt = st;
    // its columns, read once per kept statement (better-sqlite3 builds a new array of objects on every call)
    let cols = columnsOf.get(stmt);
    return {
      reader: stmt.reader,
      run: (...args) => stmt.run(...args),
      bind: (args) => ({
        reader: stmt.reader,
        run: () => stmt.run(args),
        columns: () => {
          if (!cols) columnsOf.set(stmt, (cols = stmt.columns()));
          return cols;
        },
        // raw mode stays set on the kept statement: every read through here asks for arrays
        raw: () => ({ all: () => stmt.raw(true).all(args) }),
      }),
    };
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return prepare;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
