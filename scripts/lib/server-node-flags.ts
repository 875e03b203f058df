/**
 * The node flags the production server runs with: what package.json's `start`
 * script puts between `node` and `node_modules/next/dist/bin/next start`
 * (docs/deploy.md). The benchmarks start their servers with the same flags, so
 * that they measure the server as `npm start` runs it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const START = /(?:^|&&\s*)node((?:\s+--[\w-]+(?:=\S+)?)*)\s+node_modules\/next\/dist\/bin\/next start\b/;

/** The flags of a `start` script (throws when it does not start the server as `node <flags> node_modules/next/dist/bin/next start`). */
export function startFlagsOf(startScript: string): string[] {
  const m = START.exec(startScript);
  if (!m) throw new Error(`package.json's start script does not run "node <flags> node_modules/next/dist/bin/next start": ${startScript}`);
  return m[1].trim().split(/\s+/).filter(Boolean);
}

/** The flags `npm start` gives the server's node, read from package.json in `root`. */
export function serverNodeFlags(root = process.cwd()): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } };
  return startFlagsOf(pkg.scripts.start);
}
