import "server-only";
import { z } from "zod";
import { invalidate } from "@/lib/server/cache/invalidate";
import { clientAddress } from "@/lib/server/client-address";
import { DomainError, type DomainFailure } from "@/lib/server/errors";
import { jsonError } from "@/lib/server/http-error";
import { sameOrigin } from "@/lib/server/import/stream-response";
import type { ActorFor, AuthLevel } from "@/lib/server/actor";
import { authenticate } from "@/lib/server/request-actor";
import { countLimits, declareGate, type Gate } from "@/lib/server/action";

/**
 * The route handlers' twin of defineAction, in the same order by
 * construction: check the request (same origin, when asked) and validate its
 * input → authenticate → rate-limit → run with the actor → invalidate tags.
 * Every refusal, thrown or returned, is the one JSON error shape with its
 * status (jsonError); anything else is rethrown (Next answers 500). A body
 * (an upload) is read by `run`, so only after authentication.
 */
export type RouteDefinition<S extends z.ZodType, A extends AuthLevel, P> = Gate<S, A> & {
  /** What the schema parses (default: the query string's parameters, then the path's). Must not read the body. */
  read?: (request: Request, params: P) => unknown;
  /** Refuse a request that does not come from this site's pages ("request/cross-origin"), with this message. */
  sameOrigin?: string;
  /** The refusal for an input the schema refuses (default: "input/invalid" with the first issue's message). */
  invalid?: (error: z.ZodError) => DomainError;
  /** The work: a Response, or a DomainFailure answered as the JSON error. */
  run: (input: z.output<S>, actor: ActorFor<A>, request: Request) => Promise<Response | DomainFailure>;
  /** The cache tags a successful answer (status below 400) makes stale. */
  invalidates?: (input: z.output<S>, actor: ActorFor<A>) => Iterable<string>;
};

/** Route context as Next passes it: the dynamic segments, as a promise. */
type RouteContext<P> = { params: Promise<P> };

function queryAndParams(request: Request, params: object): Record<string, string | string[]> {
  return { ...Object.fromEntries(new URL(request.url).searchParams), ...params };
}

export function defineRoute<S extends z.ZodType, A extends AuthLevel, P extends object = Record<string, string | string[]>>(def: RouteDefinition<S, A, P>): (request: Request, context?: RouteContext<P>) => Promise<Response> {
  return declareGate(async (request: Request, context?: RouteContext<P>) => {
    try {
      if (def.sameOrigin !== undefined && !sameOrigin(request)) throw new DomainError("request/cross-origin", def.sameOrigin);
      const params = ((await context?.params) ?? {}) as P;
      const parsed = def.input.safeParse(def.read ? def.read(request, params) : queryAndParams(request, params));
      if (!parsed.success) throw def.invalid ? def.invalid(parsed.error) : new DomainError("input/invalid", parsed.error.issues[0]?.message ?? "The request is not valid.");
      const input = parsed.data as z.output<S>;
      const actor = await authenticate(def.auth);
      await countLimits(def.limit, input, actor, async () => clientAddress(request.headers));
      const answer = await def.run(input, actor, request);
      if (!(answer instanceof Response)) return jsonError(answer);
      if (answer.status < 400 && def.invalidates) await invalidate(def.invalidates(input, actor));
      return answer;
    } catch (e) {
      return jsonError(e);
    }
  }, "route", def);
}

/** A route that takes no input: its query string is ignored. */
export const noInput = z.object({});
