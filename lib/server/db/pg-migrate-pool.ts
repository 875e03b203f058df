import pg from "pg";

/** PostgreSQL OIDs the schema engine reads from the catalogs but @prisma/adapter-pg cannot map. */
const NAME_OID = 19;
const CHAR_OID = 18;
const TEXT_OID = 25;

type Result = { fields?: { dataTypeID: number }[] };

function asText(result: Result | Result[]): Result | Result[] {
  for (const r of Array.isArray(result) ? result : [result]) {
    for (const f of r?.fields ?? []) if (f.dataTypeID === NAME_OID || f.dataTypeID === CHAR_OID) f.dataTypeID = TEXT_OID;
  }
  return result;
}

/**
 * A pg client whose results present the catalog types `name` and `"char"` as
 * text. Prisma 6.19's JavaScript schema engine reads pg_catalog columns of
 * those types (to find the migrations table and describe the schema), and
 * @prisma/adapter-pg 6.19 refuses them ("Column type 'name' could not be
 * deserialized", prisma/prisma#27403), so `migrate deploy` and `migrate diff`
 * fail on PostgreSQL without this. Their values are plain strings either way.
 */
class CatalogTextClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(...args: any[]): any {
    // pg.Pool calls its client with a callback; a checked-out client is called without one.
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as (err: unknown, res?: Result | Result[]) => void;
      args[last] = (err: unknown, res?: Result | Result[]) => callback(err, res && asText(res));
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const r = (super.query as (...a: any[]) => any)(...args);
    return r && typeof r.then === "function" ? r.then(asText) : r;
  }
}

/** The pg pool settings the Prisma CLI (prisma.config.ts) migrates PostgreSQL with. */
export function migrationPoolConfig(connectionString: string): pg.PoolConfig {
  return { connectionString, max: 2, Client: CatalogTextClient };
}
