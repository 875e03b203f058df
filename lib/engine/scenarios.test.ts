import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runScenario, scenarioOutput, type Scenario } from "./scenario";

const DIR = path.resolve(__dirname, "../../data/scenarios");

/** Partial deep match: objects match on the expected keys, arrays element-wise, `{ "$length": n }` on length. */
function match(actual: unknown, exp: unknown, at: string): string | null {
  if (exp !== null && typeof exp === "object" && !Array.isArray(exp) && "$contains" in exp) {
    const t = (exp as { $contains: string }).$contains;
    return typeof actual === "string" && actual.includes(t) ? null : `${at}: expected text containing ${JSON.stringify(t)}, got ${JSON.stringify(actual)}`;
  }
  if (exp !== null && typeof exp === "object" && !Array.isArray(exp) && "$length" in exp) {
    const n = (exp as { $length: number }).$length;
    return Array.isArray(actual) && actual.length === n ? null : `${at}: expected length ${n}, got ${JSON.stringify(actual)}`;
  }
  if (Array.isArray(exp)) {
    if (!Array.isArray(actual) || actual.length !== exp.length) return `${at}: expected ${JSON.stringify(exp)}, got ${JSON.stringify(actual)}`;
    for (let i = 0; i < exp.length; i++) {
      const m = match(actual[i], exp[i], `${at}[${i}]`);
      if (m) return m;
    }
    return null;
  }
  if (exp !== null && typeof exp === "object") {
    if (actual === null || typeof actual !== "object") return `${at}: expected an object, got ${JSON.stringify(actual)}`;
    for (const [k, v] of Object.entries(exp)) {
      const m = match((actual as Record<string, unknown>)[k], v, `${at}.${k}`);
      if (m) return m;
    }
    return null;
  }
  return actual === exp ? null : `${at}: expected ${JSON.stringify(exp)}, got ${JSON.stringify(actual)}`;
}

interface Expect {
  /** The scenario itself is invalid: loading it fails with an error containing this text. */
  invalid?: string;
  error?: string;
  errorIndex?: number;
  allowError?: boolean;
  state?: unknown;
  events?: Record<string, unknown>[];
  noEvents?: string[];
}

const files = readdirSync(DIR).filter((f) => f.endsWith(".json")).sort();

describe("scenario files (RULES.md §8)", () => {
  it("has scenarios for every rules section", () => {
    const rules = new Set(files.map((f) => (JSON.parse(readFileSync(path.join(DIR, f), "utf8")) as { rule: string }).rule));
    for (const r of ["3", "4.1", "4.2", "4.3", "4.4", "4.5", "5", "6"]) expect(rules.has(r), `section ${r}`).toBe(true);
  });
  for (const f of files) {
    it(f.replace(/\.json$/, ""), () => {
      const sc = JSON.parse(readFileSync(path.join(DIR, f), "utf8")) as Scenario & { expect: Expect };
      const ex = sc.expect ?? {};
      if (ex.invalid !== undefined) {
        expect(() => runScenario(sc)).toThrow(ex.invalid);
        return;
      }
      const r = runScenario(sc);
      if (ex.error) {
        expect(r.ok, "expected an illegal action").toBe(false);
        if (!r.ok) {
          expect(r.error.code).toBe(ex.error);
          expect(r.error.reason.length).toBeGreaterThan(10);
          if (ex.errorIndex !== undefined) expect(r.index).toBe(ex.errorIndex);
        }
      } else if (!ex.allowError) {
        expect(r.ok ? null : r.error).toBeNull();
      }
      const out = scenarioOutput(r.state, r.events);
      expect(JSON.parse(JSON.stringify(out))).toEqual(out);
      if (ex.state !== undefined) expect(match(out.state, ex.state, "state")).toBeNull();
      if (ex.events) {
        let i = 0;
        for (const e of out.events) if (i < ex.events.length && match(e, ex.events[i], "event") === null) i++;
        expect(i, `events matched in order: ${JSON.stringify(ex.events.slice(i, i + 1))}\nactual: ${JSON.stringify(out.events.map((e) => [e.type, e.player, e.cards]))}`).toBe(ex.events.length);
      }
      for (const t of ex.noEvents ?? []) expect(out.events.map((e) => e.type)).not.toContain(t);
      for (const e of out.events) expect(typeof e.message === "string" && (e.message as string).length > 0).toBe(true);
    });
  }
});
