import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { walk } from "./walk";

/**
 * The bundle guard on the source side: no module a client component reaches
 * imports a Node built-in. The bundler would answer one with a browser
 * polyfill (node:crypto brought crypto-browserify and the vm polyfill, whose
 * eval the CSP reports, into the card form's pages). The built chunks are
 * checked too, in e2e/security.spec.ts.
 */
const root = path.resolve(__dirname, "..");
const NODE = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** The modules a file imports at run time (type-only imports are erased). */
function runtimeImports(source: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;\n])\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
  for (const m of source.matchAll(re)) out.push(m[1] ?? m[2]);
  return out;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? path.join(root, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

const directive = (source: string) => /^\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*["']use (client|server)["']/.exec(source)?.[1] ?? null;

/** Every path from a client entry to a Node built-in, as "entry → … → node:x". */
function nodeImportsOfClientModules(): string[] {
  const sources = [...walk(path.join(root, "components"), (p) => /\.tsx?$/.test(p)), ...walk(path.join(root, "app"), (p) => /\.tsx?$/.test(p)), path.join(root, "instrumentation-client.ts")].filter(
    (p) => !/\.test\.tsx?$/.test(p),
  );
  const entries = sources.filter((p) => p.endsWith("instrumentation-client.ts") || directive(readFileSync(p, "utf8")) === "client");
  const found: string[] = [];
  const seen = new Set<string>();
  const queue = entries.map((e) => [e]);
  while (queue.length) {
    const chain = queue.shift()!;
    const file = chain[chain.length - 1];
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    // a server action reaches the client as a reference, never as code
    if (chain.length > 1 && directive(source) === "server") continue;
    for (const spec of runtimeImports(source)) {
      const rel = chain.map((f) => path.relative(root, f));
      if (NODE.has(spec)) found.push([...rel, spec].join(" → "));
      const next = resolveLocal(file, spec);
      if (next) queue.push([...chain, next]);
    }
  }
  return found;
}

describe("client modules", () => {
  it("reach no Node built-in (the bundler would ship a polyfill, and the CSP would see its eval)", () => {
    expect(nodeImportsOfClientModules()).toEqual([]);
  });

  it("the guard finds such a chain (the card image rules once imported node:crypto)", () => {
    const imports = runtimeImports(`"use client";\nimport { createHash } from "node:crypto";\nimport type { X } from "node:fs";\nimport "./side-effect";\nexport { y } from "node:path";`);
    expect(imports).toEqual(["node:crypto", "./side-effect", "node:path"]);
  });
});
