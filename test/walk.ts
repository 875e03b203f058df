import { readdirSync } from "node:fs";
import path from "node:path";

/** Every file under `dir` (recursively) that `keep` accepts: for tests that scan the source tree. */
export function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, keep, out);
    else if (keep(p)) out.push(p);
  }
  return out;
}

/** The source files that are data access: every file of a feature's data folder (`lib/<feature>/data/**`, `lib/<feature>/data.ts`), and the infrastructure files that read the database or the session for them. */
export function dataFiles(root: string): string[] {
  const lib = path.join(root, "lib");
  return walk(lib, (p) => {
    const rel = path.relative(lib, p);
    if (!/\.tsx?$/.test(rel) || /\.test\.tsx?$/.test(rel) || rel.startsWith("generated/") || rel.startsWith("engine/")) return false;
    return /^[a-z-]+\/data(\/|\.ts$)/.test(rel) || DATA_INFRASTRUCTURE.includes(rel);
  }).sort();
}
const DATA_INFRASTRUCTURE = ["server/session.ts", "server/request-actor.ts", "server/db/bulk.ts", "server/db/literal-match.ts", "server/cache/keyed-view.ts"];

/** The server actions: every feature's `actions.ts` and `actions/*.ts`. */
export function actionFiles(root: string): string[] {
  const lib = path.join(root, "lib");
  return walk(lib, (p) => /^[a-z-]+\/actions(\/[^/]+)?\.ts$/.test(path.relative(lib, p)) && !p.endsWith(".test.ts")).sort();
}
