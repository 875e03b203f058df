/**
 * The deck doctor from the command line (the same code as the lab's doctor):
 *   npm run doctor -- DECK [--vs A,B,…] [--agents heuristic,heuristic] [--seed S]
 *                     [--first-round N] [--cuts N] [--adds N] [--json]
 * DECK and the opponents are starter-deck slugs (data/starter-decks) or deck
 * files; candidates for coming in are the demo set's cards. Prints up to five
 * single-card swaps with their estimated gain in win rate and a 95% interval.
 */
import { performance } from "node:perf_hooks";
import path from "node:path";
import { readdirSync } from "node:fs";
import { cardKey } from "@/lib/catalog/keys";
import type { CardDef } from "../lib/engine";
import { runDoctor, type DoctorCard } from "../lib/lab/doctor";
import { LAB_AGENTS, type LabAgent } from "../lib/lab/matchup";
import { loadCatalog, loadDeck } from "./lib/decks";

const USAGE = "Usage: npm run doctor -- DECK [--vs A,B] [--agents heuristic,heuristic] [--seed S] [--first-round N] [--cuts N] [--adds N] [--json]";

function fail(msg: string): never {
  process.stderr.write(`${msg}\n${USAGE}\n`);
  process.exit(1);
}

function positive(k: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) fail(`${k} must be a positive whole number`);
  return n;
}

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
let deckArg: string | undefined;
let vs: string[] | undefined;
let agents: [LabAgent, LabAgent] = ["heuristic", "heuristic"];
let seed = 1;
let firstRound = 48;
let cuts = 3;
let adds = 10;
let json = false;
for (let i = 0; i < argv.length; i++) {
  const k = argv[i];
  const next = () => argv[++i] ?? fail(`${k} needs a value`);
  if (k === "--vs") vs = next().split(",").filter(Boolean);
  else if (k === "--agents") {
    const [a, b] = next().split(",");
    for (const x of [a, b ?? a]) if (!(LAB_AGENTS as readonly string[]).includes(x)) fail(`Unknown agent ${x}`);
    agents = [a as LabAgent, (b ?? a) as LabAgent];
  } else if (k === "--seed") seed = positive(k, next());
  else if (k === "--first-round") firstRound = positive(k, next());
  else if (k === "--cuts") cuts = positive(k, next());
  else if (k === "--adds") adds = positive(k, next());
  else if (k === "--json") json = true;
  else if (k.startsWith("--")) fail(`Unknown option ${k}`);
  else if (deckArg === undefined) deckArg = k;
  else fail(`Unexpected argument ${k}`);
}
if (!deckArg) fail("DECK is required");

const starters = readdirSync(path.join(process.cwd(), "data/starter-decks")).map((f) => f.replace(/\.json$/, ""));
const catalog = loadCatalog();
// Deck files resolve against their own copy of the catalog: match printings by their rules fields.
const printing = (c: CardDef) => JSON.stringify([c.title, c.colors, c.rings, c.traits, c.effect ?? null]);
const keyOf = new Map<string, string>(Object.entries(catalog).map(([k, c]) => [printing(c), cardKey(k.split("#")[0], c.number)]));
const asDoctor = (c: CardDef): DoctorCard => ({ key: keyOf.get(printing(c)) ?? c.title, title: c.title, def: c });

let deck: CardDef[];
try {
  deck = loadDeck(deckArg);
} catch (e) {
  fail(`Cannot read deck ${deckArg}: ${(e as Error).message}`);
}
const oppNames = vs ?? starters.filter((s) => s !== deckArg);
const opponents = oppNames.map((n) => {
  try {
    return loadDeck(n);
  } catch (e) {
    return fail(`Cannot read opponent ${n}: ${(e as Error).message}`);
  }
});
const t0 = performance.now();
const report = runDoctor({ deck: deck.map(asDoctor), candidates: Object.values(catalog).map(asDoctor), opponents, agents, seed, firstRound, cuts, adds });
const secs = (performance.now() - t0) / 1000;
if (json) {
  process.stdout.write(`${JSON.stringify({ deck: deckArg, opponents: oppNames, agents, seed, ...report, seconds: secs }, null, 2)}\n`);
} else {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`Deck doctor: ${deckArg} against ${oppNames.join(", ")} (${agents.join(" vs ")}, seed ${seed})`);
  console.log(`Baseline: ${pct(report.baseline.rate)} over ${report.baseline.games} games (draws count half).`);
  console.log(`Raced ${report.tried} swaps in ${report.games.toLocaleString("en")} games (${secs.toFixed(1)} s).`);
  if (report.proposals.length === 0) console.log("No swap raised the win rate.");
  for (const p of report.proposals)
    console.log(`  ${p.out.title} [${p.out.key}] -> ${p.into.title} [${p.into.key}]: ${p.gain >= 0 ? "+" : ""}${pct(p.gain)} (95% ${pct(p.interval[0])} to ${pct(p.interval[1])}, ${p.games} paired games)`);
}
