import "server-only";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { allCatalogCards, catalogFingerprint } from "@/lib/api/data/bulk";
import { API_BASE, toApiCard } from "@/lib/api/present";
import type { BulkData } from "@/lib/api/schemas";

/**
 * The bulk download of the whole catalog (GET /api/v1/bulk describes it,
 * /api/v1/bulk/cards.json.gz is the file): a gzip of
 * `{"object":"bulk","type":"cards","updatedAt":…,"data":[Card…]}`, each card
 * as /api/v1/cards answers it. The file is built when first asked for after
 * the catalog changed (catalogFingerprint), once per instance and origin
 * (answers carry absolute URLs), with one build in flight at a time; gzip
 * runs off the event loop. The same catalog gives the same bytes, so the
 * SHA-256 is the same on every instance.
 */

export const BULK_FILE = "cards.json.gz";

type Built = { fingerprint: string; origin: string; bytes: Buffer; sha256: string; updatedAt: Date; count: number };

const gzipAsync = promisify(gzip);
/** The latest builds, newest last: at most two (two origins, e.g. a proxy's and the local one). */
let builds: Built[] = [];
const inFlight = new Map<string, Promise<Built>>();

async function build(origin: string, fingerprint: string, updatedAt: Date): Promise<Built> {
  const cards = await allCatalogCards();
  const body = JSON.stringify({ object: "bulk", type: "cards", updatedAt: updatedAt.toISOString(), data: cards.map((c) => toApiCard(origin, c)) });
  const bytes = await gzipAsync(Buffer.from(body, "utf8"), { level: 9 });
  return { fingerprint, origin, bytes, sha256: createHash("sha256").update(bytes).digest("hex"), updatedAt, count: cards.length };
}

/** The current file for this origin, built if the catalog changed since the last one. */
export async function currentBulk(origin: string): Promise<Built> {
  const print = await catalogFingerprint();
  const ready = builds.find((b) => b.origin === origin && b.fingerprint === print.key);
  if (ready) return ready;
  const flightKey = `${origin}\n${print.key}`;
  let pending = inFlight.get(flightKey);
  if (!pending) {
    pending = build(origin, print.key, print.updatedAt).finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, pending);
  }
  const built = await pending;
  builds = [...builds.filter((b) => b.origin !== origin), built].slice(-2);
  return built;
}

/** GET /api/v1/bulk: what the file holds, when it last changed, its size and digest, and where to get it. */
export async function bulkDescription(origin: string): Promise<BulkData> {
  const b = await currentBulk(origin);
  return {
    object: "bulk-data",
    type: "cards",
    updatedAt: b.updatedAt.toISOString(),
    cardCount: b.count,
    size: b.bytes.length,
    sha256: b.sha256,
    contentType: "application/json",
    contentEncoding: "gzip",
    downloadUri: `${origin}${API_BASE}/bulk/${BULK_FILE}`,
  };
}
