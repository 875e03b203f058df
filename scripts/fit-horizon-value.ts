/**
 * Fit the expert's horizon value (lib/engine/ai/horizon-value.ts):
 *   npm run fit:value [-- --games N]
 * Plays N heuristic self-play games (default 20,000) on the expert's five deck pairings (the three starter
 * pairings, and the v2-position and v2-all decks in the mirror; seeds 900000 on, leads alternating), records
 * each player's features at the start of every play step, labels them with the game's result, fits the logistic
 * model (ai/horizon-fit.ts) and prints the weights to paste into HORIZON_WEIGHTS.
 */
import path from "node:path";
import { getAgent, playGame, type CardDef, type GameState, type Player } from "../lib/engine";
import { fitHorizonWeights, type HorizonSample } from "../lib/engine/ai/horizon-fit";
import { horizonFeatures } from "../lib/engine/ai/horizon-value";
import { loadDeck, ROOT } from "./lib/decks";

const i = process.argv.indexOf("--games");
const games = i > 0 ? Number(process.argv[i + 1]) : 20000;
const v2 = (slug: string): CardDef[] => loadDeck(path.join(ROOT, "data/ai-decks", `${slug}.json`));
const st = ["chaotix-mix", "eggman-empire", "team-sonic-speed"].map(loadDeck);
const pairs: [CardDef[], CardDef[]][] = [[st[0], st[1]], [st[1], st[2]], [st[2], st[0]], [v2("v2-position"), v2("v2-position")], [v2("v2-all"), v2("v2-all")]];
const h = getAgent("heuristic");
const samples: HorizonSample[] = [];
for (let g = 0; g < games; g++) {
  const seen: { p: Player; f: number[] }[] = [];
  let turn = -1;
  const r = playGame({
    decks: pairs[g % pairs.length],
    agents: [h, h],
    seed: 900000 + g,
    lead: (g % 2) as Player,
    observe: (s) => {
      if (s.step !== "play" || s.turn === turn || s.pending !== null) return;
      turn = s.turn;
      for (const p of [0, 1] as Player[]) seen.push({ p, f: horizonFeatures(s as GameState, p) });
    },
  });
  for (const x of seen) samples.push({ f: x.f, y: r.winner === "draw" ? 0.5 : r.winner === x.p ? 1 : 0 });
}
const { weights, logLoss } = fitHorizonWeights(samples);
process.stdout.write(`${games} games, ${samples.length} positions, log loss ${logLoss.toFixed(4)} (a coin: 0.6931)\n${JSON.stringify(weights)}\n`);
