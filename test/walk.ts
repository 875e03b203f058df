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
