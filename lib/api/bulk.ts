import "server-only";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { allCatalogCards, catalogFingerprint } from "@/lib/api/data/bulk";
import { API_BASE, toApiCard } from "@/lib/api/present";
import { matchesEtag } from "@/lib/api/route";
import type { BulkData } from "@/lib/api/schemas";
import { cockatriceCardDatabase } from "@/lib/api/cockatrice";

/**
 * The bulk download of the whole catalog (GET /api/v1/bulk describes it,
 * /api/v1/bulk/cards.json.gz is the file): a gzip of
 * `{"object":"bulk","type":"cards","updatedAt":…,"data":[Card…]}`, each card
 * as /api/v1/cards answers it. The file is built when first asked for after
 * the catalog changed (catalogFingerprint), once per instance and origin
 * (answers carry absolute URLs), with one build in flight at a time; gzip
 * runs off the event loop. The same catalog gives the same bytes, so the
 * SHA-256 is the same on every instance. The Cockatrice card database
 * (/api/v1/bulk/cockatrice.xml, lib/api/cockatrice.ts) is built and kept the
 * same way, as plain XML (HTTP compression is the server's business).
 */

export const BULK_FILE = "cards.json.gz";
export const COCKATRICE_FILE = "cockatrice.xml";

/** The two files: the JSON cards (gzip) and the Cockatrice card database (XML). */
export type BulkKind = "cards" | "cockatrice";

type Built = { kind: BulkKind; fingerprint: string; origin: string; bytes: Buffer; sha256: string; updatedAt: Date; count: number };

const gzipAsync = promisify(gzip);
/** The latest builds, newest last: at most two a kind (two origins, e.g. a proxy's and the local one). */
let builds: Built[] = [];
const inFlight = new Map<string, Promise<Built>>();

async function build(kind: BulkKind, origin: string, fingerprint: string, updatedAt: Date): Promise<Built> {
  const cards = await allCatalogCards();
  let bytes: Buffer;
  if (kind === "cockatrice") {
    bytes = Buffer.from(cockatriceCardDatabase(origin, cards, updatedAt), "utf8");
  } else {
    const body = JSON.stringify({ object: "bulk", type: "cards", updatedAt: updatedAt.toISOString(), data: cards.map((c) => toApiCard(origin, c)) });
    bytes = await gzipAsync(Buffer.from(body, "utf8"), { level: 9 });
  }
  return { kind, fingerprint, origin, bytes, sha256: createHash("sha256").update(bytes).digest("hex"), updatedAt, count: cards.length };
}

/** The current file of a kind for this origin, built if the catalog changed since the last one. */
export async function currentBulk(origin: string, kind: BulkKind = "cards"): Promise<Built> {
  const print = await catalogFingerprint();
  const ready = builds.find((b) => b.kind === kind && b.origin === origin && b.fingerprint === print.key);
  if (ready) return ready;
  const flightKey = `${kind}\n${origin}\n${print.key}`;
  let pending = inFlight.get(flightKey);
  if (!pending) {
    pending = build(kind, origin, print.key, print.updatedAt).finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, pending);
  }
  const built = await pending;
  const others = builds.filter((b) => b.kind !== kind);
  builds = [...others, ...[...builds.filter((b) => b.kind === kind && b.origin !== origin), built].slice(-2)];
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
    cockatriceUri: `${origin}${API_BASE}/bulk/${COCKATRICE_FILE}`,
  };
}

/**
 * A bulk file's answer: its ETag is its SHA-256 (hex, quoted), Repr-Digest the same digest (RFC 9530),
 * 304 to a matching If-None-Match; downloaded under `filename`.
 */
export function bulkFileResponse(request: Request, bulk: Built, contentType: string, filename: string): Response {
  const etag = `"${bulk.sha256}"`;
  const headers: Record<string, string> = {
    ETag: etag,
    "Cache-Control": "no-cache",
    "Last-Modified": bulk.updatedAt.toUTCString(),
    "Repr-Digest": `sha-256=:${Buffer.from(bulk.sha256, "hex").toString("base64")}:`,
  };
  if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bulk.bytes), {
    status: 200,
    headers: { ...headers, "Content-Type": contentType, "Content-Length": String(bulk.bytes.length), "Content-Disposition": `attachment; filename="${filename}"` },
  });
}
