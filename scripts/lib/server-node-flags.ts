/**
 * The node flags the production server runs with: what package.json's `start`
 * script puts between `node` and `node_modules/next/dist/bin/next start`
 * (docs/deploy.md), and the options it gives `next start` after it. The benchmarks start their servers with the same flags, so
 * that they measure the server as `npm start` runs it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const START = /(?:^|&&\s*)node((?:\s+--[\w-]+(?:=\S+)?)*)\s+node_modules\/next\/dist\/bin\/next start\b((?:\s+--[\w-]+(?:[ =](?!-)\S+)?)*)\s*(?:$|&&)/;

function startOf(startScript: string): RegExpExecArray {
  const m = START.exec(startScript);
  if (!m) throw new Error(`package.json's start script does not run "node <flags> node_modules/next/dist/bin/next start [--option value…]": ${startScript}`);
  return m;
}

/** The flags of a `start` script (throws when it does not start the server as `node <flags> node_modules/next/dist/bin/next start`). */
export function startFlagsOf(startScript: string): string[] {
  return startOf(startScript)[1].trim().split(/\s+/).filter(Boolean);
}

/** The options a `start` script gives `next start` itself (e.g. `--keepAliveTimeout 65000`), as separate arguments. */
export function startOptionsOf(startScript: string): string[] {
  return startOf(startScript)[2].trim().split(/[\s=]+/).filter(Boolean);
}

function startScript(root: string): string {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } };
  return pkg.scripts.start;
}

/** The flags `npm start` gives the server's node, read from package.json in `root`. */
export function serverNodeFlags(root = process.cwd()): string[] {
  return startFlagsOf(startScript(root));
}

/** The options `npm start` gives `next start` (the benchmarks add their own port and host after them). */
export function serverStartOptions(root = process.cwd()): string[] {
  return startOptionsOf(startScript(root));
}
