import "server-only";
import { headers } from "next/headers";
import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import type { z } from "zod";
import { failFrom, zodFail, type ActionFailure, type ActionResult } from "@/lib/server/action-result";
import { invalidate } from "@/lib/server/cache/invalidate";
import { clientAddress } from "@/lib/server/client-address";
import { domainFailureOf, type DomainFailure } from "@/lib/server/errors";
import { limit as count, type LimitKind } from "@/lib/server/rate-limit";
import type { Actor, ActorFor, AuthLevel } from "@/lib/server/actor";
import { authenticate } from "@/lib/server/request-actor";

/**
 * The one pipeline every server action goes through, in this order by
 * construction: validate (zod) → authenticate → rate-limit → read uploads →
 * run (given the actor explicitly) → invalidate cache tags → one typed result
 * (ActionResult). A refusal at any step returns its failure and nothing after
 * it runs: a bad input never reaches the session, a guest never spends a rate
 * limit, and an upload is read only for an authenticated caller within its
 * size limit. Thrown DomainErrors and returned DomainFailures both map through
 * the one mapping (failFrom); anything else (Next's redirects, bugs) passes.
 */

/** Which rate limit counts a call, and by which key: the actor's id (default; a guest's address), the client's address, or a key from the input. */
export type LimitSpec<I> = LimitKind | { kind: LimitKind; by: "actor" | "address" | ((input: I) => string) };

/** A file field read after authentication: its name, type and bytes. */
export type Upload = { name: string; type: string; size: number; bytes: Uint8Array };

/** A file field's limit: the most bytes it may have, and the refusal (usually "input/too-large" on that field) past it. */
export type UploadSpec = { maxBytes: number; tooLarge: (size: number) => DomainFailure };

/** A successful run: its data and the message to show. */
export type Success<T> = { ok: true; data: T; message?: string };

/** What `run` gets besides the input and the actor: the uploads, and the client's address (rate limits and view counts key by it). */
export type ActionContext = { files: Record<string, Upload | null>; address: () => Promise<string> };

/** The definition shared by actions and routes: input schema, auth level, limits. */
export type Gate<S extends z.ZodType, A extends AuthLevel> = {
  /** The input's schema: the arguments (or the form's fields) are parsed with it before anything else. */
  input: S;
  /** Who may call: "public" (anyone; the actor may be null), "user" (signed in) or "admin". */
  auth: A;
  /** Rate limits counted after authentication, before anything runs. */
  limit?: LimitSpec<z.output<S>> | LimitSpec<z.output<S>>[];
};

export type ActionDefinition<S extends z.ZodType, A extends AuthLevel, T, X extends object> = Gate<S, A> & {
  /** The failure for an input the schema refuses (default: the zod issues as field errors). */
  invalid?: (error: z.ZodError) => ActionFailure;
  /** File fields of a form action, read only after authentication and within their limits. */
  uploads?: Record<string, UploadSpec>;
  /** The work, given the parsed input and the actor; returns the result, or a DomainFailure to show. */
  run: (input: z.output<S>, actor: ActorFor<A>, context: ActionContext) => Promise<Success<T> | ActionFailure | DomainFailure>;
  /** Maps a refusal (thrown or returned) to the action's failure: a form field, extra data (default: failFrom). */
  onFailure?: (failure: DomainFailure, input: z.output<S>) => ActionFailure<X>;
  /** The cache tags a success makes stale; the pipeline passes them to invalidate(). */
  invalidates?: (data: T, input: z.output<S>, actor: ActorFor<A>) => Iterable<string>;
  /** After a success the page the action came from renders again with fresh data (signed-in pages carry no cache tags). */
  refresh?: boolean;
  /** Where to go after a success (a path), after invalidation. */
  redirect?: (data: T, input: z.output<S>) => string | undefined;
};

/** What an action or route declared at its gate, by the function Next calls. */
export type DeclaredGate = { kind: "action" | "route"; auth: AuthLevel; limits: LimitKind[] };

const gates = new WeakMap<object, DeclaredGate>();

/** Records the gate of a function built by defineAction, defineFormAction or defineRoute. */
export function declareGate<F extends object, S extends z.ZodType, A extends AuthLevel>(fn: F, kind: DeclaredGate["kind"], gate: Gate<S, A>): F {
  gates.set(fn, { kind, auth: gate.auth, limits: limitsOf(gate.limit).map((l) => (typeof l === "string" ? l : l.kind)) });
  return fn;
}

/** The gate a server action or route handler declared; undefined for a function that does not go through the pipeline. */
export function gateOf(fn: unknown): DeclaredGate | undefined {
  return typeof fn === "function" ? gates.get(fn) : undefined;
}

function limitsOf<I>(spec: LimitSpec<I> | LimitSpec<I>[] | undefined): LimitSpec<I>[] {
  if (!spec) return [];
  return Array.isArray(spec) ? spec : [spec];
}

/** Counts each rate limit of a gate for this call; throws RateLimitedError over one. */
export async function countLimits<I>(spec: LimitSpec<I> | LimitSpec<I>[] | undefined, input: I, actor: Actor | null, addressOf: () => Promise<string>): Promise<void> {
  for (const l of limitsOf(spec)) {
    const kind = typeof l === "string" ? l : l.kind;
    const by = typeof l === "string" ? "actor" : l.by;
    const key = typeof by === "function" ? by(input) : by === "actor" && actor ? actor.id : await addressOf();
    await count(kind, key);
  }
}

async function requestAddress(): Promise<string> {
  return clientAddress(await headers());
}

async function readUploads(form: FormData | undefined, specs: Record<string, UploadSpec> | undefined): Promise<Record<string, Upload | null> | DomainFailure> {
  const files: Record<string, Upload | null> = {};
  for (const [field, spec] of Object.entries(specs ?? {})) {
    const file = form?.get(field);
    if (!(file instanceof File) || file.size === 0) {
      files[field] = null;
      continue;
    }
    if (file.size > spec.maxBytes) return spec.tooLarge(file.size);
    files[field] = { name: file.name, type: file.type, size: file.size, bytes: new Uint8Array(await file.arrayBuffer()) };
  }
  return files;
}

function isFailure(r: DomainFailure | Record<string, Upload | null>): r is DomainFailure {
  return (r as { ok?: unknown }).ok === false;
}

async function runPipeline<S extends z.ZodType, A extends AuthLevel, T, X extends object>(def: ActionDefinition<S, A, T, X>, raw: unknown, form?: FormData): Promise<ActionResult<T, X>> {
  const parsed = def.input.safeParse(raw);
  if (!parsed.success) return (def.invalid ? def.invalid(parsed.error) : zodFail(parsed.error)) as ActionFailure<X>;
  const input = parsed.data as z.output<S>;
  const refused = (f: DomainFailure): ActionFailure<X> => (def.onFailure ? def.onFailure(f, input) : (failFrom(f) as ActionFailure<X>));
  let result: Success<T>;
  try {
    const actor = await authenticate(def.auth);
    await countLimits(def.limit, input, actor, requestAddress);
    const files = await readUploads(form, def.uploads);
    if (isFailure(files)) return refused(files);
    const r = await def.run(input, actor, { files, address: requestAddress });
    if (!r.ok) return "code" in r && r.code ? refused(r as DomainFailure) : (r as ActionFailure<X>);
    result = r;
    if (def.invalidates) await invalidate(def.invalidates(r.data, input, actor));
    if (def.refresh) refresh();
  } catch (e) {
    const f = domainFailureOf(e);
    if (!f) throw e;
    return refused(f);
  }
  const to = def.redirect?.(result.data, input);
  if (to) redirect(to);
  return result;
}

/**
 * A server action called with arguments: `args` turns them into the object
 * the schema parses (default: the first argument as it is).
 */
export function defineAction<S extends z.ZodType, A extends AuthLevel, T, X extends object = object, Args extends unknown[] = [input: unknown]>(
  def: ActionDefinition<S, A, T, X> & { args?: (...args: Args) => unknown },
): (...args: Args) => Promise<ActionResult<T, X>> {
  return declareGate((...args: Args) => runPipeline(def, def.args ? def.args(...args) : args[0]), "action", def);
}

/** The text fields of a form as an object: one value as a string, a repeated name as an array; files are left out (see `uploads`). */
export function formFields(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((v): v is string => typeof v === "string");
    if (values.length) out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/**
 * A form action (`useActionState` or `<form action>`): the form's text fields
 * (`fields`, default formFields) are parsed by the schema; file fields are
 * read only through `uploads`, after authentication.
 */
export function defineFormAction<S extends z.ZodType, A extends AuthLevel, T = undefined, X extends object = object>(
  def: ActionDefinition<S, A, T, X> & { fields?: (form: FormData) => unknown },
): (prev: ActionResult<T, X> | null, form: FormData) => Promise<ActionResult<T, X>> {
  return declareGate((_prev: ActionResult<T, X> | null, form: FormData) => runPipeline(def, (def.fields ?? formFields)(form), form), "action", def);
}
