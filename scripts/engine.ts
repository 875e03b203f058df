/**
 * The engine CLI. `npm run engine -- scenario FILE.json` runs a scenario
 * (RULES.md §8): prints `{ state, events }` as JSON on stdout and exits 0, or
 * prints the illegal action's error on stderr and exits 1.
 */
import { readFileSync } from "node:fs";
import { runScenario, scenarioOutput, type Scenario } from "../lib/engine/scenario";

function usage(): never {
  process.stderr.write("Usage: npm run engine -- scenario FILE.json\n");
  process.exit(1);
}

function main(argv: string[]): void {
  const [cmd, file] = argv;
  if (cmd !== "scenario" || !file) usage();
  let sc: Scenario;
  try {
    sc = JSON.parse(readFileSync(file, "utf8")) as Scenario;
  } catch (e) {
    process.stderr.write(`Cannot read scenario ${file}: ${(e as Error).message}\n`);
    process.exit(1);
  }
  let r;
  try {
    r = runScenario(sc);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(1);
  }
  if (!r.ok) {
    const a = (sc.actions ?? [])[r.index];
    process.stderr.write(`Illegal action #${r.index + 1} ${JSON.stringify(a)}: [${r.error.code}] ${r.error.reason}\n`);
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify(scenarioOutput(r.state, r.events), null, 2)}\n`);
}

main(process.argv.slice(2));
