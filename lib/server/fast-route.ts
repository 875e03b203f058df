import "server-only";
import http from "node:http";
import type { z } from "zod";
import { BASE_HEADERS, NOT_EMBED_HEADERS } from "@/lib/server/base-headers.cjs";
import { HSTS } from "@/lib/server/csp-policy.cjs";
import { clientAddress } from "@/lib/server/client-address";
import { domainErrorOf, DomainError, RateLimitedError } from "@/lib/server/errors";
import { jsonErrorBody } from "@/lib/server/http-error";
import type { ActorFor, AuthLevel } from "@/lib/server/actor";
import { authenticateHeaders } from "@/lib/server/request-actor";
import { countLimits, type Gate } from "@/lib/server/action";
import { ServiceBusyError } from "@/lib/server/concurrency-gate";
import { fastRoutes } from "@/lib/server/fast-dispatch";

/**
 * A route served straight from Node's HTTP server, before Next sees the
 * request (docs/play.md, "The fast path"): the two game routes, which every
 * action and every stream goes through. Next's request handling (routing,
 * rewrites and headers matching, a web Request and its headers copied, async
 * contexts, the answer piped back through web streams) was about half of the
 * server's CPU per action (docs/benchmarks.md). The gate is the pipeline's, in
 * its order: same origin → input (the route's zod schema) → authenticate
 * (the session from the request's own Cookie header: lib/server/session.ts) →
 * rate limits → run; refusals are the one JSON error shape with their status;
 * the answer carries the headers next.config.js gives every response.
 *
 * The route modules register their fast twin when Next first loads them
 * (`registerFastRoute`), so the fast path runs the very modules (and the one
 * database client) the route handlers run; instrumentation.ts installs the
 * dispatcher (lib/server/fast-dispatch.ts). Until a route module is loaded, and for any
 * method or path the fast route does not take, Next serves the request as before.
 */

type HeaderSource = { get(name: string): string | null };

/** What `run` reads of the request. */
export interface FastRequest {
  headers: HeaderSource;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** The body as JSON, refused past `maxBytes` (`input/too-large`) or when not JSON (`input/invalid`). */
  json(maxBytes: number): Promise<unknown>;
}

/** A JSON answer (status 200 unless said), or a stream of text written as it comes (Server-Sent Events). */
export type FastAnswer = { json: unknown; status?: number } | { stream: { headers: Record<string, string>; start: (sink: FastSink) => void } };

/** Where a streamed answer writes; `onClose` is called once, when either side ends it. */
export interface FastSink {
  write(text: string): void;
  end(): void;
}

export type FastRouteDefinition<S extends z.ZodType, A extends AuthLevel> = Gate<S, A> & {
  method: "GET" | "POST";
  /** The path (without the query); its named groups are the input's fields. */
  path: RegExp;
  /** The origin check: "post" (an Origin naming this host is required), "get" (an absent Origin is accepted; Sec-Fetch-Site must not say another site). */
  origin: (headers: HeaderSource, method: string) => boolean;
  /** The refusal's message when the origin check fails. */
  crossOrigin: string;
  run: (input: z.output<S>, actor: ActorFor<A>, request: FastRequest) => Promise<FastAnswer>;
};


/** Node's headers read as a web Headers object is (one value per name: repeated ones joined as Next would). */
function headerSource(req: http.IncomingMessage): HeaderSource {
  return {
    get(name: string) {
      const v = req.headers[name.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(name.toLowerCase() === "cookie" ? "; " : ", ") : v;
    },
  };
}

/** The headers next.config.js gives every response on this path (the game routes: every one but /embed's). */
function baseHeaders(req: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of [...BASE_HEADERS, ...NOT_EMBED_HEADERS]) out[h.key] = h.value;
  if (process.env.NODE_ENV === "production" && req.headers["x-forwarded-proto"] === "https") out["Strict-Transport-Security"] = HSTS;
  return out;
}

function readJson(req: http.IncomingMessage, res: http.ServerResponse, maxBytes: number): Promise<unknown> {
  const tooLarge = () => {
    // the rest of the body is not read: the connection closes after the answer
    res.shouldKeepAlive = false;
    return new DomainError("input/too-large", `A game message has at most ${maxBytes} bytes.`);
  };
  if (Number(req.headers["content-length"] ?? "0") > maxBytes) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > maxBytes) {
        done = true;
        req.pause();
        return reject(tooLarge());
      }
      chunks.push(c);
    });
    req.on("end", () => {
      if (done) return;
      done = true;
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown);
      } catch {
        reject(new DomainError("input/invalid", "A game message is one JSON object."));
      }
    });
    req.on("error", (e) => {
      if (done) return;
      done = true;
      reject(e);
    });
  });
}

function sendJson(res: http.ServerResponse, base: Record<string, string>, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...base, "Content-Type": "application/json", "Cache-Control": "no-store", "Content-Length": String(Buffer.byteLength(text)), ...extra });
  res.end(text);
}

function sendError(res: http.ServerResponse, base: Record<string, string>, thrown: unknown): void {
  const e = domainErrorOf(thrown);
  if (!e) {
    // a bug: answered 500 as Next would, and logged
    console.error("fast route:", thrown);
    if (!res.headersSent) sendJson(res, base, 500, jsonErrorBody("server/error", "Something went wrong on the server."));
    else res.destroy();
    return;
  }
  const extra: Record<string, string> = {};
  if (e instanceof RateLimitedError || e instanceof ServiceBusyError) extra["Retry-After"] = String(Math.max(1, Math.ceil(e.retryAfterSeconds)));
  sendJson(res, base, e.status, jsonErrorBody(e.code, e.message), extra);
}

/**
 * The X-Forwarded-* headers the request came without, filled as Next fills them before its handlers (from the Host
 * header and the socket; a client's own were already dropped unless proxies are trusted: lib/server/peer-address.ts),
 * so the origin check, the session cookie's name and HSTS read what they read under Next.
 */
function forwardedAsNext(req: http.IncomingMessage): void {
  const h = req.headers;
  const https = h["x-forwarded-proto"] ? h["x-forwarded-proto"] === "https" : Boolean((req.socket as { encrypted?: boolean }).encrypted);
  h["x-forwarded-host"] ??= h.host;
  h["x-forwarded-port"] ??= String(req.socket.localPort ?? (https ? 443 : 80));
  h["x-forwarded-proto"] ??= https ? "https" : "http";
  h["x-forwarded-for"] ??= req.socket.remoteAddress;
}

async function serve<S extends z.ZodType, A extends AuthLevel>(def: FastRouteDefinition<S, A>, params: Record<string, string>, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  forwardedAsNext(req);
  const base = baseHeaders(req);
  const headers = headerSource(req);
  // the client's leaving, as a signal: made only when run asks for it (a stream does; an action does not)
  let abort: AbortController | null = null;
  const signal = () => {
    if (!abort) {
      const ac = (abort = new AbortController());
      if (res.destroyed || res.writableFinished) ac.abort();
      else res.on("close", () => ac.abort());
    }
    return abort.signal;
  };
  try {
    if (!def.origin(headers, req.method ?? "GET")) throw new DomainError("request/cross-origin", def.crossOrigin);
    const parsed = def.input.safeParse(params);
    if (!parsed.success) throw new DomainError("input/invalid", parsed.error.issues[0]?.message ?? "The request is not valid.");
    const input = parsed.data as z.output<S>;
    const actor = await authenticateHeaders(def.auth, headers);
    await countLimits(def.limit, input, actor, async () => clientAddress(headers));
    // a GET's body is not read; a POST's only by run, after the gate
    if (req.method === "GET") req.resume();
    const answer = await def.run(input, actor, {
      headers,
      get signal() {
        return signal();
      },
      json: (max) => readJson(req, res, max),
    });
    if ("json" in answer) return sendJson(res, base, answer.status ?? 200, answer.json);
    res.writeHead(200, { ...base, ...answer.stream.headers });
    // the headers now, not with the first write: the client knows the stream is open
    res.flushHeaders();
    answer.stream.start({
      write: (text) => {
        if (!res.writableEnded) res.write(text);
      },
      end: () => {
        if (!res.writableEnded) res.end();
      },
    });
  } catch (e) {
    sendError(res, base, e);
  }
}

/**
 * Registers a route's fast twin (called by the route module when Next loads
 * it): from then on its method and path are served by the fast path.
 */
export function registerFastRoute<S extends z.ZodType, A extends AuthLevel>(name: string, def: FastRouteDefinition<S, A>): void {
  fastRoutes().set(name, (req, res) => {
    if (req.method !== def.method) return false;
    const url = req.url ?? "";
    const q = url.indexOf("?");
    const m = def.path.exec(q >= 0 ? url.slice(0, q) : url);
    if (!m) return false;
    void serve(def, { ...m.groups }, req, res);
    return true;
  });
}
