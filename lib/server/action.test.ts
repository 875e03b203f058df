import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

process.env.RATE_LIMIT_PREFIX = `test-pipeline-${process.pid}-${Date.now()}`;
process.env.RATE_LIMIT_REPORT = "2/3600";

const spies = vi.hoisted(() => ({ invalidate: vi.fn(async (_tags: Iterable<string>) => undefined), refresh: vi.fn(), sessionReads: 0 }));
vi.mock("@/lib/server/session", async () => {
  const { sessionMock } = await import("@/test/session-mock");
  return {
    ...sessionMock,
    getCurrentUser: async () => {
      spies.sessionReads++;
      return sessionMock.getCurrentUser();
    },
  };
});
vi.mock("@/lib/server/cache/invalidate", () => ({ invalidate: spies.invalidate }));
vi.mock("next/cache", () => ({ refresh: spies.refresh }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-ringbinder-peer": "10.9.8.7" }) }));
vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).nextNavigationMock());

import { current } from "@/test/session-mock";
import { DomainError, failure } from "@/lib/server/errors";
import { defineAction, defineFormAction } from "@/lib/server/action";
import { defineRoute } from "@/lib/server/route";
import type { SessionUser } from "@/lib/accounts/data/users";

const player: SessionUser = { id: "u-player", email: "p@example.test", displayName: "Player", role: "user" };
const admin: SessionUser = { id: "u-admin", email: "a@example.test", displayName: "Admin", role: "admin" };

beforeEach(() => {
  current.user = null;
  spies.sessionReads = 0;
  spies.invalidate.mockClear();
  spies.refresh.mockClear();
});

function form(fields: Record<string, string | string[] | File>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  return f;
}

describe("defineAction", () => {
  const runs: { input: unknown; actor: unknown }[] = [];
  const rename = defineAction({
    input: z.object({ name: z.string().min(2, "Too short") }),
    auth: "user",
    run: async (input, actor) => {
      runs.push({ input, actor });
      if (input.name === "taken") return failure("account/conflict", "That name is taken.", { name: ["Taken."] });
      if (input.name === "boom") throw new DomainError("deck/not-found", "Gone.");
      if (input.name === "bug") throw new TypeError("a bug");
      return { ok: true, data: { name: input.name }, message: "Renamed." };
    },
    invalidates: (data) => [`name:${data.name}`],
    refresh: true,
  });
  beforeEach(() => (runs.length = 0));

  it("validates before anything else: a bad input never reads the session", async () => {
    expect(await rename({ name: "x" })).toEqual({ ok: false, message: "Please correct the highlighted fields.", fieldErrors: { name: ["Too short"] } });
    expect(spies.sessionReads).toBe(0);
    expect(runs).toEqual([]);
  });

  it("refuses a guest before running, and invalidates nothing", async () => {
    expect(await rename({ name: "Sonic" })).toMatchObject({ ok: false, code: "auth/unauthenticated", message: "Please sign in first." });
    expect(runs).toEqual([]);
    expect(spies.invalidate).not.toHaveBeenCalled();
    expect(spies.refresh).not.toHaveBeenCalled();
  });

  it("runs with the actor passed in, then invalidates the tags and refreshes", async () => {
    current.user = player;
    expect(await rename({ name: "Sonic" })).toEqual({ ok: true, data: { name: "Sonic" }, message: "Renamed." });
    expect(runs).toEqual([{ input: { name: "Sonic" }, actor: player }]);
    expect(spies.invalidate).toHaveBeenCalledWith(["name:Sonic"]);
    expect(spies.refresh).toHaveBeenCalledTimes(1);
  });

  it("maps returned and thrown refusals through the one mapping, invalidating nothing; bugs pass through", async () => {
    current.user = player;
    expect(await rename({ name: "taken" })).toEqual({ ok: false, code: "account/conflict", message: "That name is taken.", fieldErrors: { name: ["Taken."] } });
    expect(await rename({ name: "boom" })).toEqual({ ok: false, code: "deck/not-found", message: "Gone." });
    await expect(rename({ name: "bug" })).rejects.toThrow("a bug");
    expect(spies.invalidate).not.toHaveBeenCalled();
  });

  it("refuses a non-admin an admin action, and lets an admin through", async () => {
    const adminOnly = defineAction({ input: z.unknown(), auth: "admin", run: async (_i, actor) => ({ ok: true, data: actor.id }) });
    current.user = player;
    expect(await adminOnly(1)).toMatchObject({ ok: false, code: "auth/forbidden" });
    current.user = admin;
    expect(await adminOnly(1)).toEqual({ ok: true, data: "u-admin" });
  });

  it("counts the rate limit after authentication: a guest spends nothing, the third call is refused without running", async () => {
    let ran = 0;
    const report = defineAction({ input: z.unknown(), auth: "user", limit: "report", run: async () => (ran++, { ok: true, data: undefined }) });
    for (let i = 0; i < 3; i++) expect(await report(i)).toMatchObject({ ok: false, code: "auth/unauthenticated" });
    current.user = player;
    expect(await report(1)).toMatchObject({ ok: true });
    expect(await report(2)).toMatchObject({ ok: true });
    expect(await report(3)).toMatchObject({ ok: false, code: "rate/limited" });
    expect(ran).toBe(2);
  });

  it("keys a public action's limit by the client address, or by a key from the input", async () => {
    const byAddress = defineAction({ input: z.string(), auth: "public", limit: { kind: "report", by: "address" }, run: async () => ({ ok: true, data: 1 }) });
    const byInput = defineAction({ input: z.string(), auth: "public", limit: { kind: "report", by: (s: string) => `input:${s}` }, run: async () => ({ ok: true, data: 1 }) });
    await byAddress("a");
    await byAddress("b");
    expect(await byAddress("c")).toMatchObject({ ok: false, code: "rate/limited" });
    expect(await byInput("one")).toMatchObject({ ok: true });
    expect(await byInput("two")).toMatchObject({ ok: true });
  });

  it("turns positional arguments into the input, and uses a custom refusal for bad input", async () => {
    const step = defineAction({
      input: z.object({ id: z.string(), delta: z.number().int() }),
      args: (id: unknown, delta: unknown) => ({ id, delta }),
      invalid: () => ({ ok: false, message: "That change is not valid." }),
      auth: "public",
      run: async (input) => ({ ok: true, data: input }),
    });
    expect(await step("c1", 2)).toEqual({ ok: true, data: { id: "c1", delta: 2 } });
    expect(await step("c1", 1.5)).toEqual({ ok: false, message: "That change is not valid." });
  });

  it("redirects after invalidating, and lets a redirect thrown by the work pass through", async () => {
    current.user = player;
    const create = defineFormAction({
      input: z.object({ name: z.string() }),
      auth: "user",
      run: async (input) => (input.name === "jump" ? (() => { throw new Error("NEXT_REDIRECT:/elsewhere"); })() : { ok: true, data: { id: "d1" } }),
      invalidates: () => ["decks"],
      redirect: (data) => `/decks/${data.id}`,
    });
    await expect(create(null, form({ name: "New" }))).rejects.toThrow("NEXT_REDIRECT:/decks/d1");
    expect(spies.invalidate).toHaveBeenCalledWith(["decks"]);
    await expect(create(null, form({ name: "jump" }))).rejects.toThrow("NEXT_REDIRECT:/elsewhere");
  });

  it("reads a form's text fields (repeated names as lists) and its uploads only after authentication, within their limit", async () => {
    const seen: unknown[] = [];
    const upload = defineFormAction({
      input: z.object({ tag: z.array(z.string()).or(z.string()) }),
      auth: "user",
      uploads: { image: { maxBytes: 4, tooLarge: (size) => failure("input/too-large", `${size} bytes is too large.`, { image: ["Too large."] }) } },
      run: async (input, _actor, { files }) => (seen.push({ input, image: files.image && [...files.image.bytes] }), { ok: true, data: undefined }),
    });
    const file = new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" });
    const read = vi.spyOn(file, "arrayBuffer");
    expect(await upload(null, form({ tag: ["a", "b"], image: file }))).toMatchObject({ ok: false, code: "auth/unauthenticated" });
    expect(read).not.toHaveBeenCalled();
    current.user = player;
    const big = new File([new Uint8Array(5)], "b.png");
    const readBig = vi.spyOn(big, "arrayBuffer");
    expect(await upload(null, form({ tag: "a", image: big }))).toEqual({ ok: false, code: "input/too-large", message: "5 bytes is too large.", fieldErrors: { image: ["Too large."] } });
    expect(readBig).not.toHaveBeenCalled();
    expect(await upload(null, form({ tag: ["a", "b"], image: file }))).toMatchObject({ ok: true });
    expect(await upload(null, form({ tag: "c" }))).toMatchObject({ ok: true });
    expect(seen).toEqual([{ input: { tag: ["a", "b"] }, image: [1, 2, 3] }, { input: { tag: "c" }, image: null }]);
  });
});

describe("defineRoute", () => {
  const route = defineRoute({
    input: z.object({ q: z.string().max(3, "At most 3 characters").default(""), slug: z.string() }),
    auth: "user",
    run: async (input, actor) => (input.q === "no" ? failure("deck/not-found", "No such deck.") : Response.json({ q: input.q, slug: input.slug, who: actor.id })),
    invalidates: (input) => [`deck:${input.slug}`],
  });
  const call = (url: string, init?: RequestInit) => route(new Request(`http://app.test${url}`, init), { params: Promise.resolve({ slug: "s1" }) });

  it("answers bad input 400 before reading the session", async () => {
    const res = await call("/x?q=long");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: "input/invalid", message: "At most 3 characters" } });
    expect(spies.sessionReads).toBe(0);
  });

  it("answers a guest 401, a returned refusal with its status, and a success with the actor's data and its tags invalidated", async () => {
    expect((await call("/x?q=a")).status).toBe(401);
    current.user = player;
    const missing = await call("/x?q=no");
    expect(missing.status).toBe(404);
    expect(spies.invalidate).not.toHaveBeenCalled();
    const res = await call("/x?q=a");
    expect(await res.json()).toEqual({ q: "a", slug: "s1", who: "u-player" });
    expect(spies.invalidate).toHaveBeenCalledWith(["deck:s1"]);
  });

  it("refuses another site's request before authenticating when asked to", async () => {
    const post = defineRoute({ input: z.object({}), auth: "admin", sameOrigin: "From this site only.", run: async () => new Response("done") });
    current.user = admin;
    const cross = await post(new Request("http://app.test/x", { method: "POST", headers: { origin: "http://evil.test", host: "app.test" } }), { params: Promise.resolve({}) });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toEqual({ error: { code: "request/cross-origin", message: "From this site only." } });
    expect(spies.sessionReads).toBe(0);
    const same = await post(new Request("http://app.test/x", { method: "POST", headers: { origin: "http://app.test", host: "app.test" } }), { params: Promise.resolve({}) });
    expect(await same.text()).toBe("done");
    current.user = player;
    expect((await post(new Request("http://app.test/x", { method: "POST", headers: { origin: "http://app.test", host: "app.test" } }), { params: Promise.resolve({}) })).status).toBe(403);
  });
});
