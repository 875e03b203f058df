/**
 * One typed domain error, one mapping to an action's result (failFrom) and one
 * to a route handler's JSON answer (jsonError), whether the refusal was thrown
 * (DomainError) or returned by a DAL function (DomainFailure). The last test
 * reads the server actions, the route handlers and the proxy and fails where
 * one builds a failure or an error answer by hand instead, or works around the
 * action pipeline (lib/server/action.ts) that authenticates, maps refusals and
 * invalidates for them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DomainError, domainErrorOf, domainFailureOf, failure, isDomainErrorCode, RateLimitedError, statusForCode, type DomainErrorCode } from "@/lib/server/errors";
import { failFrom } from "@/lib/server/action-result";
import { jsonError } from "@/lib/server/http-error";
import { actionFiles, walk } from "@/test/walk";

describe("the one mapping", () => {
  it("a thrown DomainError and the returned failure with its code and message become the same action result", () => {
    const thrown = new DomainError("deck/not-found", "This deck does not exist.");
    const returned = failure("deck/not-found", "This deck does not exist.");
    expect(failFrom(thrown)).toEqual({ ok: false, code: "deck/not-found", message: "This deck does not exist." });
    expect(failFrom(returned)).toEqual(failFrom(thrown));
  });

  it("keeps a failure's field errors, or puts the message on the field the action names", () => {
    const dup = failure("catalog/duplicate", "DEMO-001 already exists.", { number: ["pick another number"] });
    expect(failFrom(dup)).toEqual({ ok: false, code: "catalog/duplicate", message: "DEMO-001 already exists.", fieldErrors: { number: ["pick another number"] } });
    const wrong = new DomainError("account/wrong-password", "That is not your current password.");
    expect(failFrom(wrong, { field: "password", message: "Your account was not deleted." })).toEqual({
      ok: false,
      code: "account/wrong-password",
      message: "Your account was not deleted.",
      fieldErrors: { password: ["That is not your current password."] },
    });
  });

  it("rethrows anything that is not a domain refusal (bugs and Next's redirects reach Next)", () => {
    const bug = new TypeError("x is undefined");
    expect(() => failFrom(bug)).toThrow(bug);
    expect(() => jsonError(bug)).toThrow(bug);
    // a result without a domain code is not a refusal the mapping knows
    expect(() => failFrom({ ok: false, message: "no code" })).toThrow();
    expect(domainFailureOf({ ok: false, code: "Not A Code", message: "x" })).toBeNull();
    // the codes are a closed list: a well-formed code that is not on it is no refusal either
    expect(domainFailureOf({ ok: false, code: "deck/not-fuond", message: "x" })).toBeNull();
    expect(domainErrorOf({ ok: true })).toBeNull();
  });

  it("a thrown error and a returned failure get the same JSON answer, with the code's status", async () => {
    for (const [code, status] of [
      ["deck/not-found", 404],
      ["account/conflict", 409],
      ["import/too-large", 413],
      ["input/invalid", 400],
      ["auth/forbidden", 403],
    ] as const) {
      expect(statusForCode(code)).toBe(status);
      const a = jsonError(new DomainError(code, "Nope."));
      const b = jsonError(failure(code, "Nope."));
      expect([a.status, b.status]).toEqual([status, status]);
      expect(await a.json()).toEqual({ error: { code, message: "Nope." } });
      expect(await b.json()).toEqual({ error: { code, message: "Nope." } });
      expect(b.headers.get("cache-control")).toBe("no-store");
    }
    const limited = jsonError(new RateLimitedError(90, "sign-in attempts"));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("90");
  });
});

describe("the closed list of codes", () => {
  it("every code is 'domain/reason' with an error status, and only listed codes are codes", () => {
    const codes: DomainErrorCode[] = ["auth/unauthenticated", "deck/conflict", "import/timeout", "census/duplicate"];
    for (const code of codes) expect(isDomainErrorCode(code)).toBe(true);
    expect([statusForCode("auth/unauthenticated"), statusForCode("deck/conflict"), statusForCode("import/timeout"), statusForCode("rate/limited")]).toEqual([401, 409, 503, 429]);
    for (const bad of ["deck/typo", "deck", "", 42, null, "toString", "__proto__"]) expect(isDomainErrorCode(bad), String(bad)).toBe(false);
    // @ts-expect-error a code that is not on the list does not compile
    failure("deck/not-fuond", "typo");
  });
});

const root = path.resolve(__dirname, "../..");

/** Ways of building a failure or an error answer by hand, around the one mapping. */
const BY_HAND: [RegExp, string][] = [
  [/\bok:\s*false\s*(as const\s*)?,/, "an { ok: false, … } literal: use fail()/zodFail() for the form's own checks, failFrom() for a refusal"],
  [/\bfail\(\s*[A-Za-z_$][\w$]*\.message\b/, "a refusal's message re-wrapped with fail(): use failFrom(refusal)"],
  [/new (DomainError|AuthError)\([^,]+,\s*[A-Za-z_$][\w$]*\.message\b/, "a returned failure re-coded as a new DomainError: use failFrom()/jsonError() on it"],
  [/(Response|NextResponse)\.json\(\s*\{\s*error\b/, "an error answer built by hand: use jsonError()"],
  [/JSON\.stringify\(\s*\{\s*error\b/, "an error answer built by hand: use jsonError()"],
];

/** Ways of working around the action pipeline, in server actions and route handlers. */
const AROUND_PIPELINE: [RegExp, string][] = [
  [/\b(requireUser|requireAdmin|getCurrentUser|requireUserOrRedirect)\(/, "authenticates by hand: declare `auth` on defineAction/defineRoute, and use the actor it passes to run"],
  [/\bjsonError\(/, "an error answer by hand: return the DomainFailure (or throw the DomainError) from run; defineRoute answers it"],
  [/\breturn failFrom\(\s*(e|err|error)\s*\)/, "a caught refusal mapped by hand: the pipeline maps what run throws"],
  [/\b(revalidatePath|revalidateTag)\(/, "invalidates by path or by hand: return the tags from `invalidates` (signed-in pages: `refresh: true`)"],
  [/^export (async )?function\b/, "an export that is not built by defineAction/defineFormAction/defineRoute"],
];

describe("server actions, route handlers and the proxy go through the one mapping", () => {
  const files = [
    ...actionFiles(root),
    ...walk(path.join(root, "app/api"), (p) => /route\.tsx?$/.test(p)),
    path.join(root, "proxy.ts"),
  ];

  it("finds the files it reads", () => {
    expect(files.length).toBeGreaterThan(15);
  });

  it.each(files.map((f) => [path.relative(root, f)]))("%s builds no failure by hand", (file) => {
    const text = readFileSync(path.join(root, file), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    const rules = file === "proxy.ts" ? BY_HAND : [...BY_HAND, ...AROUND_PIPELINE];
    const found = text
      .split("\n")
      .flatMap((line, i) => rules.filter(([re]) => re.test(line)).map(([, why]) => `${file}:${i + 1}: ${why}\n    ${line.trim()}`));
    expect(found).toEqual([]);
  });

  it("the scan would catch each way (so it cannot pass by reading nothing)", () => {
    const samples = [
      "  if (!r.ok) return { ok: false, message: r.message };",
      "  if (!r.ok) return fail(r.message);",
      '    if (!r.ok) return jsonError(new DomainError("deck/not-found", r.message));',
      '  return NextResponse.json({ error: "nope" }, { status: 400 });',
      '  return new Response(JSON.stringify({ error: { code: "x/y" } }), { status: 400 });',
    ];
    for (const sample of samples) expect(BY_HAND.some(([re]) => re.test(sample)), sample).toBe(true);
    const around = [
      "    const user = await requireUser();",
      "  } catch (e) {\n    return failFrom(e);".split("\n")[1],
      "  if (!parsed.success) return jsonError(new DomainError(\"input/invalid\", \"Bad.\"));",
      '  revalidatePath("/decks");',
      "export async function saveThing(input: unknown) {",
    ];
    for (const sample of around) expect(AROUND_PIPELINE.some(([re]) => re.test(sample)), sample).toBe(true);
  });
});
