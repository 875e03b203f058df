import { createHash } from "node:crypto";

/**
 * Search cursors: opaque to clients, they name the next page of one query.
 * A cursor is the page number and a digest of the query, sort and direction
 * it belongs to, so a cursor passed with another query is refused instead of
 * silently paging through something else.
 */
type Ordered = { q: string; sort: string; dir: string };

function digest(o: Ordered): string {
  return createHash("sha256").update(`${o.q}\u0000${o.sort}\u0000${o.dir}`).digest("base64url").slice(0, 12);
}

export function encodeCursor(page: number, o: Ordered): string {
  return Buffer.from(`${page}.${digest(o)}`, "utf8").toString("base64url");
}

/** The page a cursor names, or an error message (unreadable, or made for another query). */
export function decodeCursor(cursor: string, o: Ordered): { ok: true; page: number } | { ok: false; message: string } {
  const m = /^(\d{1,5})\.([A-Za-z0-9_-]{12})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!m || Number(m[1]) < 2) return { ok: false, message: "This cursor cannot be read: pass the nextCursor of a previous answer as it was." };
  if (m[2] !== digest(o)) return { ok: false, message: "This cursor belongs to another query: pass it with the same q, sort and dir as the answer that gave it." };
  return { ok: true, page: Number(m[1]) };
}
